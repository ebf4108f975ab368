/**
 * A value the request sends, converted in code: a preSend on the field's own routing.
 * n8n evaluates a `routing.send.value` expression for every item; this is plain code, run
 * only when the field is used. For conversions that cannot fail; checks that can fail (and
 * name the field) belong to the operation's validation preSend.
 */
import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties, PreSendAction } from 'n8n-workflow';

export function convertSent(where: 'body' | 'qs', property: string, convert: (value: unknown) => unknown): PreSendAction {
	return async function (this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		const target = (requestOptions[where] ?? {}) as IDataObject;
		if (target[property] !== undefined) {
			const value = convert(target[property]);
			if (value === undefined) delete target[property];
			else target[property] = value as IDataObject[string];
		}
		return requestOptions;
	};
}

/** A list given as an array or as text separated by `separator`, as a clean array. */
export function listOf(value: unknown, separator: RegExp): string[] {
	return ([] as unknown[])
		.concat(value)
		.flatMap((entry) => String(entry ?? '').split(separator))
		.map((entry) => entry.trim())
		.filter(Boolean);
}

/**
 * A number an expression gives (a phone column of a spreadsheet, an ID), as text: n8n sends
 * an expression's number as a JSON number, and both APIs refuse a number where they want
 * text. sendPlainFieldsOnce applies it to every plain text field it sends (sendsText); a text
 * field n8n still routes declares it in its own routing (test/nodes/convertSent.test.ts
 * walks both nodes' descriptions for one left out).
 */
export const numberAsText = (value: unknown) => (typeof value === 'number' ? String(value) : value);

/** Whether a `routing.send.property` names one key: an expression or a dot path does not (n8n resolves or nests it). */
export const namesOneKey = (property: string | undefined): property is string => typeof property === 'string' && property !== '' && !/^=|\./.test(property);

/** Whether a field sent to `where` is one the API wants as text (a string or a resource locator in the body). */
export function sendsText(property: INodeProperties, where: string | undefined): boolean {
	return where === 'body' && (property.type === 'string' || property.type === 'resourceLocator');
}
