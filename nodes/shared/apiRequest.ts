/**
 * Every request of both nodes, their editor look-ups and the triggers (docs/architecture.md,
 * section 3), sent through its credential's gate (gate.ts): an error status, a web page or
 * stray text instead of data stopped, in plain words without the request's headers, host or secret.
 */
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	INode,
	IPollFunctions,
	JsonObject,
} from 'n8n-workflow';
import {
	type Failure,
	isRead,
	RetriesExhausted,
	retriesSentence,
	retryAfterMs,
	withRetries,
} from './gate';

export { policy } from './gate'; // for the tests and benchmarks that shorten its waits

type Context = IExecuteSingleFunctions | ILoadOptionsFunctions | IPollFunctions;
/** An answer as the API sent it: the body parsed JSON, a string, a Buffer, or empty. */
export type Answer = { statusCode: number; headers: IDataObject; body: unknown };
/** A request as messages may name it: never its headers or host. */
export type ShownRequest = { method: string; url: string; qs?: IDataObject };

/** What differs between the two APIs. */
export interface ApiDefinition {
	name: string;
	credentialType: string;
	urlSetting: string; // the credential's setting that says where requests go, for messages
	baseUrl: (credentials: IDataObject) => string; // the root of requests routing did not build
	describeError: (
		answer: Answer,
		request: ShownRequest,
	) => { message: string; description?: string };
	// A `{name}` with a label other than its name in words, a normal form, a look-up by mode.
	pathParameters?: Record<
		string,
		{
			label?: string;
			normalize?: (id: string) => string;
			lookUp?: Record<string, (context: IExecuteSingleFunctions, value: string) => Promise<string>>;
		}
	>;
}

const itemIndexOf = (context: object) =>
	'getItemIndex' in context ? (context as IExecuteSingleFunctions).getItemIndex() : undefined;

/** Bad input, named as the editor names the field, refused before any request. */
export function invalidInput(context: Context, field: string, problem: string, hint?: string) {
	return new NodeOperationError(context.getNode(), `${field}: ${problem}`, {
		itemIndex: itemIndexOf(context),
		description: hint,
	});
}

export class ErrorStatus extends Error {
	constructor(readonly answer: Answer) {
		super(`HTTP ${answer.statusCode}`);
	}
}
/** A success status with something other than data; no `text` for a web page. */
class NotData extends Error {
	constructor(
		readonly statusCode: number,
		readonly text?: string,
	) {
		super('not data');
	}
}

/** No answer came: a NodeApiError (n8n's helper, any copy) or axios's error (its plain helper). */
const isNoAnswer = (error: unknown) =>
	error instanceof NodeApiError ||
	['NodeApiError', 'AxiosError'].includes(String((error as Error)?.constructor?.name));
export function classify(error: unknown): Failure {
	if (!(error instanceof ErrorStatus)) return { kind: isNoAnswer(error) ? 'network' : 'final' };
	const { statusCode, headers } = error.answer;
	if (statusCode === 429)
		return { kind: 'rateLimited', retryAfterMs: retryAfterMs(headers['retry-after']) };
	return { kind: statusCode >= 500 ? 'serverError' : 'final' };
}

const looksLikeHtml = (text: string) =>
	/^<(!doctype|html)/i.test(text) || /<\/(html|body|h1)>/i.test(text);
/** Stops an error status, a web page (the URL is a sign-in page's) and, where JSON was asked
 * for, what no endpoint answers: text (a proxy's "OK"; a 204 has ''), null, a number, a boolean. */
function refuseNonData(answer: Answer, wantsJson: boolean, raw: boolean) {
	const { statusCode, headers, body } = answer;
	if (statusCode >= 400) throw new ErrorStatus(answer);
	if (raw) return; // the body is the user's data (a ping body): only the status counts
	if (wantsJson && (body === null || typeof body === 'number' || typeof body === 'boolean'))
		throw new NotData(statusCode, JSON.stringify(body));
	if (typeof body !== 'string') return; // n8n parses JSON whatever its content type
	if (looksLikeHtml(body)) throw new NotData(statusCode);
	if (wantsJson && body.trim() !== '' && !String(headers['content-type'] ?? '').includes('json'))
		throw new NotData(statusCode, body.trim().slice(0, 100));
}

/** An error body as text for messages: JSON `message` or `error`, plain text, never HTML. */
export function bodyText(body: unknown): string {
	if (body === undefined || body === null) return '';
	if (Buffer.isBuffer(body) || body instanceof ArrayBuffer)
		return bodyText(Buffer.from(body as Buffer).toString('utf8'));
	if (typeof body === 'object') {
		const text = (body as IDataObject).message ?? (body as IDataObject).error;
		return typeof text === 'string' ? text : JSON.stringify(body);
	}
	const text = String(body).trim();
	return looksLikeHtml(text) ? '' : text.slice(0, 500);
}

/** What a failed request (a 5xx, no answer) means for running it again. */
export const afterFailure = (method: string) =>
	isRead(method)
		? 'The request only reads data, so running it again is safe.'
		: `The request was a write (${method.toUpperCase()}) and was not sent again: it may have happened, so check before running it again.`;

