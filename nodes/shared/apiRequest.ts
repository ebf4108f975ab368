/**
 * What the package adds to every request of both nodes, their editor look-ups and the triggers
 * (docs/architecture.md, section 3): one gate per credential, at most `maxConcurrent` requests in
 * flight and a 429 pausing them all until its Retry-After (per n8n process); a 429 sent again
 * whatever the method, a read that failed with a 5xx or no answer sent again, a write never (it
 * may have happened); an error status, a web page or stray text instead of data stopped, in
 * plain words, never the request's headers. The operations come here through `routedRequest`.
 */
import { NodeApiError, NodeOperationError, sleep } from 'n8n-workflow';
import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	INode,
	INodeExecutionData,
	IPollFunctions,
	IN8nHttpFullResponse,
	JsonObject,
} from 'n8n-workflow';

type Context = IExecuteSingleFunctions | ILoadOptionsFunctions | IPollFunctions;
export type RoutedRequest = DeclarativeRestApiSettings.ResultOptions;
type OutputFunction = (
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
) => Promise<INodeExecutionData[]>;

/** An answer as the API sent it: the body parsed JSON, a string, a Buffer, or empty. */
export type Answer = { statusCode: number; headers: IDataObject; body: unknown };
/** A request as messages may name it: never its headers or host. */
export type ShownRequest = { method: string; url: string; qs?: IDataObject };

/** What differs between the two APIs: `baseUrl` for requests n8n's routing did not build; `pathParameters`, a `{name}` with a label other than its name in words, a normal form, or a look-up by locator mode. */
export interface ApiDefinition {
	name: string;
	credentialType: string;
	baseUrl: (credentials: IDataObject) => string;
	describeError: (
		answer: Answer,
		request: ShownRequest,
	) => { message: string; description?: string };
	pathParameters?: Record<
		string,
		{
			label?: string;
			normalize?: (id: string) => string;
			lookUp?: Record<string, (context: IExecuteSingleFunctions, value: string) => Promise<string>>;
		}
	>;
}

export const policy = {
	rateLimitAttempts: 6,
	readAttempts: 3,
	maxTotalWaitMs: 120_000,
	baseDelayMs: 1_000,
	maxDelayMs: 30_000,
	maxConcurrent: 5,
};
/** Bad input, named as the editor names the field, refused before any request. */
export function invalidInput(
	context: Context,
	field: string,
	problem: string,
	hint?: string,
): NodeOperationError {
	return new NodeOperationError(context.getNode(), `${field}: ${problem}`, {
		itemIndex: 'getItemIndex' in context ? context.getItemIndex() : undefined,
		description: hint,
	});
}

export type Failure =
	| { kind: 'rateLimited'; retryAfterMs?: number }
	| { kind: 'serverError' }
	| { kind: 'network' }
	| { kind: 'final' };
export class RetriesExhausted extends Error {
	constructor(
		readonly lastError: unknown,
		readonly attempts: number,
		readonly waitedMs: number,
		readonly reason: 'attempts' | 'wait',
	) {
		super('retries exhausted');
	}
}

export const isRead = (method: string) => ['GET', 'HEAD'].includes(method.toUpperCase());
const gates = new Map<
	string,
	{ active: number; waiting: Array<() => void>; pausedUntil: number }
>();

