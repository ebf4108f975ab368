/**
 * The transport: how every request of both action nodes is sent. Every operation turns on
 * n8n's pagination hook (the hidden Transport parameter below), so that each request is sent
 * by `sendRequest`, which adds what n8n's own sending lacks: retries, one rate gate per
 * credential, and errors in plain words (docs/architecture.md, "One item").
 */
import type {
	DeclarativeRestApiSettings,
	IExecutePaginationFunctions,
	IExecuteSingleFunctions,
	IN8nHttpFullResponse,
	INodeExecutionData,
	INodeProperties,
	PostReceiveAction,
	IDataObject,
} from 'n8n-workflow';
import type { ApiDefinition } from './apiDefinition';
import { classifyFailure } from './failureKind';
import { toNodeApiError } from './failureWording';
import { resolvePath } from './idParameters';
import { gateKey, withRetries } from './resilience';
import { ErrorStatusReceived, refuseNonData } from './responseChecks';

export type RequestData = DeclarativeRestApiSettings.ResultOptions;
export type RequestOptions = DeclarativeRestApiSettings.HttpRequestOptions;

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
		throw toNodeApiError(context.getNode(), api, error, { method, url: path, qs: options.qs }, context.getItemIndex());
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

/**
 * The hidden Transport parameter: its routing turns on `paginate` for every operation, so the
 * engine hands every request to the operation's pagination hook instead of sending it.
 */
export const transport: INodeProperties = {
	displayName: 'Transport',
	name: 'transport',
	type: 'hidden',
	default: 'node',
	routing: { send: { paginate: true } },
};
