/**
 * Updates for APIs whose PUT sets every omitted field to null: read the current object,
 * lay the user's changes over it, and send the whole thing back, so fields the user did
 * not touch keep their values. Both requests go through the transport.
 */
// @ts-nocheck

import type { IDataObject, IExecutePaginationFunctions, INodeExecutionData } from 'n8n-workflow';
import { type ApiDefinition, type RequestData, sendRequest } from './transport';

export function readMergeWrite(
	api: ApiDefinition,
	/** The body to PUT: the current object's updatable fields with the changes applied. */
	merge: (current: IDataObject, changes: IDataObject) => IDataObject,
) {
	return async function (
		this: IExecutePaginationFunctions,
		requestData: RequestData,
	): Promise<INodeExecutionData[]> {
		// The raw response body, not the items: the operation's output shaping (Simplify)
		// must not decide which fields are sent back.
		const { response } = await sendRequest(this, requestData, api, { method: 'GET', body: undefined });
		const current = (response.body ?? {}) as IDataObject;
		const changes = (requestData.options.body ?? {}) as IDataObject;
		const { items } = await sendRequest(this, requestData, api, { body: merge(current, changes) });
		return items;
	};
}
