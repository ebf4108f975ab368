/**
 * The one place every request of both nodes goes through.
 *
 * n8n's routing engine builds each request from the node's parameters and then, when
 * `paginate` is truthy, hands it to `requestOperations.pagination` instead of sending it
 * itself. Both nodes switch that on for every operation (see `transportRouting`), so the
 * functions here see every request: they fill in the path parameters, send through the
 * rate-limit gate and the retry policy, and map error responses to clear messages; the
 * paginators in pagination.ts call `sendRequest` once per page.
 *
 * Why paths are templates (`/v1/contacts/{contactId}`) and not expressions: n8n evaluates
 * an expression in a route for every item, and one that reads `$parameter.x` resolves that
 * parameter (the user's own expression) once more. Here each path parameter is read once
 * per item, and nothing else is evaluated.
 */
import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	INode,
	INodeExecutionData,
	INodeProperties,
	IPollFunctions,
	JsonObject,
	PostReceiveAction,
	PreSendAction,
} from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';
import { type Failure, isReadMethod, RetriesExhausted, retriesSentence, retryAfterMs, withRetries } from './resilience';
import { invalidInput } from './validation';

export type RequestData = DeclarativeRestApiSettings.ResultOptions;
export type RequestOptions = DeclarativeRestApiSettings.HttpRequestOptions;

/** An HTTP response with an error status, as the API sent it. */
export interface ErrorResponse {
	statusCode: number;
	headers: IDataObject;
	/** Parsed JSON, a string (HTML or text), or '' / undefined when empty. */
	body: unknown;
}

export interface UserFacingError {
	message: string;
	description?: string;
}

/** A `{name}` in an operation's URL: how to read and check it. */
export interface PathParameter {
	/** The field's name as the user sees it, for bad-input messages. */
	label: string;
	/** The value as the API wants it (already trimmed), e.g. lower case. */
	normalize?: (value: string) => string;
	/**
	 * Locator modes whose value is not the id itself (a check by slug): the id they name,
	 * looked up with a request of their own. Given the value trimmed, not normalized.
	 */
	lookUp?: Record<string, (context: IExecuteSingleFunctions, value: string) => Promise<string>>;
}

/** What differs between the two APIs. */
export interface ApiDefinition {
	name: string;
	credentialType: string;
	describeError(response: ErrorResponse, request: { method: string; url: string }): UserFacingError;
	pathParameters: Record<string, PathParameter>;
}

export class ErrorStatusReceived extends Error {
	constructor(readonly response: ErrorResponse) {
		super(`HTTP ${response.statusCode}`);
	}
}

/**
 * A success status with something other than the API's data: a web page (the Base URL
 * points at a sign-in page, or a web app that answers every path with its start page), or
 * text the operation did not ask for (a proxy's or another service's "OK"). Without this
 * check it would reach the operation's output code as text.
 */
export class NotDataReceived extends Error {
	// No message of its own: toNodeApiError words it, with the API's name.
	constructor(
		readonly statusCode: number,
		/** The text's beginning; none for a web page, which is no message for a person. */
		readonly text?: string,
	) {
		super();
	}
}

/** What was sent for a response: postReceive functions read it instead of reading parameters again. */
export interface SentRequest {
	method: string;
	/** The path as sent (path parameters filled in and URL-encoded). */
	path: string;
	/** The path parameters as read (decoded). */
	parameters: Record<string, string>;
	body: unknown;
}

interface RequestSlot {
	/** Path parameters are read once per item, however many requests the item makes. */
	path?: { url: string; parameters: Record<string, string> };
	current?: SentRequest;
	/** Whether the current request asks for JSON (operations that answer text say `json: false`). */
	wantsJson?: boolean;
	response?: IN8nHttpFullResponse;
}

const slots = new WeakMap<RequestData, RequestSlot>();
const sentRequests = new WeakMap<object, SentRequest>();

/**
 * The request a response answered (for postReceive functions). Every response they see
 * was recorded first: inspectResponse runs before an operation's own actions.
 */
export function sentRequestOf(response: IN8nHttpFullResponse): SentRequest {
	return sentRequests.get(response) as SentRequest;
}

/**
 * Runs before the operation's own postReceive actions: records the response, stops on an
 * error status (requests are sent with `ignoreHttpStatusErrors`, so every status arrives
 * here) and splits a JSON array into one item per element, as n8n does by default.
 */
