import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { apiDates } from '../../../shared/dates';
import { emailParameter, phoneParameter, requireEmailOrPhone } from './emailOrPhone';
import {
	birthDate,
	customFields,
	description,
	firstName,
	labels,
	lastName,
	sendNotification,
	type,
	unsubscribedFromEmail,
	unsubscribedFromText,
} from './fields';
import { simplifyContacts, simplifyParameter } from './simplify';

const showOnlyForContactCreate = { resource: ['contact'], operation: ['create'] };

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
	{
		...emailParameter(
			"The new contact's email address, e.g. name@email.com. Enter an email, a phone, or both.",
		),
		displayOptions: { show: showOnlyForContactCreate },
	},
	{
		...phoneParameter(
			"The new contact's phone number in international form, e.g. +15550100. Enter an email, a phone, or both.",
		),
		displayOptions: { show: showOnlyForContactCreate },
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: { show: showOnlyForContactCreate },
		options: [
			birthDate,
			customFields,
			description,
			firstName,
			labels,
			lastName,
			sendNotification,
			type,
			unsubscribedFromEmail,
			unsubscribedFromText,
		],
	},
	{ ...simplifyParameter, displayOptions: { show: showOnlyForContactCreate } },
];
