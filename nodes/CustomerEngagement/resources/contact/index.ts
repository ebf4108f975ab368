import type { INodeProperties } from 'n8n-workflow';
import { contactGetDescription } from './get';

const showOnlyForContacts = { resource: ['contact'] };

export const contactDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: showOnlyForContacts },
		options: [
			{
				name: 'Get',
				value: 'get',
				action: 'Get a contact',
				description: 'Get a contact by ID',
				routing: {
					request: {
						method: 'GET',
						url: '=/v1/contacts/{{ encodeURIComponent($parameter.contactId) }}',
					},
				},
			},
		],
		default: 'get',
	},
	...contactGetDescription,
];