function inspectResponse(slot: RequestSlot): PostReceiveAction {
	return async function (items, response) {
		slot.response = response;
		sentRequests.set(response, slot.current as SentRequest);
		if (response.statusCode >= 400) {
			throw new ErrorStatusReceived({
				statusCode: response.statusCode,
				headers: response.headers ?? {},
				body: response.body,
			});
		}
		refuseNonData(response, slot.wantsJson === true);
		if (Array.isArray(response.body)) {
			return (response.body as IDataObject[]).map((json) => ({ json }));
		}
		return items;
	};
}

/**
 * Stop on a success answer that is not the API's data (NotDataReceived). Ping bodies, which
 * may well be HTML, are asked for as bytes and arrive as a Buffer, never as text.
 */
export function refuseNonData(response: { statusCode: number; body: unknown; headers?: IDataObject }, wantsJson: boolean): void {
	if (typeof response.body !== 'string') return;
	if (looksLikeHtml(response.body)) throw new NotDataReceived(response.statusCode);
	// n8n parses JSON whatever its content type, so text here is no JSON, or a JSON string
	// (a Custom Field Rename's answer), which comes as JSON. Empty is no body (a 204).
	const contentType = String(response.headers?.['content-type'] ?? '');
	const text = response.body.trim();
	if (wantsJson && text !== '' && !contentType.includes('json')) throw new NotDataReceived(response.statusCode, text.slice(0, 100));
}

const PLACEHOLDER = /\{(\w+)\}/g;

/** Fill `{name}` in a path with the parameter's value, checked and URL-encoded. */
export async function resolvePath(
	context: IExecuteSingleFunctions,
	template: string,
	api: ApiDefinition,
): Promise<{ url: string; parameters: Record<string, string> }> {
	const parameters: Record<string, string> = {};
	for (const [, name] of template.matchAll(PLACEHOLDER)) parameters[name] = await readPathParameter(context, name, api);
	const url = template.replace(PLACEHOLDER, (_match, name: string) => encodeURIComponent(parameters[name]));
	return { url, parameters };
}

/**
 * A path parameter's id: readIdParameter's, or, for a locator mode that names the record
 * another way (a check by slug), the id its look-up finds.
 */
async function readPathParameter(context: IExecuteSingleFunctions, name: string, api: ApiDefinition): Promise<string> {
	const spec = api.pathParameters[name];
	// The mode is what the editor saved (never an expression), so reading it costs nothing.
	const mode = (context.getNode().parameters[name] as { mode?: string } | undefined)?.mode;
	const lookUp = mode === undefined ? undefined : spec.lookUp?.[mode];
	return lookUp ? await lookUp(context, readTrimmed(context, name, spec)) : readIdParameter(context, name, api);
}

/**
 * An id parameter (a locator or text) as the API wants it: read once, trimmed, not empty.
 * Also the ID a trigger watches (Check Monitor Trigger's check).
 */
export function readIdParameter(context: IExecuteSingleFunctions | IPollFunctions, name: string, api: ApiDefinition): string {
	// Every `{name}` in an operation's URL has an entry (the path-parameter tests run them all).
	const spec = api.pathParameters[name];
	const trimmed = readTrimmed(context, name, spec);
	return spec.normalize ? spec.normalize(trimmed) : trimmed;
}

function readTrimmed(context: IExecuteSingleFunctions | IPollFunctions, name: string, spec: PathParameter): string {
	const raw = context.getNodeParameter(name, '', { extractValue: true }) as unknown;
	const trimmed = String(raw ?? '').trim();
	if (trimmed === '') throw invalidInput(context, spec.label, 'is empty', 'Pick one from the list or enter its ID.');
	return trimmed;
}

/**
 * An operation's preSend that sends an id parameter in the body, checked as a path
 * parameter is. For a parameter that other operations use in their paths: a routing of its
 * own would make its definition differ per operation, and each definition of a name costs
 * an evaluation of the user's expression per item (see mergeSameNamedProperties); a routed
 * definition is also read once more in each of the engine's walks. This reads it once.
 */
export function sendIdInBody(name: string, api: ApiDefinition): PreSendAction {
	return async function (this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		requestOptions.body = { ...((requestOptions.body ?? {}) as IDataObject), [name]: readIdParameter(this, name, api) };
		return requestOptions;
	};
}

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

/**
 * The rate-limit gate of a request: one per credential (an account), so one account's 429
 * never pauses another's and two accounts on the same host do not share a cap.
 */
export function gateKey(context: { getNode(): INode }, credentialType: string): string {
	const credential = context.getNode().credentials?.[credentialType];
	return `${credentialType}:${credential?.id ?? credential?.name}`;
}

