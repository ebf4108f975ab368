import type { IDataObject, INodePropertyOptions } from 'n8n-workflow';
import type { OperationDescription } from '../../../shared/resourceDescription';
import { contactFields } from './fields';
import { readMergeWrite } from '../../../shared/safeUpdate';
import { customerEngagementApi } from '../../shared/customerEngagementApi';
import { apiDates } from '../../shared/inputChecks';
import { simplifyContacts } from './simplify';

/**
 * The fields the API clears when a PUT leaves them out, and so the ones read from the
 * contact and sent back. Labels are carried over too (as `{id}`); custom fields are merged
 * by the API itself, so only the changed ones are sent.
 */
const UPDATABLE_FIELDS = [
	'firstName', 'lastName', 'phone', 'email', 'birthDate', 'type', 'description',
	'unsubscribedFromText', 'unsubscribedFromEmail',
];

/**
 * The PUT body for a contact: its current updatable fields (labels as `{id}`), with the
 * user's changes laid over them. Create or Update (upsert.ts) sends the same body when it
 * finds the contact.
 */
export function mergeContact(current: IDataObject, changes: IDataObject): IDataObject {
	const body: IDataObject = {};
	for (const field of UPDATABLE_FIELDS) if (current[field] !== undefined) body[field] = current[field];
	body.labels = ((current.labels as IDataObject[] | undefined) ?? []).map((label) => ({ id: label.id }));
	for (const [key, value] of Object.entries(changes)) if (value !== undefined) body[key] = value;
	return body;
}

export const updateContact = readMergeWrite(customerEngagementApi, 'contactId', mergeContact);

/**
 * Its parameters are shared: Contact (shared/sharedParameters.ts), Update Fields (the fields
 * in fields.ts) and Simplify (simplify.ts).
 */
const contactUpdateOperation: INodePropertyOptions = {
	name: 'Update',
	value: 'update',
	action: 'Update fields of a contact by ID',
	description:
		'Changes the given fields of the contact with this ID; the other fields keep their values. Returns the contact as it is after the change.',
	routing: {
		request: { method: 'PUT', url: '/v1/contacts/{contactId}' },
		send: { preSend: [apiDates({ birthDate: 'Birth Date' })] },
		operations: { pagination: updateContact },
		output: { postReceive: [simplifyContacts] },
	},
};

export const contactUpdate: OperationDescription = {
	option: contactUpdateOperation,
	collections: { updateFields: contactFields },
};