/** Runs `attempt` through the gate `key` until it succeeds or the policy gives up; `classify` says what a thrown error was. */
export async function withRetries<T>(
	key: string,
	method: string,
	attempt: () => Promise<T>,
	classify: (error: unknown) => Failure,
): Promise<T> {
	const gate =
		gates.get(key) ?? gates.set(key, { active: 0, waiting: [], pausedUntil: 0 }).get(key)!;
	let waited = 0;
	for (let attempts = 1; ; attempts++) {
		// A slot is handed over by the request that frees it, so none arriving between can take it first.
		if (gate.active < policy.maxConcurrent) gate.active++;
		else await new Promise<void>((resolve) => gate.waiting.push(resolve));
		// After getting a slot: requests queued behind a 429 wait it out too.
		for (
			let pause = gate.pausedUntil - Date.now();
			pause > 0;
			pause = gate.pausedUntil - Date.now()
		) {
			waited += pause;
			await sleep(pause);
		}
		let error: unknown;
		try {
			return await attempt();
		} catch (caught) {
			error = caught;
		} finally {
			const next = gate.waiting.shift();
			if (next) next();
			else gate.active--;
		}
		const failure = classify(error);
		const failedRead =
			(failure.kind === 'serverError' || failure.kind === 'network') && isRead(method);
		if (failure.kind !== 'rateLimited' && !failedRead) throw error;
		if (attempts >= (failedRead ? policy.readAttempts : policy.rateLimitAttempts))
			throw new RetriesExhausted(error, attempts, waited, 'attempts');
		const given = failure.kind === 'rateLimited' ? failure.retryAfterMs : undefined;
		const delay =
			given ??
			Math.round(
				Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempts - 1)) *
					(0.5 + Math.random() * 0.5),
			);
		if (waited + delay > policy.maxTotalWaitMs)
			throw new RetriesExhausted(error, attempts, waited, 'wait');
		// A 429 pauses every request of the credential: the API said it is overloaded.
		if (failure.kind === 'rateLimited')
			gate.pausedUntil = Math.max(gate.pausedUntil, Date.now() + delay);
		else {
			waited += delay;
			await sleep(delay);
		}
	}
}

export const retriesSentence = ({ attempts, waitedMs, reason }: RetriesExhausted) =>
	reason === 'wait'
		? `The node tried ${attempts} time(s) and stopped: waiting longer would exceed ${policy.maxTotalWaitMs / 1000} s.`
		: `The node tried ${attempts} times over ${Math.round(waitedMs / 100) / 10} s before giving up.`;