const [unresolved, timedOut] = ['the host name could not be resolved', 'the request timed out'];
const NO_ANSWER: Record<string, string> = {
	ECONNREFUSED: 'the connection was refused',
	ENOTFOUND: unresolved,
	EAI_AGAIN: unresolved,
	ECONNRESET: 'the connection was closed before a response arrived',
	ETIMEDOUT: timedOut,
	ECONNABORTED: timedOut,
};
/** No answer, in words; its code goes in the description (n8n replaces a message naming one). */
export function describeNetworkError(
	error: Error & { code?: string },
	api: Pick<ApiDefinition, 'name' | 'urlSetting'>,
	method: string,
) {
	const code = error.code ?? (error.cause as { code?: string } | undefined)?.code;
	return {
		message: `Could not reach the ${api.name}: ${(code && NO_ANSWER[code]) ?? 'no response was received'}`,
		description: `${code ? `Network error ${code}. ` : ''}Check the ${api.urlSetting} in the credential and that the server is reachable from n8n. ${afterFailure(method)}`,
	};
}

/** The error the user sees: our words only, never the request options, which hold the secret. */
export function wordedError(
	node: INode,
	api: Pick<ApiDefinition, 'name' | 'urlSetting' | 'describeError'>,
	error: unknown,
	request: ShownRequest,
	itemIndex?: number,
): Error {
	const cause = error instanceof RetriesExhausted ? error.lastError : error;
	let words: { message: string; description?: string };
	if (cause instanceof ErrorStatus) words = api.describeError(cause.answer, request);
	else if (cause instanceof NotData)
		words = {
			message: `The ${api.name} answered with ${cause.text === undefined ? 'a web page' : 'text'} instead of data`,
			description: `HTTP ${cause.statusCode} for ${request.method} ${request.url.split('?')[0]}${cause.text === undefined ? '' : `, with the text "${cause.text}"`}. Check the ${api.urlSetting} in the credential: it must be the API's own address, not a website's.`,
		};
	else if (isNoAnswer(cause)) words = describeNetworkError(cause as Error, api, request.method);
	else return cause instanceof Error ? cause : new Error(String(cause));
	const retries = error instanceof RetriesExhausted ? retriesSentence(error) : '';
	const description = [words.description, retries].filter(Boolean).join(' ') || undefined;
	const status =
		cause instanceof ErrorStatus
			? cause.answer.statusCode
			: cause instanceof NotData
				? cause.statusCode
				: undefined;
	const { message } = words;
	return new NodeApiError(node, { message, description: description ?? '' } as JsonObject, {
		message,
		description,
		httpCode: status === undefined ? undefined : String(status),
		itemIndex,
	});
}

/**
 * One request through the credential's gate and retries, its answer checked; a relative URL goes
 * to the credential's API root. `authenticate: false` sends no credential: such a request (a
 * ping) is authorized by its URL alone, so no message ever shows its URL. `raw`: the body is the
 * user's data (a ping body), only its status counts.
 */
export async function apiRequest(
	context: Context,
	api: ApiDefinition,
	request: IHttpRequestOptions,
	{ authenticate = true, raw = false }: { authenticate?: boolean; raw?: boolean } = {},
): Promise<Answer> {
	const method = (request.method ?? 'GET').toUpperCase();
	// Repeated query values (`?tag=a&tag=b`): the check list ANDs its tags.
	const sent = {
		...{ json: true, arrayFormat: 'repeat' },
		...{ ...request, method, returnFullResponse: true, ignoreHttpStatusErrors: true },
	} as IHttpRequestOptions;
	if (!sent.baseURL && sent.url.startsWith('/'))
		sent.baseURL = api.baseUrl(await context.getCredentials(api.credentialType));
	const shown = authenticate
		? { method, url: request.url, qs: request.qs }
		: { method, url: `<${api.urlSetting}>/…` };
	const send = async () => {
		// A fresh copy each time: a retry starts from what was built.
		const copy = { ...sent, headers: { ...sent.headers }, qs: { ...sent.qs } };
		const answer = (await (authenticate
			? context.helpers.httpRequestWithAuthentication.call(context, api.credentialType, copy)
			: context.helpers.httpRequest(copy))) as Answer;
		answer.headers ??= {};
		refuseNonData(answer, sent.json !== false, raw);
		return answer;
	};
	const credential = context.getNode().credentials?.[api.credentialType];
	const key = `${api.credentialType}:${credential?.id ?? credential?.name}`;
	return await withRetries(key, method, send, classify).catch((error) => {
		throw wordedError(context.getNode(), api, error, shown, itemIndexOf(context));
	});
}

/** A parameter's label: its entry, or its name in words (`customFieldId` → "Custom Field"). */
export const labelOf = (api: ApiDefinition, name: string) =>
	api.pathParameters?.[name]?.label ??
	name
		.replace(/Id$/, '')
		.replace(/([a-z])([A-Z])/g, '$1 $2')
		.replace(/^./, (first) => first.toUpperCase());

/** An ID (a locator or text): trimmed, refused when empty, in the API's normal form. */
export function readId(
	context: IExecuteSingleFunctions | IPollFunctions,
	api: ApiDefinition,
	name: string,
	normalize = true,
): string {
	const id = String(
		(context.getNodeParameter(name, '', { extractValue: true }) as unknown) ?? '',
	).trim();
	if (id === '')
		throw invalidInput(
			context,
			labelOf(api, name),
			'is empty',
			'Pick one from the list or enter its ID.',
		);
	return (normalize && api.pathParameters?.[name]?.normalize?.(id)) || id;
}
