/**
 * A value the request sends, converted in code: a preSend on the field's own routing, run only
 * when the field is used. For conversions that cannot fail; a check that can fail, naming the
 * field, belongs to the operation's own preSend.
 */
import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
	PreSendAction,
} from 'n8n-workflow';

export function convertSent(
	where: 'body' | 'qs',
	property: string,
	convert: (value: unknown) => unknown,
): PreSendAction {
	return async function (this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		const target = (requestOptions[where] ?? {}) as IDataObject;
		// Stryker disable next-line ConditionalExpression: n8n runs it after the field's send set it
		if (target[property] === undefined) return requestOptions;
		const value = convert(target[property]);
		// Stryker disable next-line ConditionalExpression: an undefined property is never sent anyway
		if (value === undefined) delete target[property];
		else target[property] = value as IDataObject[string];
		return requestOptions;
	};
}

/** A list given as an array or as text separated by `separator`, as a clean array. */
export const listOf = (value: unknown, separator: RegExp): string[] =>
	([] as unknown[])
		.concat(value)
		.flatMap((entry) => String(entry ?? '').split(separator))
		.map((entry) => entry.trim())
		.filter(Boolean);

/** A number an expression gives (a phone column, an ID) as text: n8n sends it as a JSON number, which both APIs refuse where they want text. */
export const numberAsText = (value: unknown) => (typeof value === 'number' ? String(value) : value);

/** The routing of a text field sent in the body, as text (test/shared/convertSent.test.ts finds a body text field without it). */
export function sendAsText(property: string): NonNullable<INodeProperties['routing']> {
	return {
		send: { type: 'body', property, preSend: [convertSent('body', property, numberAsText)] },
	};
}
