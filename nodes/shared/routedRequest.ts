/**
 * The requests n8n's routing builds for the action nodes' operations, sent through apiRequest:
 * each node hands every one to `sendThroughGate` (its requestOperations.pagination, switched on
 * by send.paginate on the Resource selector), or to the operation's own hook, which sends its
 * requests with `routedRequest`. test/package/requestPath.test.ts refuses routing that skips it.
 */
import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	INodeExecutionData,
} from 'n8n-workflow';
import { type Answer, apiRequest, type ApiDefinition, invalidInput, readId } from './apiRequest';

export type RoutedRequest = DeclarativeRestApiSettings.ResultOptions;
/** What a routed request sent: its URL with each `{name}` filled, those values, its body. */
export type Sent = { url: string; parameters: Record<string, string>; body: unknown };
/** A routed request's answer carries what was sent, for the operations' output functions. */
export type RoutedAnswer = Answer & { sent: Sent };
type OutputFunction = (
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
) => Promise<INodeExecutionData[]>;

/** What the request of an output function's answer sent (none for an answer not routed here). */
export const sentRequestOf = (answer: object): Sent =>
	(answer as Partial<RoutedAnswer>).sent ?? { url: '', parameters: {}, body: undefined };

/** An operation's path, each `{name}` filled (readId, or its mode's look-up) and URL-encoded. */
async function pathOf(context: IExecuteSingleFunctions, api: ApiDefinition, template: string) {
	const parameters: Record<string, string> = {};
	for (const [, name] of template.matchAll(/\{(\w+)\}/g)) {
		// The mode is what the editor saved, never an expression: reading it costs nothing.
		const mode = (context.getNode().parameters[name] as { mode?: string } | undefined)?.mode;
		const lookUp = api.pathParameters?.[name]?.lookUp?.[mode ?? ''];
		parameters[name] = lookUp
			? await lookUp(context, readId(context, api, name, false))
			: readId(context, api, name);
	}
	const url = template.replace(/\{(\w+)\}/g, (_, name: string) =>
		encodeURIComponent(parameters[name]),
	);
	return { url, parameters };
}

/**
 * The request n8n's routing built for an operation, sent with apiRequest, then its output
 * functions (`output.postReceive`) run on the answer, each item of a JSON array an item.
 * `change` alters this request only (a page, the read before a write); a `change.url` is sent
 * as it is (`answer.sent.url` sends to the record a first request named).
 */
export async function routedRequest(
	context: IExecutePaginationFunctions,
	api: ApiDefinition,
	requestData: RoutedRequest,
	change: Partial<IHttpRequestOptions> = {},
): Promise<{ items: INodeExecutionData[]; answer: RoutedAnswer }> {
	const { url, parameters } =
		change.url === undefined
			? await pathOf(context, api, String(requestData.options.url))
			: { url: change.url, parameters: {} };
	const options = {
		...requestData.options,
		...change,
		url,
		qs: { ...requestData.options.qs, ...change.qs },
	} as IHttpRequestOptions;
	const sent: Sent = { url, parameters, body: options.body };
	const answer = Object.assign(await apiRequest(context, api, options), { sent });
	let items = Array.isArray(answer.body)
		? (answer.body as IDataObject[]).map((json) => ({ json }))
		: [{ json: answer.body as IDataObject }];
	// Functions only: requestPath.test.ts refuses a declarative action (rootProperty, set...).
	for (const { actions } of requestData.postReceive)
		for (const action of actions)
			items = await (action as OutputFunction).call(context, items, answer as IN8nHttpFullResponse);
	return {
		items: items.map((item) => ({ ...item, pairedItem: { item: context.getItemIndex() } })),
		answer,
	};
}

/**
 * How many records the user asked for: Limit, or all with Return All and without a Limit.
 * An expression's "25" counts; "" is 0.
 */
export function requestedLimit(context: IExecuteSingleFunctions): number {
	const value = context.getNodeParameter('limit', Infinity) as unknown;
	const limit = typeof value === 'string' ? Number(value) : value;
	if (
		typeof limit !== 'number' ||
		!(limit >= 1) ||
		(Number.isFinite(limit) && !Number.isInteger(limit))
	) {
		throw invalidInput(
			context,
			'Limit',
			`must be a whole number of at least 1, got ${JSON.stringify(value)}`,
			'Turn on Return All to get every result.',
		);
	}
	return limit;
}

/**
 * The node's hook (requestOperations.pagination) of every operation without one of its own:
 * its one request, its items up to Limit.
 */
export function sendThroughGate(api: ApiDefinition) {
	return async function (
		this: IExecutePaginationFunctions,
		requestData: RoutedRequest,
	): Promise<INodeExecutionData[]> {
		const limit = requestedLimit(this);
		return (await routedRequest(this, api, requestData)).items.slice(0, limit);
	};
}
