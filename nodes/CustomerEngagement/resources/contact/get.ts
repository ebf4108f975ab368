import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { simplifyContacts, simplifyParameter } from './simplify';

export const contactGetOperation: INodePropertyOptions = {
	name: 'Get',
	value: 'get',
	action: 'Get a contact by ID',
	description:
		'Reads the contact with this ID. Returns its name, email, phone, loyalty points, visits, labels and custom fields (the main fields only when Simplify is on).',
	routing: {
		request: { method: 'GET', url: '/v1/contacts/{contactId}' },
		output: { postReceive: [simplifyContacts] },
	},
};

/** Contact is the resource's (index.ts). */
export const contactGetDescription: INodeProperties[] = [
	{ ...simplifyParameter, displayOptions: { show: { resource: ['contact'], operation: ['get'] } } },
];
