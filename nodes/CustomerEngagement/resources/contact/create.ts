import type { INodePropertyOptions } from 'n8n-workflow';
import type { OperationDescription } from '../../../shared/resourceDescription';
import { contactFields } from './fields';
import { apiDates } from '../../shared/inputChecks';
import { requireEmailOrPhone } from './emailOrPhone';
import { simplifyContacts } from './simplify';

/** Its parameters are shared with Create or Update: Email (emailOrPhone.ts), Phone (shared/sharedParameters.ts), Additional Fields (fields.ts) and Simplify. */
const contactCreateOperation: INodePropertyOptions = {
	name: 'Create',
	value: 'create',
	action: 'Create a contact from email or phone',
	description:
		'Creates a contact from an email, a phone number or both, plus any additional fields; fails when the email or phone already belongs to a contact. Returns the new contact with its ID.',
	routing: {
		request: { method: 'POST', url: '/v1/contacts' },
		send: { preSend: [requireEmailOrPhone, apiDates({ birthDate: 'Birth Date' })] },
		output: { postReceive: [simplifyContacts] },
	},
};

export const contactCreate: OperationDescription = {
	option: contactCreateOperation,
	collections: { additionalFields: contactFields },
};
