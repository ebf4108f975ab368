/**
 * The check-monitor server's Webhook integration, as the real server runs it
 * (docs/api/check-monitor.md, "Webhook integration"): per event (down, up) a method, URL,
 * body and headers with placeholders; the request sent with no Content-Type of its own and
 * `User-Agent: healthchecks.io`; 3 attempts back to back, each given `timeoutMs` (30 s) in
 * all; only 200, 201, 202 and 204 count as delivered; up to 3 redirects followed; private
 * addresses refused unless allowed. One delivery at a time, in the order of the flips, as
 * the server's alert worker sends them. Every attempt is logged, its answer included (the
 * server's web UI shows only "Failed" and the status).
 */
import http from 'node:http';
import https from 'node:https';

export type WebhookEvent = 'down' | 'up';

export interface WebhookRequestSpec {
	/** GET (the server's form default), POST or PUT. */
	method?: 'GET' | 'POST' | 'PUT';
	/** Empty: the event is not sent. */
	url: string;
	/** Sent with POST and PUT only. */
	body?: string;
	headers?: Record<string, string>;
}

export interface WebhookIntegration {
	id: string;
	name: string;
	down?: WebhookRequestSpec;
	up?: WebhookRequestSpec;
}

/** What one attempt sent and got back. */
export interface DeliveryAttempt {
	integration: string;
	event: WebhookEvent;
	/** The check's UUID, and the flip's time as $NOW gives it. */
	check: string;
	at: string;
	test: boolean;
	attempt: number;
	method: string;
	url: string;
	headers: Record<string, string>;
	body: string;
	/** The answer's status, or why there was none. */
	status?: number;
	error?: string;
	responseBody?: string;
	delivered: boolean;
	sentAt: number;
	answeredAt: number;
}

/** The values of the placeholders for one flip. */
export interface PlaceholderValues {
	code: string;
	status: WebhookEvent;
	now: string;
	name: string;
	slug: string;
	tags: string;
	check: unknown;
	exitStatus: number | null;
	body: string | null;
}

const DELIVERED = [200, 201, 202, 204];
const MAX_REDIRECTS = 3;

