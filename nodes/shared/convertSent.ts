/**
 * A value the request sends, converted in code: a preSend on the field's own routing.
 * n8n evaluates a `routing.send.value` expression for every item; this is plain code, run
 * only when the field is used. For conversions that cannot fail; checks that can fail (and
 * name the field) belong to the operation's validation preSend.
 */
import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
	INodePropertyCollection,
	INodePropertyOptions,
	PreSendAction,
} from 'n8n-workflow';

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

/** A number an expression gives, as text (n8n sends an expression's number as a number). */
export const numberAsText = (value: unknown) => (typeof value === 'number' ? String(value) : value);

/**
 * Every text parameter a node sends in the body (string and resource-locator parameters),
 * with a number an expression gives (a phone column of a spreadsheet, an ID) sent as text:
 * n8n sends an expression's number as a JSON number, and both APIs refuse a number where
 * they want text. (A query string is text whatever the value was.) Applied to a node's
 * whole description when it is assembled, so no field can be left out.
 */
export function sendNumbersAsText(properties: INodeProperties[]): INodeProperties[] {
	return properties.map(withNumbersAsText);
}

/** Whether a `routing.send.property` names one key: an expression or a dot path does not (n8n resolves or nests it). */
export const namesOneKey = (property: string | undefined): property is string => typeof property === 'string' && property !== '' && !/^=|\./.test(property);

/** Whether a field sent to `where` is one the API wants as text (a string or a resource locator in the body). */
export function sendsText(property: INodeProperties, where: string | undefined): boolean {
	return where === 'body' && (property.type === 'string' || property.type === 'resourceLocator');
}

function withNumbersAsText(property: INodeProperties): INodeProperties {
	// A collection's fields carry their own routing. (The fixed collections route themselves
	// as a whole, with a conversion of their own that uses numberAsText where it sends text.)
	const options = property.options?.map((option: INodePropertyOptions | INodeProperties | INodePropertyCollection) =>
		'type' in option ? withNumbersAsText(option) : option,
	);
	const withOptions = options ? { ...property, options } : property;
	const send = property.routing?.send;
	const key = send?.property;
	if (!send || !sendsText(property, send.type) || !namesOneKey(key)) return withOptions;
	const toText = convertSent('body', key, numberAsText);
	return { ...withOptions, routing: { ...property.routing, send: { ...send, preSend: [...(send.preSend ?? []), toText] } } };
}
