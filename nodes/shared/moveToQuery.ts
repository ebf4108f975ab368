import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, PreSendAction } from 'n8n-workflow';

/**
 * An operation's preSend that moves properties from the body into the query string. For a
 * parameter that other operations send in the body: one routing serves them all, as one
 * definition (each definition of a name costs an evaluation of the user's expression per
 * item, see mergeSameNamedProperties), and the operation that wants it in its query moves it.
 */
export function moveToQuery(...names: string[]): PreSendAction {
	return async function (this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		const body = { ...((requestOptions.body ?? {}) as IDataObject) };
		const qs = { ...(requestOptions.qs ?? {}) };
		// A name the body lacks becomes an undefined query value, which is not sent.
		for (const name of names) {
			qs[name] = body[name];
			delete body[name];
		}
		return { ...requestOptions, body, qs };
	};
}
