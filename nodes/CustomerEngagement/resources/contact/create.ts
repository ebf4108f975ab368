import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { apiDates } from '../../shared/inputChecks';
import { emailAndPhone, requireEmailOrPhone } from './emailOrPhone';
import { contactFields } from './fields';
import { simplifyContact, simplifyContacts } from './simplify';

export const contactCreateOperation: INodePropertyOptions = {
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

export const contactCreateDescription: INodeProperties[] = [
	...emailAndPhone('create'),
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: { show: { resource: ['contact'], operation: ['create'] } },
		options: [
			...contactFields,
			{
				displayName: 'Send Notification',
				name: 'shouldSendNotification',
				type: 'boolean',
				default: false,
				description: 'Whether to send the registration notification by email or text',
				routing: { send: { type: 'body', property: 'shouldSendNotification' } },
			},
		],
	},
	simplifyContact(['create']),
];
