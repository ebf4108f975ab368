import { additionalFields } from '../../../shared/descriptions';
import type { INodeProperties } from 'n8n-workflow';
import { customerLocator } from '../../shared/descriptions';
import { apiDates, validateText } from '../../shared/validation';

const show = { resource: ['text'], operation: ['send'] };

export const textDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['text'] } },
		options: [
			{
				name: 'Send',
				value: 'send',
				action: 'Send a text message',
				description: 'Send an SMS to a contact or a phone number, now or scheduled',
				routing: {
					request: { method: 'POST', url: '/v1/texts' },
					send: { preSend: [validateText, apiDates({ scheduledDate: 'Scheduled Date' })] },
				},
			},
		],
		default: 'send',
	},
	{ ...customerLocator, displayOptions: { show } },
	{
		displayName: 'To Phone',
		name: 'toPhone',
		type: 'string',
		default: '',
		placeholder: 'e.g. +15550100',
		description: 'Phone number to text when no Customer is given',
		displayOptions: { show },
		routing: { send: { type: 'body', property: 'toPhone' } },
	},
	{
		displayName: 'Message',
		name: 'message',
		type: 'string',
		typeOptions: { rows: 3 },
		required: true,
		default: '',
		displayOptions: { show },
		routing: { send: { type: 'body', property: 'message' } },
	},
	additionalFields(show, [
		{ displayName: 'Agent ID', name: 'agentId', type: 'string', default: '', routing: { send: { type: 'body', property: 'agentId' } } },
		{
			displayName: 'Scheduled Date',
			name: 'scheduledDate',
			type: 'dateTime',
			default: '',
			description: 'When to send; empty or in the past sends at once',
			routing: { send: { type: 'body', property: 'scheduledDate' } },
		},
	]),
];