/**
 * What a failed request (a 5xx, no response) means for running it again: a read changed
 * nothing; a write may have happened, and it is never sent again (see resilience.ts). Read
 * with the retry policy's own rule (isReadMethod).
 */
export function afterFailure(method: string): string {
	const verb = method.toUpperCase();
	return isReadMethod(verb)
		? 'The request only reads data, so running it again is safe.'
		: `The request was a write (${verb}) and was not sent again: it may have happened, so check before running it again.`;
}

/** Network failures (no HTTP response at all) in plain words. */
export function describeNetworkError(error: Error & { code?: string }, apiName: string, method: string): UserFacingError {
	const code = error.code ?? (error.cause as { code?: string } | undefined)?.code;
	const reasons: Record<string, string> = {
		ECONNREFUSED: 'the connection was refused',
		ENOTFOUND: 'the host name could not be resolved',
		ECONNRESET: 'the connection was closed before a response arrived',
		ETIMEDOUT: 'the request timed out',
		ECONNABORTED: 'the request timed out',
		EAI_AGAIN: 'the host name could not be resolved',
	};
	const reason = (code && reasons[code]) ?? 'no response was received';
	// The code goes in the description: n8n replaces a message that names a network
	// error code with its own generic text.
	return {
		message: `Could not reach the ${apiName}: ${reason}`,
		description: `${code ? `Network error ${code}. ` : ''}Check the Base URL in the credential and that the server is reachable from n8n. ${afterFailure(method)}`,
	};
}

/**
 * Send one request of an operation and return its items and the raw response.
 * `override` changes the request for this call only (for example the page number).
 */
export async function sendRequest(
	context: IExecutePaginationFunctions,
	requestData: RequestData,
	api: ApiDefinition,
	override: Partial<RequestOptions> = {},
): Promise<{ items: INodeExecutionData[]; response: IN8nHttpFullResponse }> {
	let slot = slots.get(requestData);
	if (!slot) {
		slot = {};
		slots.set(requestData, slot);
		requestData.postReceive.unshift({
			data: { parameterValue: undefined },
			actions: [inspectResponse(slot)],
		});
	}
	// Every operation's routing sets its method and URL (each runs through here in the tests).
	slot.path ??= await resolvePath(context, String(requestData.options.url), api);
	const options: RequestOptions = {
		...requestData.options,
		url: slot.path.url,
		...override,
		qs: { ...(requestData.options.qs ?? {}), ...(override.qs ?? {}) },
	};
	const method = String(options.method);
	const path = String(options.url);
	const sent: SentRequest = { method, path, parameters: slot.path.parameters, body: options.body };
	const items = await withRetries(
		gateKey(context, api.credentialType),
		method,
		async () => {
			slot.current = sent;
			slot.wantsJson = options.json !== false;
			// A fresh copy per attempt: the credential rewrites the options it is given (a
			// ping's path becomes the ping URL), and a retry must start from what was built.
			const attempt = { ...options, headers: { ...(options.headers ?? {}) }, qs: { ...(options.qs ?? {}) } };
			return await context.makeRoutingRequest({ ...requestData, options: attempt });
		},
		classifyFailure,
	).catch((error) => {
		throw toNodeApiError(context.getNode(), api, error, { method, url: path }, context.getItemIndex());
	});
	return { items: pairedWithInput(context, items), response: slot.response as IN8nHttpFullResponse };
}

/**
 * Every output item comes from the input item whose request produced it; n8n needs that
 * link for expressions like `$('Earlier node').item` in later nodes.
 */
export function pairedWithInput(
	context: IExecutePaginationFunctions | IExecuteSingleFunctions,
	items: INodeExecutionData[],
): INodeExecutionData[] {
	const pairedItem = { item: context.getItemIndex() };
	return items.map((item) => ({ ...item, pairedItem }));
}

/** What a failed attempt was, for the retry policy. */
export function classifyFailure(error: unknown): Failure {
	if (error instanceof ErrorStatusReceived) {
		const { statusCode, headers } = error.response;
		if (statusCode === 429) return { kind: 'rateLimited', retryAfterMs: retryAfterMs(headers['retry-after']) };
		return statusCode >= 500 ? { kind: 'serverError' } : { kind: 'final' };
	}
	// n8n's request helper wraps network failures (refused, reset, timed out) this way.
	return isNodeApiError(error) ? { kind: 'network' } : { kind: 'final' };
}

/**
 * By name as well as by class: installed from the Community Nodes screen, the package may
 * get its own copy of n8n-workflow, whose NodeApiError is not the class n8n-core throws.
 */
