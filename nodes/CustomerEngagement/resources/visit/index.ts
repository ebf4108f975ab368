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
				action: 'Create a visit',
				description: 'Record a check-in for a contact',
				routing: {
					request: { method: 'POST', url: '/v1/visits' },
					send: { preSend: [sendContactIdInBody, apiDates({ date: 'Date' }, { notInFuture: ['date'] })] },
				},
			},
			{
				name: 'Create Many',
				value: 'createMany',
				action: 'Create many visits',
				description: 'Record several visits in one request per input item',
				routing: {
					request: { method: 'POST', url: '/v1/visits/all' },
					send: { preSend: [buildVisitsBody] },
					operations: { pagination: createVisits },
				},
			},
			{
				name: 'Get',
				value: 'get',
				action: 'Get a visit',
				routing: { request: { method: 'GET', url: '/v1/visits/{visitId}' } },
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many visits',
				description: 'List visits, newest first',
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
			{ displayName: 'Amount Spent', name: 'amountSpent', type: 'number', typeOptions: { minValue: 0 }, default: 0, description: 'Dollars spent; earns points per dollar when that is set up', routing: { send: { type: 'body', property: 'amountSpent' } } },
			{ displayName: 'Date', name: 'date', type: 'dateTime', default: '', description: 'When the visit happened (must be in the past); no visit notification is sent for a dated visit', routing: { send: { type: 'body', property: 'date' } } },
			{ displayName: 'Points', name: 'points', type: 'number', default: 0, description: 'Points earned; when left out, the loyalty settings decide', routing: { send: { type: 'body', property: 'points' } } },
		],
	},
	{
		displayName: 'Visits',
		name: 'visits',
		type: 'json',
		required: true,
		default: '[\n  { "contactId": "", "points": 1 }\n]',
		description: 'JSON array of visits: contactId (required), points, amountSpent, date (in the past). Sent as one request.',
		displayOptions: { show: { resource: ['visit'], operation: ['createMany'] } },
	},
	{
		displayName: 'Visit ID',
		name: 'visitId',
		type: 'string',
		required: true,
		default: '',
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
			{ displayName: 'Contact ID', name: 'contactId', type: 'string', default: '', description: 'Only visits of this contact', routing: { send: { type: 'query', property: 'contactId' } } },
		],
	},
];
