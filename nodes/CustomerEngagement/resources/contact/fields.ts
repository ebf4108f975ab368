import type { INodeProperties } from 'n8n-workflow';
import { convertSent, listOf, sendAsText } from '../../../shared/convertSent';
import { customFieldsForApi } from './customFields';

const body = (property: string) => ({ send: { type: 'body' as const, property } });
const onlyFor = (operation: string) => ({ show: { '/resource': ['contact'], '/operation': [operation] } });

/** Where its collection entries are shown: the node holds one collection of each name for every operation (nodes/shared/resourceDescription.ts). */
const entryShown = { show: { '/resource': ['contact'], '/operation': ['create', 'upsert', 'update'] } };

/**
 * The optional fields of a contact, for Create and Create or Update (Additional Fields) and
 * Update (Update Fields), in the editor's order. Email and Phone are Update's only (the others
 * take them as parameters); Send Notification is Create's only.
 */
export const contactFields: INodeProperties[] = [
	{ displayName: 'Birth Date', name: 'birthDate', displayOptions: entryShown, type: 'dateTime', default: '', description: "The contact's birth date, as an ISO 8601 date, e.g. 1990-04-21", routing: body('birthDate') },
	{
		displayName: 'Custom Fields',
		name: 'customFields',
		displayOptions: entryShown,
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Custom Field',
		default: {},
		description: 'Only the custom fields given here change; the others keep their values',
		options: [
			{
				displayName: 'Field',
				name: 'field',
				values: [
					{
						displayName: 'Field Name or ID',
						name: 'id',
						type: 'options',
						typeOptions: { loadOptionsMethod: 'getCustomFields' },
						default: '',
						description: 'The custom field, by its ID, e.g. 4c8e1d2a7f. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
					},
					{
						displayName: 'Value',
						name: 'value',
						type: 'string',
						default: '',
						description:
							'Text, number or date (e.g. 2024-05-01); for select fields the option name or ID (several comma-separated for multi-select). Empty clears the value.',
					},
				],
			},
		],
		routing: {
			send: {
				type: 'body',
				property: 'customFields',
				preSend: [customFieldsForApi],
			},
		},
	},
	{ displayName: 'Description', name: 'description', displayOptions: entryShown, type: 'string', typeOptions: { rows: 2 }, default: '', description: 'Free text shown on the contact page', routing: sendAsText('description') },
	{ displayName: 'Email', name: 'email', type: 'string', placeholder: 'name@email.com', default: '', description: "The contact's new email address, e.g. name@email.com", displayOptions: onlyFor('update'), routing: sendAsText('email') },
	{ displayName: 'First Name', name: 'firstName', displayOptions: entryShown, type: 'string', default: '', description: "The contact's first name, e.g. Maria", routing: sendAsText('firstName') },
	{
		displayName: 'Label Names or IDs',
		name: 'labels',
		displayOptions: entryShown,
		type: 'multiOptions',
		typeOptions: { loadOptionsMethod: 'getLabels' },
		default: [],
		description: 'Labels the contact carries, replacing the current ones: label IDs, e.g. 61aa0c2e7d, comma-separated in an expression. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		routing: { send: { type: 'body', property: 'labels', preSend: [convertSent('body', 'labels', (v) => listOf(v, /,/).map((id) => ({ id })))] } },
	},
	{ displayName: 'Last Name', name: 'lastName', displayOptions: entryShown, type: 'string', default: '', description: "The contact's last name, e.g. Garcia", routing: sendAsText('lastName') },
	{ displayName: 'Phone', name: 'phone', type: 'string', placeholder: 'e.g. +15550100', default: '', description: "The contact's new phone number in international form, e.g. +15550100", displayOptions: onlyFor('update'), routing: sendAsText('phone') },
	{ displayName: 'Send Notification', name: 'shouldSendNotification', type: 'boolean', default: false, description: 'Whether to send the registration notification by email or text', displayOptions: onlyFor('create'), routing: body('shouldSendNotification') },
	{
		displayName: 'Type',
		name: 'type',
		displayOptions: entryShown,
		type: 'options',
		options: [
			{ name: 'Active (Current Customer)', value: 'ACTIVE' },
			{ name: 'Passive (Past Customer)', value: 'PASSIVE' },
			{ name: 'Potential (Lead)', value: 'POTENTIAL' },
		],
		default: 'ACTIVE',
		description: 'Kind of contact: ACTIVE (a current customer), PASSIVE (a past customer) or POTENTIAL (a lead)',
		routing: body('type'),
	},
	{ displayName: 'Unsubscribed From Email', name: 'unsubscribedFromEmail', displayOptions: entryShown, type: 'boolean', default: false, description: 'Whether the contact opted out of emails', routing: body('unsubscribedFromEmail') },
	{ displayName: 'Unsubscribed From Text', name: 'unsubscribedFromText', displayOptions: entryShown, type: 'boolean', default: false, description: 'Whether the contact opted out of texts', routing: body('unsubscribedFromText') },
];
