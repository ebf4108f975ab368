/**
 * Updates for APIs whose PUT sets every omitted field to null: read the current object,
 * lay the user's changes over it, and send the whole thing back, so fields the user did
 * not touch keep their values. Both requests go through the transport.
 *
 * The write guards itself, whatever ran before it: it sends the PUT only when the read
 * answered the very record it asked for (same id). Fields read from another record would
 * overwrite this one with that record's data; a read that answered nothing would clear it.
 */
import type { IDataObject, IExecutePaginationFunctions, IExecuteSingleFunctions, INodeExecutionData } from 'n8n-workflow';
import { pathParameter, type ApiDefinition } from './apiDefinition';
import { type RequestData, sendRequest, sentRequestOf } from './transport';
import { invalidInput } from './invalidInput';

export function readMergeWrite(
	api: ApiDefinition,
	/** The path parameter that names the record (`contactId`), as in `api.pathParameters`. */
	idParameter: string,
	/** The body to PUT: the current object's updatable fields with the changes applied. */
	merge: (current: IDataObject, changes: IDataObject) => IDataObject,
) {
	const { label } = pathParameter(api, idParameter);
	return async function (
		this: IExecutePaginationFunctions,
		requestData: RequestData,
	): Promise<INodeExecutionData[]> {
		// The raw response body, not the items: the operation's output shaping (Simplify)
		// must not decide which fields are sent back.
		const { response } = await sendRequest(this, requestData, api, { method: 'GET', body: undefined });
		const asked = sentRequestOf(response).parameters[idParameter];
		const current = recordAsked(this, label, asked, response.body);
		const changes = (requestData.options.body ?? {}) as IDataObject;
		const { items } = await sendRequest(this, requestData, api, { body: merge(current, changes) });
		return items;
	};
}

/** The read's answer when it is the record asked for (an object with that id); refused otherwise. */
function recordAsked(context: IExecuteSingleFunctions, label: string, asked: string | undefined, body: unknown): IDataObject {
	// The transport refuses an empty id before any request; this write does not count on it
	// (an empty id would read the list, and a record without an id would match it).
	if (!asked) throw invalidInput(context, label, 'is empty', 'Pick one from the list or enter its ID.');
	const record = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as IDataObject) : undefined;
	const id = record?.id;
	if (record !== undefined && (typeof id === 'string' || typeof id === 'number') && String(id) === asked) return record;
	const answered = record === undefined ? 'no record' : id === undefined || id === null ? 'a record without an ID' : `another record ("${String(id)}")`;
	throw invalidInput(
		context,
		label,
		`reading "${asked}" before the update returned ${answered}; nothing was written`,
		"The update sends back the fields it read, so it writes only after reading this very record. Check the Base URL in the credential: it must be the API's own address.",
	);
}
