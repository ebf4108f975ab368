/**
 * The one place every request of both nodes goes through.
 *
 * n8n's routing engine builds each request from the node's parameters and then, when
 * `paginate` is truthy, hands it to `requestOperations.pagination` instead of sending it
 * itself. Both nodes switch that on for every operation (see `transportRouting`), so the
 * functions here see every request: they map error responses to clear messages, and the
 * paginators in pagination.ts call `sendRequest` once per page.
 */
import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	IExecuteSingleFunctions,
	IN8nHttpFullResponse,
	INodeExecutionData,
	INodeProperties,
	JsonObject,
	PostReceiveAction,
} from 'n8n-workflow';
import { NodeApiError, type INode } from 'n8n-workflow';
import { type Failure, RetriesExhausted, retriesSentence, retryAfterMs, withRetries } from './resilience';

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

/** What differs between the two APIs: how an error response is explained to the user. */
export interface ApiDefinition {
	name: string;
	describeError(response: ErrorResponse, request: { method: string; url: string }): UserFacingError;
}

export class ErrorStatusReceived extends Error {
	constructor(readonly response: ErrorResponse) {
		super(`HTTP ${response.statusCode}`);
	}
}

/** The last response seen for a request, so paginators can read headers such as X-Total-Count. */
const lastResponses = new WeakMap<RequestData, { response?: IN8nHttpFullResponse }>();

/**
 * Runs before the operation's own postReceive actions: records the response, stops on an
 * error status (requests are sent with `ignoreHttpStatusErrors`, so every status arrives
 * here) and splits a JSON array into one item per element, as n8n does by default.
 */
function inspectResponse(slot: { response?: IN8nHttpFullResponse }): PostReceiveAction {
	return async function (items, response) {
		slot.response = response;
		if (response.statusCode >= 400) {
			throw new ErrorStatusReceived({
				statusCode: response.statusCode,
				headers: response.headers ?? {},
				body: response.body,
			});
		}
		if (Array.isArray(response.body)) {
			return (response.body as IDataObject[]).map((json) => ({ json }));
		}
		return items;
	};
}

function describeRequest(options: RequestOptions): { method: string; url: string } {
	return { method: String(options.method ?? 'GET'), url: String(options.url ?? '') };
}

/** Network failures (no HTTP response at all) in plain words. */
export function describeNetworkError(error: Error & { code?: string }, apiName: string): UserFacingError {
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
		description: `${code ? `Network error ${code}. ` : ''}Check the Base URL in the credential and that the server is reachable from n8n. If this was a write, check whether it happened before running it again.`,
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
	let slot = lastResponses.get(requestData);
	if (!slot) {
		slot = {};
		lastResponses.set(requestData, slot);
		requestData.postReceive.unshift({
			data: { parameterValue: undefined },
			actions: [inspectResponse(slot)],
		});
	}
	const options: RequestOptions = {
		...requestData.options,
		...override,
		qs: { ...(requestData.options.qs ?? {}), ...(override.qs ?? {}) },
	};
	const request = describeRequest(options);
	const items = await withRetries(
		String(options.baseURL ?? ''),
		request.method,
		async () => await context.makeRoutingRequest({ ...requestData, options }),
		classifyFailure,
	).catch((error) => {
		throw toNodeApiError(context.getNode(), api, error, request, context.getItemIndex());
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
	api: ApiDefinition,
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
	if (!(cause instanceof ErrorStatusReceived) && !isNodeApiError(cause)) {
		// Not a request failure (for example a node error raised while shaping the output).
		return cause instanceof Error ? cause : new Error(String(cause));
	}
	const described =
		cause instanceof ErrorStatusReceived
			? api.describeError(cause.response, request)
			: describeNetworkError(cause as Error, api.name);
	const description = [described.description, retries].filter(Boolean).join(' ') || undefined;
	const httpCode = cause instanceof ErrorStatusReceived ? String(cause.response.statusCode) : undefined;
	return new NodeApiError(node, { message: described.message, description: description ?? '' } as JsonObject, {
		message: described.message,
		description,
		httpCode,
		itemIndex,
	});
}

/** The default for every operation: one request, its items. */
export function singleRequest(api: ApiDefinition) {
	return async function (
		this: IExecutePaginationFunctions,
		requestData: RequestData,
	): Promise<INodeExecutionData[]> {
		return (await sendRequest(this, requestData, api)).items;
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
	if (/^<(!doctype|html)/i.test(text) || /<\/(html|body|h1)>/i.test(text)) return '';
	return text.slice(0, 500);
}