function isNodeApiError(error: unknown): boolean {
	return error instanceof NodeApiError || (error as Error | undefined)?.constructor?.name === 'NodeApiError';
}

/**
 * The error the user sees for a failed request: the API's answer (or the network failure)
 * in plain words, and how often it was retried. Only our own words go into it, never the
 * request options, which hold the secret.
 */
export function toNodeApiError(
	node: INode,
	api: Pick<ApiDefinition, 'name' | 'describeError'>,
	error: unknown,
	request: { method: string; url: string },
	itemIndex?: number,
): Error {
	let cause = error;
	let retries = '';
	if (error instanceof RetriesExhausted) {
		cause = error.lastError;
		retries = retriesSentence(error);
	}
	let described: UserFacingError;
	let httpCode: string | undefined;
	if (cause instanceof ErrorStatusReceived) {
		described = api.describeError(cause.response, request);
		httpCode = String(cause.response.statusCode);
	} else if (cause instanceof NotDataReceived) {
		const answer = cause.text === undefined ? '' : `, with the text "${cause.text}"`;
		described = {
			message: `The ${api.name} answered with ${cause.text === undefined ? 'a web page' : 'text'} instead of data`,
			description: `HTTP ${cause.statusCode} for ${request.method} ${request.url.split('?')[0]}${answer}. Check the Base URL in the credential: it must be the API's own address, not a website's.`,
		};
		httpCode = String(cause.statusCode);
	} else if (isNodeApiError(cause)) {
		described = describeNetworkError(cause as Error, api.name, request.method);
	} else {
		// Not a request failure (for example a node error raised while shaping the output).
		return cause instanceof Error ? cause : new Error(String(cause));
	}
	const description = [described.description, retries].filter(Boolean).join(' ') || undefined;
	return new NodeApiError(node, { message: described.message, description: description ?? '' } as JsonObject, {
		message: described.message,
		description,
		httpCode,
		itemIndex,
	});
}

/**
 * How many records the user asked for: Limit, or no limit with Return All and in
 * operations without them (a Get). Read here rather than through a routing expression,
 * which n8n would evaluate for every item. n8n drops a parameter that is not shown, so
 * with Return All on there is no Limit to read, even in a workflow saved with one.
 */
export function requestedLimit(context: IExecuteSingleFunctions): number {
	const value = context.getNodeParameter('limit', Infinity) as unknown;
	// An expression may give the number as text ("25" from a query string); "" is 0, refused.
	const limit = typeof value === 'string' ? Number(value) : value;
	if (typeof limit !== 'number' || !(limit >= 1) || (Number.isFinite(limit) && !Number.isInteger(limit))) {
		throw invalidInput(context, 'Limit', `must be a whole number of at least 1, got ${JSON.stringify(value)}`, 'Turn on Return All to get every result.');
	}
	return limit;
}

/** The default for every operation: one request, its items (a list trimmed to Limit). */
export function singleRequest(api: ApiDefinition) {
	return async function (
		this: IExecutePaginationFunctions,
		requestData: RequestData,
	): Promise<INodeExecutionData[]> {
		const limit = requestedLimit(this);
		const { items } = await sendRequest(this, requestData, api);
		return items.slice(0, limit);
	};
}

/**
 * A hidden parameter whose routing turns on `paginate` for every operation, so that every
 * request reaches the node's `requestOperations.pagination` (the transport) and none is
 * sent by the engine on its own.
 */
export const transportRouting: INodeProperties = {
	displayName: 'Transport',
	name: 'transport',
	type: 'hidden',
	default: 'node',
	routing: { send: { paginate: true } },
};

/** Text of an error body for messages: JSON `error`/`message`, plain text, never HTML. */
export function bodyText(body: unknown): string {
	if (body === undefined || body === null) return '';
	if (Buffer.isBuffer(body)) return bodyText(body.toString('utf8'));
	if (body instanceof ArrayBuffer) return bodyText(Buffer.from(body).toString('utf8'));
	if (typeof body === 'object') {
		const record = body as IDataObject;
		const text = record.message ?? record.error;
		return typeof text === 'string' ? text : JSON.stringify(body);
	}
	const text = String(body).trim();
	if (looksLikeHtml(text)) return '';
	return text.slice(0, 500);
}

/** A web page (Django's error pages, a sign-in page), not text meant for a person to read here. */
function looksLikeHtml(text: string): boolean {
	return /^<(!doctype|html)/i.test(text) || /<\/(html|body|h1)>/i.test(text);
}
