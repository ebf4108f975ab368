import type { INodePropertyOptions } from 'n8n-workflow';
import type { OperationDescription } from '../../../shared/resourceDescription';
import { simplifyContacts } from './simplify';

/** Its parameters are shared: Contact (shared/sharedParameters.ts) and Simplify (simplify.ts). */
const contactGetOperation: INodePropertyOptions = {
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

export const contactGet: OperationDescription = {
	option: contactGetOperation,
};
