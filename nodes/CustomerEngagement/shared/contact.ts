import { SIMPLIFY_DEFAULT } from '../../shared/descriptions';
/** Contact specifics shared by create, update, upsert and get. */
import type { IDataObject, IExecutePaginationFunctions, IExecuteSingleFunctions, INodeExecutionData } from 'n8n-workflow';
import { readMergeWrite } from '../../shared/safeUpdate';
import { type RequestData, sendRequest } from '../../shared/transport';
import { customerEngagementApi } from './transport';

const UPDATABLE_FIELDS = [
	'firstName', 'lastName', 'phone', 'email', 'birthDate', 'type', 'description',
	'unsubscribedFromText', 'unsubscribedFromEmail',
];

/**
 * The PUT body for a contact: its current updatable fields (labels as `{id}`), with the
 * user's changes laid over them. Custom fields are merged by the API itself, so only the
 * changed ones are sent.
 */
export function mergeContact(current: IDataObject, changes: IDataObject): IDataObject {
	const body: IDataObject = {};
	for (const field of UPDATABLE_FIELDS) if (current[field] !== undefined) body[field] = current[field];
	body.labels = ((current.labels as IDataObject[] | undefined) ?? []).map((label) => ({ id: label.id }));
	for (const [key, value] of Object.entries(changes)) if (value !== undefined) body[key] = value;
	return body;
}

export const updateContact = readMergeWrite(customerEngagementApi, mergeContact);

/** Find the contact by email (else phone); update it when found, create it when not. */
export async function upsertContact(
	this: IExecutePaginationFunctions,
	requestData: RequestData,
): Promise<INodeExecutionData[]> {
	const changes = (requestData.options.body ?? {}) as IDataObject;
	const filter = changes.email ? { email: changes.email } : { phone: changes.phone };
	const { response } = await sendRequest(this, requestData, customerEngagementApi, {
		method: 'GET',
		url: '/v1/contacts',
		body: undefined,
		qs: { ...filter, page: 1, perPage: 1 } as IDataObject,
	});
	const found = (Array.isArray(response.body) ? response.body : []) as IDataObject[];
	if (found.length > 0) {
		const current = found[0];
		const { items } = await sendRequest(this, requestData, customerEngagementApi, {
			method: 'PUT',
			url: `/v1/contacts/${encodeURIComponent(String(current.id))}`,
			body: mergeContact(current, changes),
		});
		return items.map((item) => ({ ...item, json: { ...item.json, outcome: 'updated' } }));
	}
	// Not found: the operation's own request, POST /v1/contacts.
	const { items } = await sendRequest(this, requestData, customerEngagementApi);
	return items.map((item) => ({ ...item, json: { ...item.json, outcome: 'created' } }));
}

const SIMPLE_FIELDS = [
	'id', 'firstName', 'lastName', 'email', 'phone', 'type', 'loyaltyPointsCount', 'visitsCount',
	'lastVisitDate', 'registrationDate',
];

/** Simplify: the main fields, label names, and only the custom fields that have a value. */
export async function simplifyContacts(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	if (!(this.getNodeParameter('simplify', SIMPLIFY_DEFAULT) as boolean)) return items;
	return items.map((item) => {
		const contact = item.json;
		const simple: IDataObject = {};
		for (const field of SIMPLE_FIELDS) if (field in contact) simple[field] = contact[field];
		simple.labels = ((contact.labels as IDataObject[] | undefined) ?? []).map((l) => l.name);
		simple.customFields = Object.fromEntries(
			((contact.customFields as IDataObject[] | undefined) ?? [])
				.filter((f) => f.value !== undefined)
				.map((f) => [String(f.id), f.value]),
		);
		return { json: simple };
	});
}
