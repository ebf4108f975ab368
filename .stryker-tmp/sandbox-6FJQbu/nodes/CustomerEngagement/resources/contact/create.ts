// @ts-nocheck
import type { INodeProperties } from 'n8n-workflow';
import { contactFields, emailAndPhone, simplifyContact } from './fields';

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
