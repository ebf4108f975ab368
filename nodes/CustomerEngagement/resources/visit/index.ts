import type { INodeProperties } from 'n8n-workflow';
import { getManyParameters } from '../../../shared/descriptions';
import { contactLocator } from '../../shared/descriptions';
import { paginatePages, sendContactIdInBody } from '../../shared/transport';
import { apiDates } from '../../shared/validation';
import { buildVisitsBody, createVisits } from '../../shared/visits';

export const visitDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['visit'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				action: 'Record a visit of a contact by ID',
				description:
					'Records a check-in of the contact with this ID, now or at a past date, which earns loyalty points. Returns the visit with its ID, date and points.',
				routing: {
					request: { method: 'POST', url: '/v1/visits' },
					send: { preSend: [sendContactIdInBody, apiDates({ date: 'Date' }, { notInFuture: ['date'] })] },
				},
			},
			{
				name: 'Create Many',
				value: 'createMany',
				action: 'Record several visits in one request',
				description:
					'Records every visit of the Visits JSON array (each with a contactId) in one request per input item. Returns one item per visit created, with its ID.',
				routing: {
					request: { method: 'POST', url: '/v1/visits/all' },
					send: { preSend: [buildVisitsBody] },
					operations: { pagination: createVisits },
				},
			},
			{
				name: 'Get',
				value: 'get',
				action: 'Get a visit by ID',
				description: 'Reads the visit with this ID. Returns its date, points, contact ID and check-in source.',
				routing: { request: { method: 'GET', url: '/v1/visits/{visitId}' } },
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'List visits of every or one contact',
				description:
					'Lists visits, newest first, of every contact or only of the contact given in Filters. Returns one item per visit with its ID, date, points and contact ID.',
				routing: { request: { method: 'GET', url: '/v1/visits' }, operations: { pagination: paginatePages } },
			},
		],
		default: 'create',
	},
	{
		...contactLocator,
		displayOptions: { show: { resource: ['visit'], operation: ['create'] } },
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: { show: { resource: ['visit'], operation: ['create'] } },
		options: [
			{ displayName: 'Amount Spent', name: 'amountSpent', type: 'number', typeOptions: { minValue: 0 }, default: 0, description: 'Dollars spent, e.g. 12.5; earns points per dollar when that is set up', routing: { send: { type: 'body', property: 'amountSpent' } } },
			{ displayName: 'Date', name: 'date', type: 'dateTime', default: '', description: 'When the visit happened, an ISO 8601 date-time in the past, e.g. 2024-05-01T18:30:00Z; no visit notification is sent for a dated visit', routing: { send: { type: 'body', property: 'date' } } },
			{ displayName: 'Points', name: 'points', type: 'number', default: 0, description: 'Whole number of points earned, e.g. 1; when left out, the loyalty settings decide', routing: { send: { type: 'body', property: 'points' } } },
		],
	},
	{
		displayName: 'Visits',
		name: 'visits',
		type: 'json',
		required: true,
		default: '[\n  { "contactId": "", "points": 1 }\n]',
		description:
			'JSON array of visits, e.g. [{"contactId": "5f1d3c0e9a7b", "points": 1}]: each with contactId (required), points, amountSpent and date (in the past). Sent as one request.',
		displayOptions: { show: { resource: ['visit'], operation: ['createMany'] } },
	},
	{
		displayName: 'Visit ID',
		name: 'visitId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 63f0a1b2c3',
		description: "The visit's ID, e.g. 63f0a1b2c3, as Visit → Get Many or Create return it",
		displayOptions: { show: { resource: ['visit'], operation: ['get'] } },
	},
	...getManyParameters({ resource: ['visit'], operation: ['getAll'] }),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		displayOptions: { show: { resource: ['visit'], operation: ['getAll'] } },
		options: [
			{ displayName: 'Contact ID', name: 'contactId', type: 'string', default: '', description: 'Only visits of the contact with this ID, e.g. 5f1d3c0e9a7b; empty means every contact', routing: { send: { type: 'query', property: 'contactId' } } },
		],
	},
];
