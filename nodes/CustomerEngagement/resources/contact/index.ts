import type { INodeProperties } from 'n8n-workflow';
import { paginatePages } from '../../shared/transport';
import { contactGetDescription } from './get';
import { contactGetManyDescription } from './getAll';

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
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many contacts',
				description: 'List contacts, newest registration first',
				routing: {
					request: { method: 'GET', url: '/v1/contacts' },
					operations: { pagination: paginatePages },
				},
			},
		],
		default: 'get',
	},
	...contactGetDescription,
	...contactGetManyDescription,
];
