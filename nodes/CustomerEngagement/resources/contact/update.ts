import type { INodeProperties } from 'n8n-workflow';
import { contactFields, simplifyContact } from './fields';

export const contactUpdateDescription: INodeProperties[] = [
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		description:
			'Only the fields given here change. (The API would clear every field left out, so the node reads the contact first and sends the other fields back unchanged).',
		displayOptions: { show: { resource: ['contact'], operation: ['update'] } },
		options: [
			...contactFields,
			{ displayName: 'Email', name: 'email', type: 'string', placeholder: 'name@email.com', default: '', description: "The contact's new email address, e.g. name@email.com", routing: { send: { type: 'body', property: 'email' } } },
			{ displayName: 'Phone', name: 'phone', type: 'string', placeholder: 'e.g. +15550100', default: '', description: "The contact's new phone number in international form, e.g. +15550100", routing: { send: { type: 'body', property: 'phone' } } },
		],
	},
	simplifyContact(['update']),
];
