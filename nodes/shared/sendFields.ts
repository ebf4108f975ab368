/**
 * Plain fields (one parameter, one key of the body or query string) sent by one preSend
 * instead of each by its own `routing.send`, so that n8n evaluates a user's expression in
 * them once less per item.
 *
 * n8n's routing engine evaluates the value stored under every top-level definition once
 * per walk, and reads a routed parameter once more per walk (getNodeParameter, even in the
 * second walk n8n-core 2.38+ makes only to find the base URL). A routed field costs 2 × walks
 * evaluations per item (4 on n8n 2.38+); the same field without routing, read here once,
 * costs walks + 1 (3). Fields with more than a key (a preSend, a value expression, a dot
 * path, a resource locator, options that route) keep their routing, and n8n sends them.
 *
 * The resources keep declaring `routing.send` next to their fields, as n8n's templates do;
 * the node moves the plain ones here when it is assembled. What is sent is what n8n sent:
 * the same parameters, shown by the same display rules (NodeHelpers.displayParameter, as
 * the engine calls it; no definition of ours uses `@tool` or `@feature`, the only rules
 * that need the node type), a collection's field only when the user added it, read with
 * the same getNodeParameter call, and a number an expression gives in a text field sent
 * as text (numberAsText, which the text fields left routed declare in their own routing).
 * The preSend runs first (on the Transport parameter, the first definition), so every
 * other preSend sees the whole body, as before, with a text field's number already text:
 * the operations' checks see what is sent (a Slug of 1.5 is refused as "1.5" before any
 * request; n8n's routing converted it after the checks, and the server refused it). What
 * changes is only the order of keys: the moved fields come after those n8n still routes.
 *
 * Measured (BENCHMARKS.md, "what each build step saves"): on n8n 2.41.1 it saves one
 * expression per plain field per item (Contact Create: 8 → 6), and 7 of 13 against n8n's own
 * way to send a number as text (a `value` expression per field); nothing on 1.x.
 */
import {
	NodeHelpers,
	type IDataObject,
	type IExecuteSingleFunctions,
	type IHttpRequestOptions,
	type INodeProperties,
	type INodeParameters,
	type PreSendAction,
} from 'n8n-workflow';
import { namesOneKey, numberAsText, sendsText } from './convertSent';

interface PlainField {
	/** The top-level definition, whose display rules decide whether the field is sent. */
	definition: INodeProperties;
	/** The collection's field, when the field is one. */
	option?: INodeProperties;
	/** The parameter's path, for getNodeParameter. */
	path: string;
	where: 'body' | 'qs';
	key: string;
	text: boolean;
}

/** Where a field with only a plain `routing.send` goes; undefined for any other routing. */
function plainSend(property: INodeProperties): Pick<PlainField, 'where' | 'key'> | undefined {
	const routing = property.routing;
	if (!routing || Object.keys(routing).some((key) => key !== 'send')) return undefined;
	const send = routing.send!;
	if (Object.keys(send).some((key) => key !== 'type' && key !== 'property')) return undefined;
	if (send.type !== 'body' && send.type !== 'query') return undefined;
	if (!namesOneKey(send.property)) return undefined;
	// n8n extracts a resource locator's value, and routes a chosen option's own routing.
	if (property.type === 'resourceLocator' || property.extractValue !== undefined) return undefined;
	if (property.type === 'options' && property.options?.some((option) => 'routing' in option)) return undefined;
	return { where: send.type === 'body' ? 'body' : 'qs', key: send.property };
}

function withoutRouting(property: INodeProperties): INodeProperties {
	const rest = { ...property };
	delete rest.routing;
	return rest;
}

/**
 * The node's properties with the plain fields' routing moved into one preSend on the
 * Transport parameter. Applied when a node is assembled, after the definitions are merged.
 */
export function sendPlainFieldsOnce(properties: INodeProperties[]): INodeProperties[] {
	const fields: PlainField[] = [];
	const moved = properties.map((property) => {
		const send = plainSend(property);
		if (send) {
			const definition = withoutRouting(property);
			fields.push({ definition, path: property.name, ...send, text: sendsText(property, send.where) });
			return definition;
		}
		if (property.type !== 'collection' || property.routing) return property;
		const sends = (property.options as INodeProperties[]).map(plainSend);
		const collection = { ...property, options: (property.options as INodeProperties[]).map((option, i) => (sends[i] ? withoutRouting(option) : option)) };
		collection.options.forEach((option, i) => {
			const send = sends[i];
			if (send) fields.push({ definition: collection, option, path: `${property.name}.${option.name}`, ...send, text: sendsText(option, send.where) });
		});
		return collection;
	});
	const transport = moved.findIndex((property) => property.name === 'transport');
	if (transport !== 0) throw new Error('sendPlainFieldsOnce: the node must start with the Transport parameter');
	const routing = moved[0].routing ?? {};
	moved[0] = {
		...moved[0],
		routing: { ...routing, send: { ...routing.send, preSend: [sendPlainFields(fields), ...(routing.send?.preSend ?? [])] } },
	};
	return moved;
}

function sendPlainFields(fields: PlainField[]): PreSendAction {
	return async function (this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		const node = this.getNode();
		const parameters = node.parameters;
		for (const field of fields) {
			if (!NodeHelpers.displayParameter(parameters, field.definition, node, null, parameters)) continue;
			if (field.option) {
				// A shown collection is an object here: n8n's Workflow gives it its default ({})
				// when it was saved as anything else (an expression included).
				const added = (parameters[field.definition.name] ?? {}) as INodeParameters;
				if (!(field.option.name in added)) continue;
				if (!NodeHelpers.displayParameter(parameters, field.option, node, null, parameters)) continue;
			}
			const value = this.getNodeParameter(field.path, undefined) as IDataObject[string];
			// n8n starts every request with an empty body and query string.
			const target = requestOptions[field.where] as IDataObject;
			target[field.key] = field.text ? (numberAsText(value) as IDataObject[string]) : value;
		}
		return requestOptions;
	};
}
