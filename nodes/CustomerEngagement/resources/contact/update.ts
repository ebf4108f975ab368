import type {
	IDataObject,
	IExecutePaginationFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { invalidInput, labelOf } from '../../../shared/apiRequest';
import { routedRequest, type RoutedRequest } from '../../../shared/routedRequest';
import { apiDates } from '../../../shared/dates';
import { customerEngagementApi } from '../../shared/customerEngagementApi';
import {
	birthDate,
	customFields,
	description,
	email,
	firstName,
	labels,
	lastName,
	phone,
	type,
	unsubscribedFromEmail,
	unsubscribedFromText,
} from './fields';
import { simplifyContacts, simplifyParameter } from './simplify';

const showOnlyForContactUpdate = { resource: ['contact'], operation: ['update'] };

/** The fields the API clears when a PUT leaves them out. Labels are carried over as `{id}`; custom fields are merged by the API itself. */
const UPDATABLE_FIELDS = [
	'firstName',
	'lastName',
	'phone',
	'email',
	'birthDate',
	'type',
	'description',
	'unsubscribedFromText',
	'unsubscribedFromEmail',
];

/** The PUT body: the contact's updatable fields with the user's changes over them (Create or Update sends it too). */
export function mergeContact(current: IDataObject, changes: IDataObject): IDataObject {
	const body: IDataObject = {};
	for (const field of UPDATABLE_FIELDS)
		if (current[field] !== undefined) body[field] = current[field];
	body.labels = ((current.labels as IDataObject[] | undefined) ?? []).map((label) => ({
		id: label.id,
	}));
	for (const [key, value] of Object.entries(changes)) if (value !== undefined) body[key] = value;
	return body;
}

/**
 * Updates of contacts and rewards (loyaltyReward/update.ts). The API's PUT sets every field it
 * is not sent to null, so the update reads the record, lays the user's changes over it and
 * sends it all back, and only when the read answered the very record asked for (same id):
 * fields read from another record would overwrite this one, a read that answered nothing would clear it.
 */
export function readMergeWrite(
	/** The path parameter that names the record (`contactId`). */
	idParameter: string,
	/** The body to PUT: the record's updatable fields with the changes over them. */
	merge: (current: IDataObject, changes: IDataObject) => IDataObject,
) {
	return async function (
		this: IExecutePaginationFunctions,
		requestData: RoutedRequest,
	): Promise<INodeExecutionData[]> {
		// The answer's body, not the items: Simplify must not decide which fields are sent back.
		const { answer } = await routedRequest(this, customerEngagementApi, requestData, {
			method: 'GET',
			body: undefined,
		});
		// The id as the path sent it: readId refused it there if empty, before any request.
		const asked = answer.sent.parameters[idParameter];
		const label = labelOf(customerEngagementApi, idParameter);
		const record =
			typeof answer.body === 'object' && answer.body !== null && !Array.isArray(answer.body)
				? (answer.body as IDataObject)
				: undefined;
		const id = record?.id;
		if (
			record === undefined ||
			(typeof id !== 'string' && typeof id !== 'number') ||
			String(id) !== asked
		) {
			const answered =
				record === undefined
					? 'no record'
					: id === undefined || id === null
						? 'a record without an ID'
						: `another record ("${String(id)}")`;
			throw invalidInput(
				this,
				label,
				`reading "${asked}" before the update returned ${answered}; nothing was written`,
				"The update sends back the fields it read, so it writes only after reading this very record. Check the Base URL in the credential: it must be the API's own address.",
			);
		}
		const changes = (requestData.options.body ?? {}) as IDataObject;
		return (
			await routedRequest(this, customerEngagementApi, requestData, {
				url: answer.sent.url,
				body: merge(record, changes),
			})
		).items;
	};
}

export const contactUpdateOperation: INodePropertyOptions = {
	name: 'Update',
	value: 'update',
	action: 'Update fields of a contact by ID',
	description:
		'Changes the given fields of the contact with this ID; the other fields keep their values. Returns the contact as it is after the change.',
	routing: {
		request: { method: 'PUT', url: '/v1/contacts/{contactId}' },
		send: { preSend: [apiDates({ birthDate: 'Birth Date' })] },
		operations: { pagination: readMergeWrite('contactId', mergeContact) },
		output: { postReceive: [simplifyContacts] },
	},
};

/** Contact is the resource's (index.ts). */
export const contactUpdateDescription: INodeProperties[] = [
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: { show: showOnlyForContactUpdate },
		options: [
			birthDate,
			customFields,
			description,
			email,
			firstName,
			labels,
			lastName,
			phone,
			type,
			unsubscribedFromEmail,
			unsubscribedFromText,
		],
	},
	{ ...simplifyParameter, displayOptions: { show: showOnlyForContactUpdate } },
];
