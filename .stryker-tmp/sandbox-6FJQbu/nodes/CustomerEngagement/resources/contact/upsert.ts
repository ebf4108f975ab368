// @ts-nocheck
import type { INodeProperties } from 'n8n-workflow';
import { contactFields, emailAndPhone, simplifyContact } from './fields';

export const contactUpsertDescription: INodeProperties[] = [
	...emailAndPhone('upsert'),
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		description: 'When the contact exists, only these fields change; the others keep their values',
		displayOptions: { show: { resource: ['contact'], operation: ['upsert'] } },
		options: contactFields,
	},
	simplifyContact(['upsert']),
];
