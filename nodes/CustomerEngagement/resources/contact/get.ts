import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { contactLocator } from '../../shared/engagementParameters';
import { simplifyContact, simplifyContacts } from './simplify';

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

export const contactGetDescription: INodeProperties[] = [
	{ ...contactLocator, displayOptions: { show: { resource: ['contact'], operation: ['get'] } } },
	simplifyContact(['get']),
];
