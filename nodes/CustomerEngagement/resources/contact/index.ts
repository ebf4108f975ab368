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
				action: 'Adjust loyalty points of a contact',
				description: 'Add or remove loyalty points; returns the new balance',
				routing: { request: { method: 'PUT', url: `${contactUrl}/loyalty-points` }, operations: { pagination: adjustLoyaltyPoints } },
			},
			{
				name: 'Create',
				value: 'create',
				action: 'Create a contact',
				description: 'Create a contact (fails if the email or phone is taken)',
				routing: {
					request: { method: 'POST', url: '/v1/contacts' },
					send: { preSend: [requireEmailOrPhone, birthDate] },
					output: { postReceive: [simplifyContacts] },
				},
			},
			{
				name: 'Create or Update',
				value: 'upsert',
				action: 'Create or update a contact',
				description: 'Create a new record, or update the current one if it already exists (upsert)',
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
				action: 'Delete a contact',
				description: 'Delete a contact permanently; returns the deleted contact',
				routing: { request: { method: 'DELETE', url: contactUrl } },
			},
			{
				name: 'Get',
				value: 'get',
				action: 'Get a contact',
				description: 'Get a contact by ID',
				routing: {
					request: { method: 'GET', url: contactUrl },
					output: { postReceive: [simplifyContacts] },
				},
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many contacts',
				description: 'List contacts, newest registration first',
				routing: {
					request: { method: 'GET', url: '/v1/contacts' },
					operations: { pagination: paginatePages },
					output: { postReceive: [simplifyContacts] },
				},
			},
			{
				name: 'Update',
				value: 'update',
				action: 'Update a contact',
				description: 'Change the given fields of a contact; the others keep their values',
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