/** Retry-After as milliseconds: delay-seconds or an HTTP date. */
export function retryAfterMs(header: unknown, now = Date.now()): number | undefined {
	const text = String(Array.isArray(header) ? header[0] : header).trim();
	if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
	const date = Date.parse(text);
	return Number.isNaN(date) ? undefined : Math.max(0, date - now);
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

/** n8n's request helper throws a NodeApiError when no answer came; by name too, for another copy of n8n-workflow. */
const isNoAnswer = (error: unknown) =>
	error instanceof NodeApiError ||
	(error as Error | undefined)?.constructor?.name === 'NodeApiError';
export function classify(error: unknown): Failure {
	if (!(error instanceof ErrorStatus))
		return isNoAnswer(error) ? { kind: 'network' } : { kind: 'final' };
	const { statusCode, headers } = error.answer;
	if (statusCode === 429)
		return { kind: 'rateLimited', retryAfterMs: retryAfterMs(headers['retry-after']) };
	return statusCode >= 500 ? { kind: 'serverError' } : { kind: 'final' };
}

const looksLikeHtml = (text: string) =>
	/^<(!doctype|html)/i.test(text) || /<\/(html|body|h1)>/i.test(text);
/** Stops an error status, a web page (a Base URL that points at a sign-in page) and, where JSON was asked for, what no endpoint answers: text (a proxy's "OK"), null, a number, a boolean. n8n parses JSON whatever its content type; an empty body is a 204. */
function refuseNonData(answer: Answer, wantsJson: boolean): void {
	const { statusCode, body } = answer;
	if (statusCode >= 400) throw new ErrorStatus(answer);
	if (wantsJson && (body === null || typeof body === 'number' || typeof body === 'boolean'))
		throw new NotData(statusCode, JSON.stringify(body));
	if (typeof body !== 'string') return;
	if (looksLikeHtml(body)) throw new NotData(statusCode);
	if (
		wantsJson &&
		body.trim() !== '' &&
		!String(answer.headers['content-type'] ?? '').includes('json')
	)
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

const unresolved = 'the host name could not be resolved';
const timedOut = 'the request timed out';
const NO_ANSWER: Record<string, string> = {
	ECONNREFUSED: 'the connection was refused',
	ENOTFOUND: unresolved,
	EAI_AGAIN: unresolved,
	ECONNRESET: 'the connection was closed before a response arrived',
	ETIMEDOUT: timedOut,
	ECONNABORTED: timedOut,
};
/** No answer at all, in plain words; the code goes in the description, as n8n replaces a message that names one with its own text. */
export function describeNetworkError(
	error: Error & { code?: string },
	apiName: string,
	method: string,
) {
	const code = error.code ?? (error.cause as { code?: string } | undefined)?.code;
	const message = `Could not reach the ${apiName}: ${(code && NO_ANSWER[code]) ?? 'no response was received'}`;
	return {
		message,
		description: `${code ? `Network error ${code}. ` : ''}Check the Base URL in the credential and that the server is reachable from n8n. ${afterFailure(method)}`,
	};
}

/** The error the user sees: our own words only, never the request options, which hold the secret. */
export function wordedError(
	node: INode,
	api: Pick<ApiDefinition, 'name' | 'describeError'>,
	error: unknown,
	request: ShownRequest,
	itemIndex?: number,
): Error {
	const cause = error instanceof RetriesExhausted ? error.lastError : error;
	let words: { message: string; description?: string };
	if (cause instanceof ErrorStatus) words = api.describeError(cause.answer, request);
	else if (cause instanceof NotData) {
		const said = cause.text === undefined ? '' : `, with the text "${cause.text}"`;
		const message = `The ${api.name} answered with ${cause.text === undefined ? 'a web page' : 'text'} instead of data`;
		words = {
			message,
			description: `HTTP ${cause.statusCode} for ${request.method} ${request.url.split('?')[0]}${said}. Check the Base URL in the credential: it must be the API's own address, not a website's.`,
		};
	} else if (isNoAnswer(cause))
		words = describeNetworkError(cause as Error, api.name, request.method);
	else return cause instanceof Error ? cause : new Error(String(cause));
	const description =
		[words.description, error instanceof RetriesExhausted ? retriesSentence(error) : '']
			.filter(Boolean)
			.join(' ') || undefined;
	const httpCode =
		cause instanceof ErrorStatus
			? String(cause.answer.statusCode)
			: cause instanceof NotData
				? String(cause.statusCode)
				: undefined;
	return new NodeApiError(
		node,
		{ message: words.message, description: description ?? '' } as JsonObject,
		{ message: words.message, description, httpCode, itemIndex },
	);
}

/** One request through the credential's gate and retries, its answer checked; a relative URL goes to the credential's API root. `authenticate: false` sends no credential (pings); `raw`: the body is the user's data (a ping body), only its status counts. */
export async function apiRequest(
	context: Context,
	api: ApiDefinition,
	request: IHttpRequestOptions,
	options: { authenticate?: boolean; raw?: boolean; shown?: ShownRequest } = {},
): Promise<Answer> {
	const {
		authenticate = true,
		raw = false,
		shown = { method: request.method ?? 'GET', url: request.url, qs: request.qs },
	} = options;
	const method = (request.method ?? 'GET').toUpperCase();
	// Repeated query values (`?tag=a&tag=b`): the check list ANDs its tags.
	const sent = {
		json: true,
		arrayFormat: 'repeat',
		...request,
		method,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
	} as IHttpRequestOptions;
	if (!sent.baseURL && sent.url.startsWith('/'))
		sent.baseURL = api.baseUrl(await context.getCredentials(api.credentialType));
	const credential = context.getNode().credentials?.[api.credentialType];
	const send = async () => {
		// A fresh copy each time: a retry starts from what was built.
		const copy = { ...sent, headers: { ...sent.headers }, qs: { ...sent.qs } };
		const answer = (await (authenticate
			? context.helpers.httpRequestWithAuthentication.call(context, api.credentialType, copy)
			: context.helpers.httpRequest(copy))) as Answer;
		answer.headers ??= {};
		if (raw && answer.statusCode >= 400) throw new ErrorStatus(answer);
		if (!raw) refuseNonData(answer, sent.json !== false);
		return answer;
	};
	return await withRetries(
		`${api.credentialType}:${credential?.id ?? credential?.name}`,
		method,
		send,
		classify,
	).catch((error) => {
		throw wordedError(
			context.getNode(),
			api,
			error,
			shown,
			'getItemIndex' in context ? context.getItemIndex() : undefined,
		);
	});
}

/** What an answer's request sent: its path parameters (decoded) and body, for the operations' output code. */
const sentRequests = new WeakMap<object, { parameters: Record<string, string>; body: unknown }>();
export const sentRequestOf = (answer: object) =>
	sentRequests.get(answer) ?? { parameters: {}, body: undefined };

/** A parameter's label in messages: its entry, or its name in words (`customFieldId` → "Custom Field"). */
export const labelOf = (api: ApiDefinition, name: string) =>
	api.pathParameters?.[name]?.label ??
	name
		.replace(/Id$/, '')
		.replace(/([a-z])([A-Z])/g, '$1 $2')
		.replace(/^./, (first) => first.toUpperCase());

/** An ID (a locator or text), read once: trimmed, refused when empty, in the API's normal form. */
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

/** An operation's path, each `{name}` filled (readId, or its locator mode's look-up) and URL-encoded; once per item. */
const filledPaths = new WeakMap<
	RoutedRequest,
	Promise<{ url: string; parameters: Record<string, string> }>
>();
function pathOf(context: IExecuteSingleFunctions, api: ApiDefinition, requestData: RoutedRequest) {
	const filled =
		filledPaths.get(requestData) ??
		(async () => {
			const template = String(requestData.options.url);
			const parameters: Record<string, string> = {};
			for (const [, name] of template.matchAll(/\{(\w+)\}/g)) {
				// The mode is what the editor saved, never an expression: reading it costs nothing.
				const lookUp =
					api.pathParameters?.[name]?.lookUp?.[
						(context.getNode().parameters[name] as { mode?: string } | undefined)?.mode ?? ''
					];
				parameters[name] = lookUp
					? await lookUp(context, readId(context, api, name, false))
					: readId(context, api, name);
			}
			return {
				url: template.replace(/\{(\w+)\}/g, (_, name: string) =>
					encodeURIComponent(parameters[name]),
				),
				parameters,
			};
		})();
	filledPaths.set(requestData, filled);
	return filled;
}

/** The request n8n's routing built for an operation, sent with apiRequest, then its output functions (`output.postReceive`) run on the answer, each item of a JSON array an item. `change` alters this request only (a page, the read before a write); a `change.url` is sent as it is. */
export async function routedRequest(
	context: IExecutePaginationFunctions,
	api: ApiDefinition,
	requestData: RoutedRequest,
	change: Partial<IHttpRequestOptions> = {},
): Promise<{ items: INodeExecutionData[]; answer: Answer }> {
	const path =
		change.url === undefined
			? await pathOf(context, api, requestData)
			: { url: change.url, parameters: {} };
	const options = {
		...requestData.options,
		...change,
		url: path.url,
		qs: { ...requestData.options.qs, ...change.qs },
	} as IHttpRequestOptions;
	const answer = await apiRequest(context, api, options);
	sentRequests.set(answer, { parameters: path.parameters, body: options.body });
	let items = Array.isArray(answer.body)
		? (answer.body as IDataObject[]).map((json) => ({ json }))
		: [{ json: answer.body as IDataObject }];
	for (const { actions } of requestData.postReceive) {
		// Functions only: a declarative action (rootProperty, set...) has no place in these operations.
		for (const action of actions)
			items = await (action as OutputFunction).call(context, items, answer as IN8nHttpFullResponse);
	}
	return {
		items: items.map((item) => ({ ...item, pairedItem: { item: context.getItemIndex() } })),
		answer,
	};
}

/** How many records the user asked for: Limit, or all with Return All and without a Limit. An expression's "25" counts; "" is 0. */
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

/** n8n's pagination hook of an operation without one of its own: one request, its items up to Limit. */
export function oneRequest(api: ApiDefinition) {
	return async function (
		this: IExecutePaginationFunctions,
		requestData: RoutedRequest,
	): Promise<INodeExecutionData[]> {
		const limit = requestedLimit(this);
		return (await routedRequest(this, api, requestData)).items.slice(0, limit);
	};
}
