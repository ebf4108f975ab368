import type { INodeProperties } from 'n8n-workflow';
import { contactLocator } from '../../shared/descriptions';
import { simplifyContacts, updateContact, upsertContact } from '../../shared/contact';
import { paginatePages } from '../../shared/transport';
import { apiDates, requireEmailOrPhone } from '../../shared/validation';
import { adjustLoyaltyPoints, contactAdjustLoyaltyPointsDescription } from './adjustLoyaltyPoints';
import { contactCreateDescription } from './create';
import { contactGetDescription } from './get';
import { contactGetManyDescription } from './getAll';
import { contactUpdateDescription } from './update';
import { contactUpsertDescription } from './upsert';

const contactUrl = '/v1/contacts/{contactId}';
const birthDate = apiDates({ birthDate: 'Birth Date' });

export const contactDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['contact'] } },
		options: [
			{
				name: 'Adjust Loyalty Points',
				value: 'adjustLoyaltyPoints',
				action: 'Add or remove points of a contact by ID',
				description:
					'Adds Points Value to the loyalty points of the contact with this ID (a negative value removes points; the total cannot drop below 0). Returns the contact ID, the change and the new balance in loyaltyPointsCount.',
				routing: { request: { method: 'PUT', url: `${contactUrl}/loyalty-points` }, operations: { pagination: adjustLoyaltyPoints } },
			},
			{
				name: 'Create',
				value: 'create',
				action: 'Create a contact from email or phone',
				description:
					'Creates a contact from an email, a phone number or both, plus any additional fields; fails when the email or phone already belongs to a contact. Returns the new contact with its ID.',
				routing: {
					request: { method: 'POST', url: '/v1/contacts' },
					send: { preSend: [requireEmailOrPhone, birthDate] },
					output: { postReceive: [simplifyContacts] },
				},
			},
			{
				name: 'Create or Update',
				value: 'upsert',
				action: 'Upsert a contact found by email or phone',
				description:
					'Create a new contact from Email or Phone and the given fields (returned with its ID and an outcome of created or updated), or update the current one if it already exists (upsert)',
				routing: {
					request: { method: 'POST', url: '/v1/contacts' },
					send: { preSend: [requireEmailOrPhone, birthDate] },
					operations: { pagination: upsertContact },
					output: { postReceive: [simplifyContacts] },
				},
			},
			{
				name: 'Delete',
				value: 'delete',
				action: 'Delete a contact by ID for good',
				description: 'Deletes the contact with this ID permanently; this cannot be undone. Returns the deleted contact as it was.',
				routing: { request: { method: 'DELETE', url: contactUrl } },
			},
			{
				name: 'Get',
				value: 'get',
				action: 'Get a contact by ID',
				description:
					'Reads the contact with this ID. Returns its name, email, phone, loyalty points, visits, labels and custom fields (the main fields only when Simplify is on).',
				routing: {
					request: { method: 'GET', url: contactUrl },
					output: { postReceive: [simplifyContacts] },
				},
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'List contacts or find by email or phone',
				description:
					'Lists contacts, newest registration first, or finds the contact with exactly the email or phone given in Filters. Returns one item per contact, with its ID.',
				routing: {
					request: { method: 'GET', url: '/v1/contacts' },
					operations: { pagination: paginatePages },
					output: { postReceive: [simplifyContacts] },
				},
			},
			{
				name: 'Update',
				value: 'update',
				action: 'Update fields of a contact by ID',
				description:
					'Changes the given fields of the contact with this ID; the other fields keep their values. Returns the contact as it is after the change.',
				routing: {
					request: { method: 'PUT', url: contactUrl },
					send: { preSend: [birthDate] },
					operations: { pagination: updateContact },
					output: { postReceive: [simplifyContacts] },
				},
			},
		],
		default: 'get',
	},
	{
		...contactLocator,
		displayOptions: { show: { resource: ['contact'], operation: ['get', 'update', 'delete', 'adjustLoyaltyPoints'] } },
	},
	...contactCreateDescription,
	...contactUpsertDescription,
	...contactGetDescription,
	...contactGetManyDescription,
	...contactUpdateDescription,
	...contactAdjustLoyaltyPointsDescription,
];
