// @ts-nocheck
import type { INodeProperties } from 'n8n-workflow';
import { contactLocator } from '../../shared/descriptions';

const show = { resource: ['note'], operation: ['create'] };

export const noteDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['note'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				action: 'Add a note to a contact',
				description: 'Attach a note to a contact',
				routing: { request: { method: 'POST', url: '/v1/contacts/{contactId}/notes' } },
			},
		],
		default: 'create',
	},
	{ ...contactLocator, displayOptions: { show } },
	{
		displayName: 'Text',
		name: 'text',
		type: 'string',
		typeOptions: { rows: 3 },
		required: true,
		default: '',
		displayOptions: { show },
		routing: { send: { type: 'body', property: 'text' } },
	},
];