/** Python's json.dumps as the server calls it: ", " and ": " separators, non-ASCII escaped. */
export function pythonJson(value: unknown): string {
	if (value === null || value === undefined) return 'null';
	if (typeof value === 'string')
		return JSON.stringify(value).replace(
			/[\u007f-\uffff]/g,
			(c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
		);
	if (typeof value === 'number' || typeof value === 'boolean') return JSON.stringify(value);
	if (Array.isArray(value)) return `[${value.map(pythonJson).join(', ')}]`;
	return `{${Object.entries(value as Record<string, unknown>)
		.filter(([, v]) => v !== undefined)
		.map(([k, v]) => `${pythonJson(k)}: ${pythonJson(v)}`)
		.join(', ')}}`;
}

/** Python's urllib.parse.quote: "/" and unreserved characters kept. */
const quote = (text: string) =>
	encodeURIComponent(text)
		.replace(/%2F/g, '/')
		.replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * The template with its placeholders replaced in one pass (a placeholder inside a value is
 * not expanded again). In a URL every value but $CODE, $STATUS and $SLUG is URL-encoded;
 * $BODY and $BODY_JSON exist in bodies only; in headers, characters outside latin-1 become &#NNN;.
 */
export function expandPlaceholders(
	template: string,
	values: PlaceholderValues,
	where: 'url' | 'body' | 'header',
): string {
	const safe = (text: string) => (where === 'url' ? quote(text) : text);
	const context: Record<string, string> = {
		$CODE: values.code,
		$STATUS: values.status,
		$NOW: safe(values.now),
		$NAME_JSON: safe(pythonJson(values.name)),
		$NAME: safe(values.name),
		$SLUG: values.slug,
		$TAGS: safe(values.tags),
		$JSON: safe(pythonJson(values.check)),
		$EXITSTATUS: String(values.exitStatus ?? -1),
	};
	if (where === 'body') {
		context.$BODY_JSON = pythonJson(values.body ?? '');
		context.$BODY = values.body ?? '';
	}
	values.tags
		.split(' ')
		.filter(Boolean)
		.forEach((tag, i) => (context[`$TAG${i + 1}`] = safe(tag)));
	const names = Object.keys(context).sort((a, b) => b.length - a.length);
	const pattern = new RegExp(names.map((n) => n.replace('$', '\\$')).join('|'), 'g');
	const expanded = template.replace(pattern, (name) => context[name]);
	return where === 'header'
		? [...expanded].map((c) => (c.codePointAt(0)! > 0xff ? `&#${c.codePointAt(0)};` : c)).join('')
		: expanded;
}

const isPrivate = (host: string) =>
	/^(127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|169\.254\.|0\.|localhost$|\[?::1\]?$|\[?f[cd])/i.test(
		host,
	);

/** One attempt: the request as the server's curl sends it, redirects followed, the whole bounded by `timeoutMs`. */
export async function sendOnce(
	request: { method: string; url: string; headers: Record<string, string>; body: string },
	timeoutMs: number,
	allowPrivateIps: boolean,
): Promise<{ status: number; body: string } | { error: string }> {
	const deadline = Date.now() + timeoutMs;
	let url = request.url;
	for (let redirects = 0; ; redirects++) {
		const target = new URL(url);
		if (!allowPrivateIps && isPrivate(target.hostname))
			return { error: 'Connections to private IP addresses are not allowed' };
		const answer = await sendRequest(target, request, deadline - Date.now());
		if ('error' in answer) return answer;
		if ([301, 302, 303, 307, 308].includes(answer.status) && answer.location) {
			if (redirects === MAX_REDIRECTS) return { error: 'Too many redirects' };
			url = new URL(answer.location, url).toString();
			continue;
		}
		return { status: answer.status, body: answer.body };
	}
}

function sendRequest(
	target: URL,
	request: { method: string; headers: Record<string, string>; body: string },
	timeoutMs: number,
): Promise<{ status: number; body: string; location?: string } | { error: string }> {
	return new Promise((resolve) => {
		if (timeoutMs <= 0) return resolve({ error: 'Connection timed out' });
		const hasBody = request.method !== 'GET';
		const payload = Buffer.from(hasBody ? request.body : '', 'utf8');
		// curl's own headers, then the integration's (which may replace User-Agent); no Content-Type of its own.
		const headers: Record<string, string> = {
			Host: target.host,
			Accept: '*/*',
			'User-Agent': 'healthchecks.io',
			...request.headers,
		};
		if (hasBody) headers['Content-Length'] = String(payload.length);
		const send = target.protocol === 'https:' ? https.request : http.request;
		const req = send(
			target,
			{ method: request.method, headers, agent: false, setHost: false },
			(res) => {
				const chunks: Buffer[] = [];
				res.on('data', (chunk: Buffer) => chunks.push(chunk));
				res.on('end', () => {
					clearTimeout(timer);
					resolve({
						status: res.statusCode ?? 0,
						body: Buffer.concat(chunks).toString('utf8'),
						location: res.headers.location,
					});
				});
				res.on('error', () => resolve({ error: 'HTTP request failed' }));
			},
		);
		const timer = setTimeout(() => {
			req.destroy();
			resolve({ error: 'Connection timed out' });
		}, timeoutMs);
		req.on('error', (error: NodeJS.ErrnoException) => {
			clearTimeout(timer);
			resolve({
				error:
					error.code === 'ECONNREFUSED'
						? 'Connection failed'
						: `HTTP request failed: ${error.code ?? error.message}`,
			});
		});
		req.end(hasBody ? payload : undefined);
	});
}

/** The integrations of one server, their deliveries queued one after another, and the log of every attempt. */
export class WebhookIntegrations {
	readonly integrations = new Map<string, WebhookIntegration>();

	readonly log: DeliveryAttempt[] = [];

	/** Each attempt's time limit (the server: 30 s). */
	timeoutMs = 30_000;

	/** INTEGRATIONS_ALLOW_PRIVATE_IPS (the server's default: false). */
	allowPrivateIps = false;

	/** WEBHOOKS_ENABLED (the server's default: true). */
	enabled = true;

	private queue: Promise<void> = Promise.resolve();

	/** Bumped by reset(): deliveries queued before it are dropped. */
	private generation = 0;

	reset(): void {
		this.integrations.clear();
		this.log.length = 0;
		this.timeoutMs = 30_000;
		this.allowPrivateIps = false;
		this.enabled = true;
		this.generation++;
	}

	/** Resolves once every delivery queued so far has been sent (all its attempts). */
	async idle(): Promise<void> {
		let seen: Promise<void> | undefined;
		while (seen !== this.queue) {
			seen = this.queue;
			await seen;
		}
	}

	/** Queue the flip's deliveries to these integrations, one after another (`attempts`: 1 for a test notification). */
	notify(
		integrationIds: string[],
		values: () => PlaceholderValues,
		options: { attempts?: number; test?: boolean } = {},
	): void {
		const generation = this.generation;
		const ids = integrationIds.filter((id) => this.integrations.has(id));
		if (ids.length === 0 || !this.enabled) return;
		// The values are taken when the worker sends (the check's status then: it can differ from $STATUS).
		this.queue = this.queue.then(async () => {
			for (const id of ids) {
				if (generation !== this.generation) return;
				await this.deliver(
					this.integrations.get(id)!,
					values(),
					options.attempts ?? 3,
					options.test === true,
				);
			}
		});
	}

	private async deliver(
		integration: WebhookIntegration,
		values: PlaceholderValues,
		attempts: number,
		test: boolean,
	): Promise<void> {
		const spec = integration[values.status];
		if (!spec || spec.url === '') return;
		const method = spec.method ?? 'GET';
		const request = {
			method,
			url: expandPlaceholders(spec.url, values, 'url'),
			headers: Object.fromEntries(
				Object.entries(spec.headers ?? {}).map(([name, value]) => [
					name,
					expandPlaceholders(value, values, 'header'),
				]),
			),
			body: method === 'GET' ? '' : expandPlaceholders(spec.body ?? '', values, 'body'),
		};
		for (let attempt = 1; attempt <= attempts; attempt++) {
			const sentAt = Date.now();
			const answer = await sendOnce(request, this.timeoutMs, this.allowPrivateIps);
			const delivered = 'status' in answer && DELIVERED.includes(answer.status);
			this.log.push({
				integration: integration.id,
				event: values.status,
				check: values.code,
				at: values.now,
				test,
				attempt,
				...request,
				...('status' in answer
					? { status: answer.status, responseBody: answer.body }
					: { error: answer.error }),
				delivered,
				sentAt,
				answeredAt: Date.now(),
			});
			if (delivered) return;
		}
	}
}
