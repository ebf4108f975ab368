import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { apiDates } from '../../../shared/dates';
import { sendContactIdInBody } from '../../shared/descriptions';

const showOnlyForVisitCreate = { resource: ['visit'], operation: ['create'] };

export const visitCreateOperation: INodePropertyOptions = {
	name: 'Create',
	value: 'create',
	action: 'Record a visit of a contact by ID',
	description:
		'Records a check-in of the contact with this ID, now or at a past date, which earns loyalty points. Returns the visit with its ID, date and points.',
	routing: {
		request: { method: 'POST', url: '/v1/visits' },
		send: { preSend: [sendContactIdInBody, apiDates({ date: 'Date' }, { notInFuture: ['date'] })] },
	},
};

export const visitCreateDescription: INodeProperties[] = [
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: { show: showOnlyForVisitCreate },
		options: [
			{
				displayName: 'Amount Spent',
				name: 'amountSpent',
				type: 'number',
				typeOptions: { minValue: 0 },
				default: 0,
				description: 'Dollars spent, e.g. 12.5; earns points per dollar when that is set up',
				routing: { send: { type: 'body', property: 'amountSpent' } },
			},
			{
				displayName: 'Date',
				name: 'date',
				type: 'dateTime',
				default: '',
				description:
					'When the visit happened, an ISO 8601 date-time in the past, e.g. 2024-05-01T18:30:00Z; no visit notification is sent for a dated visit',
				routing: { send: { type: 'body', property: 'date' } },
			},
			{
				displayName: 'Points',
				name: 'points',
				type: 'number',
				default: 0,
				description:
					'Whole number of points earned, e.g. 1; when left out, the loyalty settings decide',
				routing: { send: { type: 'body', property: 'points' } },
			},
		],
	},
];
