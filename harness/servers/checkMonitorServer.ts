/**
 * A stateful local stand-in for the Check Monitor management API that answers as the real
 * reference server does (docs/api/check-monitor.md): `{"error": ...}` for 400/401, empty
 * bodies for 403 and for unknown unique_keys, Django's HTML 404, 301 for collection paths
 * without a slash, 409 on resuming a check that is not paused, `{"flips": [...]}`,
 * read-only key limits, the no-key ping endpoints, and its clock (`now`) in every answer's
 * Date header. `version` picks the release whose
 * answers it gives where releases differ (the newest by default, as the hosted service).
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Express, Request, Response } from 'express';
import { ApiServer, isPlainObject, parseJson } from './apiServer';
import { nextDue, scheduleKind } from './checkSchedule';
import {
	type PlaceholderValues,
	type WebhookIntegration,
	WebhookIntegrations,
} from './webhookIntegration';

type Json = Record<string, unknown>;

export const CM_KEY = 'cmRW0123456789abcdefghijklmnopqr'; // 32 chars: read-write
export const CM_READ_ONLY_KEY = 'hcr_456789abcdefghijklmnopqrstuv'; // 32 chars: read-only
export const CM_OTHER_PROJECT_KEY = 'otherProject0123456789abcdefghij'; // 32 chars
/** The project's ping key (22 URL-safe characters, as the real server makes them): pings by slug. */
export const CM_PING_KEY = 'pk0123456789abcdefghij';

const HTML_404 =
	'\n<!doctype html>\n<html lang="en">\n<head>\n  <title>Not Found</title>\n</head>\n<body>\n  <h1>Not Found</h1><p>The requested resource was not found on this server.</p>\n</body>\n</html>\n';
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SHA1_RE = /^[0-9a-f]{40}$/;
/** What the server's ping URLs take as a ping key or slug (Django's `slug` path converter). */
const SLUG_SEGMENT = /^[-a-zA-Z0-9_]+$/;
const UNIQUE_FIELDS = ['name', 'slug', 'tags', 'timeout', 'grace'];

/** The server releases whose answers differ somewhere (docs/api/check-monitor.md, "Server versions"). */
export const CHECK_MONITOR_VERSIONS = ['3.13', '4.0', '4.1', '4.2', '4.3'] as const;
export type CheckMonitorVersion = (typeof CHECK_MONITOR_VERSIONS)[number];
/** The hosted service runs the newest code. */
export const NEWEST_CHECK_MONITOR_VERSION: CheckMonitorVersion = '4.3';
/** From 4.0 the pings list returns at most this many, whatever the account's ping log limit. */
const PINGS_LIST_CAP = 1000;

export interface StoredCheck {
	uuid: string;
	project: string;
	name: string;
	slug: string;
	tags: string;
	desc: string;
	timeout: number;
	grace: number;
	schedule: string | null;
	tz: string;
	kind: 'simple' | 'cron' | 'oncalendar';
	manual_resume: boolean;
	methods: string;
	start_kw: string;
	success_kw: string;
	failure_kw: string;
	filter_subject: boolean;
	filter_body: boolean;
	filter_http_body: boolean;
	filter_default_fail: boolean;
	subject: string;
	subject_fail: string;
	channels: string[];
	status: 'new' | 'up' | 'down' | 'paused';
	last_start: Date | null;
	last_ping: Date | null;
	last_duration: number | null;
	n_pings: number;
	pings: StoredPing[];
	flips: Array<{ created: Date; up: number; status: string }>;
}

interface StoredPing {
	n: number;
	type: string;
	date: Date;
	scheme: string;
	remote_addr: string;
	method: string;
	ua: string;
	rid: string | null;
	body: Buffer | null;
	/** The exit status of a /<0-255> ping (what $EXITSTATUS gives), else null. */
	exitStatus: number | null;
	duration?: number;
}

class HttpError extends Error {
	constructor(
		readonly status: number,
		readonly body: { json: Json } | { text: string } | { empty: true },
	) {
		super(`HTTP ${status}`);
	}
}

const jsonError = (status: number, error: string) => new HttpError(status, { json: { error } });
const validation = (problem: string) => jsonError(400, `json validation error: ${problem}`);
const notFoundHtml = () => new HttpError(404, { text: HTML_404 });
const empty = (status: number) => new HttpError(status, { empty: true });

export class CheckMonitorServer extends ApiServer {
	/** The release this stand-in answers as; reset() returns to the one it was built with. */
	version: CheckMonitorVersion;

	constructor(private readonly defaultVersion: CheckMonitorVersion = NEWEST_CHECK_MONITOR_VERSION) {
		super();
		this.version = defaultVersion;
	}

	readWriteKey = CM_KEY;

	readOnlyKey = CM_READ_ONLY_KEY;

	otherProjectKey = CM_OTHER_PROJECT_KEY;

	pingKey = CM_PING_KEY;

	checks = new Map<string, StoredCheck>();

	channels: Array<{ id: string; name: string; kind: string }> = [];

	checkLimit = 20_000;

	pingLogLimit = 100;

	/** What a ping's body is cut to, and the Ping-Body-Limit header saying so (the hosted service: 10000 bytes; self-hosted servers set their own). */
	pingBodyLimit = 10_000;

	now: () => Date = () => new Date();

	/**
	 * The Webhook integrations and the log of their deliveries. The real management API can
	 * neither create nor read them (made in the web UI): addWebhookIntegration() is this
	 * stand-in's own, for tests and the sandbox.
	 */
	readonly webhooks = new WebhookIntegrations();

	/** Whether answers carry a Date header (false: as through a proxy that strips it). */
	sendsDate = true;

	reset(): void {
		this.webhooks.reset();
		this.sendsDate = true;
		this.version = this.defaultVersion;
		this.checks.clear();
		this.channels = [];
		this.checkLimit = 20_000;
		this.pingLogLimit = 100;
		this.pingBodyLimit = 10_000;
		this.now = () => new Date();
		this.clearLog();
		this.clearFaults();
		this.setRateLimit(undefined);
	}

	protected sendTooManyRequests(res: Response): void {
		// The hosted service's proxy answers 429 outside the application.
		res.status(429).type('text/html; charset=utf-8').send('Too Many Requests');
	}

	static uniqueKey(uuid: string): string {
		return createHash('sha1').update(uuid.replace(/-/g, '').slice(0, 16)).digest('hex');
	}

	// ---- seeding helpers for tests ----

	seedCheck(fields: Partial<StoredCheck> = {}): StoredCheck {
		const check = this.newCheck(fields.project ?? 'main');
		Object.assign(check, fields);
		this.checks.set(check.uuid, check);
		return check;
	}

	seedChannel(name: string, kind = 'email'): { id: string; name: string; kind: string } {
		const channel = { id: randomUUID(), name, kind };
		this.channels.push(channel);
		return channel;
	}

	/**
	 * A Webhook integration as the web UI makes it (not through the API, which cannot):
	 * listed by /channels/ with kind "webhook", and assigned to every existing check unless
	 * `assign` is 'none' (checks made later through the API get it only by their `channels`).
	 */
	addWebhookIntegration(
		spec: Omit<WebhookIntegration, 'id' | 'name'> & { name?: string },
		assign: 'all' | 'none' = 'all',
	): WebhookIntegration {
		const channel = this.seedChannel(spec.name ?? 'Webhook', 'webhook');
		const integration: WebhookIntegration = { ...spec, id: channel.id, name: channel.name };
		this.webhooks.integrations.set(channel.id, integration);
		if (assign === 'all') for (const check of this.checks.values()) check.channels.push(channel.id);
		return integration;
	}

	/**
	 * Test! ("Send a test notification") on the integration's row: a made-up check named TEST (a random
	 * UUID, 42 pings, no slug, no channels) going down, or up when only the up URL is set; one attempt.
	 */
	sendTestNotification(integrationId: string): void {
		const integration = this.webhooks.integrations.get(integrationId);
		if (!integration) throw new Error(`no webhook integration ${integrationId}`);
		const check = { ...this.newCheck('main'), name: 'TEST', n_pings: 42 };
		const status = integration.down?.url ? 'down' : 'up';
		const now = isoSeconds(this.now())!;
		this.webhooks.notify([integrationId], () => this.placeholderValues(check, status, now), {
			attempts: 1,
			test: true,
		});
	}

	/** Record a flip at a given time, as the server's alert worker would. */
	seedFlip(uuid: string, created: Date, up: 0 | 1, status = up ? 'up' : 'down'): void {
		const check = this.checks.get(uuid);
		if (!check) throw new Error(`no check ${uuid}`);
		check.flips.push({ created, up, status });
	}

	/** A ping as the monitored job sends it (no key needed). */
	receivePing(
		uuid: string,
		action: '' | 'start' | 'fail' | 'log' | string = '',
		body?: Buffer | string,
		method = 'POST',
		rid: string | null = null,
	): StoredPing {
		const check = this.checks.get(uuid);
		if (!check) throw new Error(`no check ${uuid}`);
		const now = this.now();
		const bodyBuffer =
			body === undefined || body.length === 0
				? null
				: Buffer.from(body).subarray(0, this.pingBodyLimit);
		let type = action === '' ? 'success' : action;
		if (/^\d+$/.test(action)) type = action === '0' ? 'success' : 'fail';
		if (check.filter_http_body && bodyBuffer) {
			const text = bodyBuffer.toString('utf8');
			const has = (kw: string) => kw.split(',').some((k) => k !== '' && text.includes(k));
			if (has(check.failure_kw)) type = 'fail';
			else if (has(check.success_kw)) type = 'success';
			else if (has(check.start_kw)) type = 'start';
			else type = check.filter_default_fail ? 'fail' : 'ign';
		}
		if (check.methods === 'POST' && method !== 'POST') type = 'ign';
		if (check.status === 'paused' && check.manual_resume) type = 'ign';
		check.n_pings++;
		const ping: StoredPing = {
			n: check.n_pings,
			type,
			date: now,
			scheme: 'http',
			remote_addr: '127.0.0.1',
			method,
			ua: 'curl/8.0',
			rid,
			body: bodyBuffer,
			exitStatus: /^\d+$/.test(action) ? Number(action) : null,
		};
		if ((type === 'success' || type === 'fail') && check.last_start) {
			ping.duration = (now.getTime() - check.last_start.getTime()) / 1000;
			check.last_duration = Math.round(ping.duration);
			check.last_start = null;
		}
		check.pings.push(ping);
		if (type === 'start') check.last_start = now;
		if (type === 'success') {
			check.last_ping = now;
			this.setStatus(check, 'up');
		} else if (type === 'fail') {
			check.last_ping = now;
			this.setStatus(check, 'down');
		}
		return ping;
	}

	/** Whether this stand-in answers as `release` or a later one. */
	since(release: CheckMonitorVersion): boolean {
		return CHECK_MONITOR_VERSIONS.indexOf(this.version) >= CHECK_MONITOR_VERSIONS.indexOf(release);
	}

	/**
	 * POST /pause: status paused, a flip, the running start forgotten. A check already paused
	 * gets all that again on 3.13 (another flip); from 4.0 it is left as it is.
	 */
	pause(uuid: string): StoredCheck {
		const check = this.checks.get(uuid);
		if (!check) throw new Error(`no check ${uuid}`);
		if (check.status === 'paused' && this.since('4.0')) return check;
		this.setStatus(check, 'paused');
		check.last_start = null;
		return check;
	}

	/** POST /resume: status new, last_ping and the running start cleared, a flip; a check that is not paused answers 409. */
	resume(uuid: string): StoredCheck {
		const check = this.checks.get(uuid);
		if (!check) throw new Error(`no check ${uuid}`);
		if (check.status !== 'paused') throw new HttpError(409, { text: 'check is not paused' });
		check.last_ping = null;
		check.last_start = null;
		this.setStatus(check, 'new');
		return check;
	}

	/** How many pings the pings list returns: the account's log limit, capped from 4.0. */
	get pingsListed(): number {
		return this.since('4.0') ? Math.min(this.pingLogLimit, PINGS_LIST_CAP) : this.pingLogLimit;
	}

	/**
	 * One pass of the real server's alert worker (`sendalerts`): every check that reads
	 * `down` because its period and grace have passed (or a start's grace) gets its "down" flip
	 * now, dated when it was due (goingDownAt), not when it was written. Until a pass runs, such
	 * a check is listed as down with no flip for it (docs/api/check-monitor.md, "Answers that differ").
	 */
	sendAlerts(): void {
		for (const check of this.checks.values()) {
			if (check.status === 'down' || this.computedStatus(check) !== 'down') continue;
			const flip = { created: new Date(this.goingDownAt(check)!), up: 0, status: 'down' };
			check.status = 'down';
			check.flips.push(flip);
			this.notifyIntegrations(check, 'down', flip.created);
		}
	}

	private setStatus(check: StoredCheck, status: StoredCheck['status']): void {
		const previous = check.status;
		const changed = previous !== status;
		check.status = status;
		// Pausing an already paused check writes another flip on 3.13 (see pause()).
		if (changed || (status === 'paused' && !this.since('4.0'))) {
			const created = this.now();
			check.flips.push({ created, up: status === 'up' ? 1 : 0, status });
			// Integrations hear of changes to down, and to up from down only (not new→up, paused→up).
			if (status === 'down' || (status === 'up' && previous === 'down'))
				this.notifyIntegrations(check, status, created);
		}
	}

	private notifyIntegrations(check: StoredCheck, status: 'down' | 'up', created: Date): void {
		const now = isoSeconds(created)!;
		this.webhooks.notify(check.channels, () => this.placeholderValues(check, status, now));
	}

	/** The placeholders of a flip, as the server fills them when it sends: $JSON is the check as the read-write v3 API shows it then. */
	private placeholderValues(
		check: StoredCheck,
		status: 'down' | 'up',
		now: string,
	): PlaceholderValues {
		const last = check.pings[check.pings.length - 1];
		const req = {
			headers: { host: this.url.replace(/^http:\/\//, '') },
			params: { version: 'v3' },
		} as unknown as Request;
		return {
			code: check.uuid,
			status,
			now,
			name: check.name,
			slug: check.slug,
			tags: check.tags,
			check: this.present(check, false, req),
			exitStatus: last?.exitStatus ?? null,
			body: last?.body ? last.body.toString('utf8') : null,
		};
	}

	private newCheck(project: string): StoredCheck {
		return {
			uuid: randomUUID(),
			project,
			name: '',
			slug: '',
			tags: '',
			desc: '',
			timeout: 86400,
			grace: 3600,
			schedule: null,
			tz: 'UTC',
			kind: 'simple',
			manual_resume: false,
			methods: '',
			start_kw: '',
			success_kw: '',
			failure_kw: '',
			filter_subject: false,
			filter_body: false,
			filter_http_body: false,
			filter_default_fail: false,
			subject: '',
			subject_fail: '',
			channels: [],
			status: 'new',
			last_start: null,
			last_ping: null,
			last_duration: null,
			n_pings: 0,
			pings: [],
			flips: [],
		};
	}

	// ---- routes ----

	protected routes(app: Express): void {
		const api = '/api/:version';
		// Every answer carries the server's time, as the real server's HTTP server sends it: the
		// clock flips and pings are dated by (a virtual one in tests that move it).
		app.use((_req, res, next) => {
			if (this.sendsDate) res.setHeader('Date', this.now().toUTCString());
			else res.sendDate = false;
			next();
		});
		app.use('/api/:version', (req, res, next) => {
			if (['v1', 'v2', 'v3'].includes(req.params.version as string)) return next();
			res.status(404).type('text/html; charset=utf-8').send(HTML_404);
		});
		type Access = 'read' | 'write';
		const handle =
			(
				access: Access | 'none',
				handler: (req: Request, ctx: { readOnly: boolean; project: string; body: Json }) => unknown,
			) =>
			(req: Request, res: Response) => {
				try {
					let body: Json = {};
					const raw = res.locals.rawBody as string;
					if (req.method === 'POST' && raw !== '') {
						const parsed = parseJson(raw);
						if (!parsed.ok) throw jsonError(400, 'could not parse request body');
						if (!isPlainObject(parsed.value))
							throw jsonError(400, 'json validation error: value is not an object');
						body = parsed.value;
					}
					let ctx = { readOnly: false, project: 'main', body };
					if (access !== 'none') ctx = { ...this.authenticate(req, body, access), body };
					const result = handler(req, ctx);
					if (result instanceof BodyResponse) {
						// Ping bodies: exactly `text/plain`, no charset, the bytes verbatim.
						res.status(200).setHeader('Content-Type', 'text/plain');
						return void res.end(result.bytes);
					}
					if (result instanceof HttpError) throw result;
					if (isPlainObject(result) && '__status' in result) {
						return void sendJson(res, result.__status as number, result.body);
					}
					sendJson(res, 200, result);
				} catch (error) {
					if (!(error instanceof HttpError)) throw error;
					const out = res.status(error.status);
					if ('json' in error.body) sendJson(out, error.status, error.body.json);
					else if ('text' in error.body) out.type('text/html; charset=utf-8').send(error.body.text);
					else out.type('text/html; charset=utf-8').send('');
				}
			};

		// CORS preflight, as the real server answers it.
		app.options(/^\/api\/.*/, (_req, res) => {
			res.setHeader('Access-Control-Allow-Origin', '*');
			res.setHeader('Access-Control-Allow-Headers', 'X-Api-Key');
			res.setHeader('Access-Control-Max-Age', '600');
			res.status(204).end();
		});

		// Django APPEND_SLASH: collection paths without the slash get a 301.
		for (const path of [
			'checks',
			'channels',
			'badges',
			'status',
			'checks/:code/flips',
			'checks/:code/pings',
		]) {
			app.all(`${api}/${path}`, (req, res) => {
				res.redirect(
					301,
					`${req.originalUrl.split('?')[0]}/${req.originalUrl.includes('?') ? `?${req.originalUrl.split('?')[1]}` : ''}`,
				);
			});
		}

		app.get(`${api}/status/`, (_req, res) => void res.type('text/html; charset=utf-8').send('OK'));

		app.get(
			`${api}/checks/`,
			handle('read', (req, ctx) => this.listChecks(req, ctx)),
		);
		app.post(
			`${api}/checks/`,
			handle('write', (req, ctx) => this.createCheck(req, ctx.project, ctx.body)),
		);
		app.get(
			`${api}/checks/:code`,
			handle('read', (req, ctx) =>
				this.present(this.findCheck(req.params.code as string, ctx, true), ctx.readOnly, req),
			),
		);
		app.post(
			`${api}/checks/:code`,
			handle('write', (req, ctx) => this.updateCheck(req, ctx)),
		);
		app.delete(
			`${api}/checks/:code`,
			handle('write', (req, ctx) => {
				const check = this.findCheck(req.params.code as string, ctx, false);
				const presented = this.present(check, false, req);
				this.checks.delete(check.uuid);
				return presented;
			}),
		);
		app.post(
			`${api}/checks/:code/pause`,
			handle('write', (req, ctx) =>
				this.present(
					this.pause(this.findCheck(req.params.code as string, ctx, false).uuid),
					false,
					req,
				),
			),
		);
		app.post(
			`${api}/checks/:code/resume`,
			handle('write', (req, ctx) =>
				this.present(
					this.resume(this.findCheck(req.params.code as string, ctx, false).uuid),
					false,
					req,
				),
			),
		);
		app.get(
			`${api}/checks/:code/pings/`,
			handle('write', (req, ctx) => {
				const check = this.findCheck(req.params.code as string, ctx, false);
				const kept = check.pings.slice(-this.pingsListed).reverse();
				return { pings: kept.map((p) => this.presentPing(check, p, req)) };
			}),
		);
		app.get(
			`${api}/checks/:code/pings/:n/body`,
			handle('write', (req, ctx) => {
				const check = this.findCheck(req.params.code as string, ctx, false);
				const n = Number(req.params.n);
				const kept = check.pings.slice(-this.pingLogLimit);
				const ping = kept.find((p) => p.n === n);
				if (!ping || !ping.body) throw notFoundHtml();
				return new BodyResponse(ping.body);
			}),
		);
		app.get(
			`${api}/checks/:code/flips/`,
			handle('read', (req, ctx) => this.listFlips(req, ctx)),
		);
		app.get(
			`${api}/channels/`,
			handle('write', () => ({ channels: this.channels.map((c) => ({ ...c })) })),
		);
		app.get(
			`${api}/badges/`,
			handle('read', (req, ctx) => this.badges(req, ctx.project)),
		);

		// Wrong methods on known endpoints: 405 with an empty body.
		app.all(
			new RegExp('^/api/v[123]/checks/[^/]+(/(pause|resume))?$'),
			(_req, res) => void res.status(405).type('text/html; charset=utf-8').send(''),
		);
		app.all(
			new RegExp('^/api/v[123]/checks/$'),
			(_req, res) => void res.status(405).type('text/html; charset=utf-8').send(''),
		);

		// Ping endpoints need no key: /ping/<uuid>[/<action>] and /ping/<ping_key>/<slug>[/<action>],
		// GET, HEAD or POST, answered as text/html (docs/api/check-monitor.md, "Addresses and authentication").
		const text = (res: Response, status: number, body: string) =>
			void res.status(status).type('text/html; charset=utf-8').send(body);
		const pingHandler = (req: Request, res: Response) => {
			const segments = req.path.split('/').slice(2).map(decodeURIComponent);
			let uuid: string | undefined;
			let action = '';
			let created = false;
			if (segments.length >= 1 && segments.length <= 2 && UUID_RE.test(segments[0])) {
				uuid = segments[0];
				action = segments[1] ?? '';
			} else if (
				segments.length >= 2 &&
				segments.length <= 3 &&
				SLUG_SEGMENT.test(segments[0]) &&
				SLUG_SEGMENT.test(segments[1])
			) {
				const slug = segments[1];
				action = segments[2] ?? '';
				if (slug !== slug.toLowerCase() && this.since('4.1'))
					return text(res, 400, 'invalid url format');
				const project = segments[0] === this.pingKey ? 'main' : undefined;
				const matching = [...this.checks.values()].filter(
					(c) => project !== undefined && c.project === project && c.slug === slug,
				);
				if (matching.length > 1) return text(res, 409, 'ambiguous slug');
				if (matching.length === 1) uuid = matching[0].uuid;
				else if (req.query.create === '1' && project !== undefined) {
					// From 4.3 a project may grow to twice its check limit this way, then "not found".
					const used = [...this.checks.values()].filter((c) => c.project === project).length;
					if (this.since('4.3') && used >= this.checkLimit * 2) return text(res, 404, 'not found');
					const check = this.seedCheck({
						name: slug,
						slug,
						channels: this.channels.map((c) => c.id),
					});
					uuid = check.uuid;
					created = true;
				}
			}
			if (/^\d+$/.test(action) && Number(action) > 255) return text(res, 400, 'invalid url format');
			if (!['', 'start', 'fail', 'log'].includes(action) && !/^\d+$/.test(action))
				return text(res, 404, 'not found');
			if (!uuid || !this.checks.has(uuid)) return text(res, 404, 'not found');
			const rid = typeof req.query.rid === 'string' ? req.query.rid : undefined;
			if (rid !== undefined && !UUID_RE.test(rid.toLowerCase()))
				return text(res, 400, 'invalid uuid format');
			this.receivePing(
				uuid,
				action,
				(res.locals.rawBody as string) || undefined,
				req.method,
				rid ?? null,
			);
			res.setHeader('Ping-Body-Limit', String(this.pingBodyLimit));
			res.setHeader('Access-Control-Allow-Origin', '*');
			text(res, created ? 201 : 200, created ? 'Created' : 'OK');
		};
		app.all(/^\/ping\/.+/, pingHandler);

		app.use(
			(_req: Request, res: Response) =>
				void res.status(404).type('text/html; charset=utf-8').send(HTML_404),
		);
	}

	private authenticate(
		req: Request,
		body: Json,
		access: 'read' | 'write',
	): { readOnly: boolean; project: string } {
		const header = req.headers['x-api-key'];
		const key =
			typeof header === 'string' ? header : typeof body.api_key === 'string' ? body.api_key : '';
		if (key.length !== 32) throw jsonError(401, 'missing api key');
		if (key === this.readWriteKey) return { readOnly: false, project: 'main' };
		if (key === this.otherProjectKey) return { readOnly: false, project: 'other' };
		if (key === this.readOnlyKey && access === 'read') return { readOnly: true, project: 'main' };
		throw jsonError(401, 'wrong api key');
	}

	/** Find by uuid (or unique_key where allowed), as the real server resolves and rejects. */
	private findCheck(code: string, ctx: { project: string }, allowUniqueKey: boolean): StoredCheck {
		if (allowUniqueKey && SHA1_RE.test(code)) {
			const check = [...this.checks.values()].find(
				(c) => CheckMonitorServer.uniqueKey(c.uuid) === code,
			);
			if (!check || check.project !== ctx.project) throw empty(404);
			return check;
		}
		if (!UUID_RE.test(code)) throw notFoundHtml();
		const check = this.checks.get(code);
		if (!check) throw notFoundHtml();
		if (check.project !== ctx.project) throw empty(403);
		return check;
	}

	private baseUrl(req: Request): string {
		return `http://${req.headers.host}`;
	}

	/**
	 * When the check's grace time starts (ms since the epoch), as the real server computes it
	 * (`Check.get_grace_start`): for a check that is up, its last ping plus its timeout, or the
	 * next time its cron or OnCalendar schedule fires after the last ping; with `withStarted`,
	 * a running start's time when that is earlier (and the check is not down). Undefined when
	 * there is none: new, paused or down, or a schedule that never fires again.
	 */
	graceStart(check: StoredCheck, withStarted: boolean): number | undefined {
		let start: number | undefined;
		if (check.status === 'up' && check.last_ping) {
			const lastPing = check.last_ping.getTime();
			start =
				check.kind === 'simple'
					? lastPing + check.timeout * 1000
					: nextDue(check.schedule ?? '', check.tz, lastPing);
		}
		if (withStarted && check.last_start && check.status !== 'down')
			start = Math.min(start ?? Infinity, check.last_start.getTime());
		return start;
	}

	/** When the check goes down if no ping comes (`Check.going_down_after`): its grace start plus its grace. */
	goingDownAt(check: StoredCheck): number | undefined {
		const start = this.graceStart(check, true);
		return start === undefined ? undefined : start + check.grace * 1000;
	}

	/** The status as the server computes it when the check is read (`Check.get_status`). */
	computedStatus(check: StoredCheck): string {
		const now = this.now().getTime();
		if (check.last_start && now >= check.last_start.getTime() + check.grace * 1000) return 'down';
		if (check.status !== 'up') return check.status;
		const start = this.graceStart(check, false);
		if (start === undefined) return 'up';
		if (now >= start + check.grace * 1000) return 'down';
		if (now >= start) return 'grace';
		return 'up';
	}

	present(check: StoredCheck, readOnly: boolean, req: Request): Json {
		const base = this.baseUrl(req);
		const version = (req.params.version as string) ?? 'v3';
		const graceStart = this.graceStart(check, true);
		const result: Json = {
			name: check.name,
			slug: check.slug,
			tags: check.tags,
			desc: check.desc,
			grace: check.grace,
			n_pings: check.n_pings,
			status: this.computedStatus(check),
			started: check.last_start !== null,
			last_ping: isoSeconds(check.last_ping),
			next_ping: graceStart === undefined ? null : isoSeconds(new Date(graceStart)),
			manual_resume: check.manual_resume,
			methods: check.methods,
			subject: check.subject,
			subject_fail: check.subject_fail,
			start_kw: check.start_kw,
			success_kw: check.success_kw,
			failure_kw: check.failure_kw,
			filter_subject: check.filter_subject,
			filter_body: check.filter_body,
			filter_http_body: check.filter_http_body,
			filter_default_fail: check.filter_default_fail,
			badge_url: `${base}/b/2/${CheckMonitorServer.uniqueKey(check.uuid)}.svg`,
		};
		if (check.last_duration !== null) result.last_duration = check.last_duration;
		if (check.kind === 'simple') result.timeout = check.timeout;
		else {
			result.schedule = check.schedule;
			result.tz = check.tz;
		}
		if (readOnly) {
			result.unique_key = CheckMonitorServer.uniqueKey(check.uuid);
		} else {
			Object.assign(result, {
				uuid: check.uuid,
				ping_url: `${base}/ping/${check.uuid}`,
				update_url: `${base}/api/${version}/checks/${check.uuid}`,
				pause_url: `${base}/api/${version}/checks/${check.uuid}/pause`,
				resume_url: `${base}/api/${version}/checks/${check.uuid}/resume`,
				channels: [...check.channels].sort().join(','),
			});
		}
		return result;
	}

	private presentPing(check: StoredCheck, ping: StoredPing, req: Request): Json {
		// 3.13 names the body by its v3 address whatever the request's version; 4.0 by the request's.
		const version = this.since('4.0') ? (req.params.version as string) : 'v3';
		const result: Json = {
			type: ping.type,
			date: isoMicros(ping.date),
			n: ping.n,
			scheme: ping.scheme,
			remote_addr: ping.remote_addr,
			method: ping.method,
			ua: ping.ua,
			rid: ping.rid,
			body_url: ping.body
				? `${this.baseUrl(req)}/api/${version}/checks/${check.uuid}/pings/${ping.n}/body`
				: null,
		};
		// 3.13 gives the duration unrounded; 4.0 to hundredths of a second.
		if (ping.duration !== undefined)
			result.duration = this.since('4.0') ? Math.round(ping.duration * 100) / 100 : ping.duration;
		return result;
	}

	private listChecks(req: Request, ctx: { readOnly: boolean; project: string }): Json {
		let list = [...this.checks.values()].filter((c) => c.project === ctx.project);
		const params = new URLSearchParams(req.originalUrl.split('?')[1] ?? '');
		const slug = params.get('slug');
		if (slug !== null) list = list.filter((c) => c.slug === slug);
		for (const tag of params.getAll('tag')) {
			list = list.filter((c) => tag !== '' && c.tags.split(' ').includes(tag));
		}
		return { checks: list.map((c) => this.present(c, ctx.readOnly, req)) };
	}

	private validate(body: Json): void {
		const int = (field: string, min: number, max: number) => {
			const v = body[field];
			if (v === undefined) return;
			const n = v === true ? 1 : v === false ? 0 : v;
			if (typeof n !== 'number' || !Number.isInteger(n))
				throw validation(`${field} is not a number`);
			if (n < min) throw validation(`${field} is too small`);
			if (n > max) throw validation(`${field} is too large`);
			body[field] = n;
		};
		const string = (field: string, maxLength?: number, pattern?: RegExp) => {
			const v = body[field];
			if (v === undefined) return;
			if (typeof v !== 'string') throw validation(`${field} is not a string`);
			if (maxLength !== undefined && v.length > maxLength) throw validation(`${field} is too long`);
			if (pattern && !pattern.test(v)) throw validation(`${field} does not match pattern`);
		};
		const bool = (field: string) => {
			const v = body[field];
			if (v !== undefined && typeof v !== 'boolean') throw validation(`${field} is not a boolean`);
		};
		string('name', 100);
		string('slug', 100, /^[a-z0-9-_]*$/);
		string('tags', 500);
		string('desc');
		int('timeout', 60, 31536000);
		int('grace', 60, 31536000);
		string('schedule', 100);
		if (typeof body.schedule === 'string' && !isCronOrOnCalendar(body.schedule)) {
			throw validation('schedule is not a valid cron or OnCalendar expression');
		}
		string('tz');
		if (typeof body.tz === 'string' && !isTimezone(body.tz))
			throw validation('tz is not a valid timezone');
		bool('manual_resume');
		string('methods');
		if (typeof body.methods === 'string' && !['', 'POST'].includes(body.methods))
			throw validation('methods has unexpected value');
		string('channels');
		for (const kw of ['start_kw', 'success_kw', 'failure_kw']) string(kw, 200);
		for (const f of ['filter_subject', 'filter_body', 'filter_http_body', 'filter_default_fail'])
			bool(f);
		string('subject', 200);
		string('subject_fail', 200);
		if (body.unique !== undefined) {
			if (!Array.isArray(body.unique)) throw validation('unique is not an array');
			for (const item of body.unique) {
				if (typeof item !== 'string' || !UNIQUE_FIELDS.includes(item)) {
					throw validation("an item in 'unique' has unexpected value");
				}
			}
		}
	}

	private resolveChannels(spec: string): string[] {
		if (spec === '') return [];
		if (spec === '*') return this.channels.map((c) => c.id);
		return spec.split(',').map((raw) => {
			const part = raw.trim();
			if (part === '') throw jsonError(400, 'empty channel identifier');
			if (UUID_RE.test(part)) {
				const byId = this.channels.find((c) => c.id === part);
				if (!byId) throw jsonError(400, `invalid channel identifier: ${part}`);
				return byId.id;
			}
			const byName = this.channels.filter((c) => c.name === part);
			if (byName.length === 0) throw jsonError(400, `invalid channel identifier: ${part}`);
			if (byName.length > 1) throw jsonError(400, `non-unique channel identifier: ${part}`);
			return byName[0].id;
		});
	}

	private apply(check: StoredCheck, body: Json): void {
		for (const field of [
			'name',
			'slug',
			'tags',
			'desc',
			'manual_resume',
			'methods',
			'start_kw',
			'success_kw',
			'failure_kw',
			'filter_subject',
			'filter_body',
			'filter_http_body',
			'filter_default_fail',
			'grace',
		]) {
			if (body[field] !== undefined) (check as unknown as Json)[field] = body[field];
		}
		if (typeof body.subject === 'string') {
			check.subject = body.subject;
			check.success_kw = body.subject;
			check.filter_subject = true;
		}
		if (typeof body.subject_fail === 'string') {
			check.subject_fail = body.subject_fail;
			check.failure_kw = body.subject_fail;
			check.filter_subject = true;
		}
		if (typeof body.schedule === 'string') {
			check.kind = scheduleKind(body.schedule);
			check.schedule = body.schedule;
		} else if (body.timeout !== undefined) {
			check.kind = 'simple';
			check.timeout = body.timeout as number;
		}
		if (typeof body.tz === 'string') check.tz = body.tz;
		if (typeof body.channels === 'string') check.channels = this.resolveChannels(body.channels);
	}

	private createCheck(req: Request, project: string, body: Json): unknown {
		this.validate(body);
		if (typeof body.channels === 'string') this.resolveChannels(body.channels);
		const unique = (body.unique as string[] | undefined) ?? [];
		if (unique.length > 0) {
			const match = [...this.checks.values()].find(
				(c) =>
					c.project === project &&
					unique.every(
						(field) =>
							(c as unknown as Json)[field] ===
							(body[field] ?? (this.newCheck(project) as unknown as Json)[field]),
					),
			);
			if (match) {
				this.apply(match, body);
				return { __status: 200, body: this.present(match, false, req) };
			}
		}
		if ([...this.checks.values()].filter((c) => c.project === project).length >= this.checkLimit)
			throw empty(403);
		const check = this.newCheck(project);
		if (req.params.version !== 'v3' && body.slug === undefined && typeof body.name === 'string') {
			check.slug = body.name
				.toLowerCase()
				.replace(/[^a-z0-9]+/g, '-')
				.replace(/^-|-$/g, '');
		}
		this.apply(check, body);
		this.checks.set(check.uuid, check);
		return { __status: 201, body: this.present(check, false, req) };
	}

	private updateCheck(
		req: Request,
		ctx: { readOnly: boolean; project: string; body: Json },
	): unknown {
		const check = this.findCheck(req.params.code as string, ctx, false);
		this.validate(ctx.body);
		this.apply(check, ctx.body);
		return this.present(check, false, req);
	}

	private listFlips(req: Request, ctx: { readOnly: boolean; project: string }): Json | HttpError {
		const check = this.findCheck(req.params.code as string, ctx, true);
		const params = new URLSearchParams(req.originalUrl.split('?')[1] ?? '');
		const bounded = (name: string, max: number): number | undefined => {
			const raw = params.get(name);
			if (raw === null || raw === '') return undefined;
			if (!/^\d+$/.test(raw) || Number(raw) > max) throw empty(400);
			return Number(raw);
		};
		const seconds = bounded('seconds', 31536000);
		const start = bounded('start', 10000000000);
		const end = bounded('end', 10000000000);
		let flips = [...check.flips];
		const nowMs = this.now().getTime();
		// seconds=0 is falsy on the real server and so means "no filter".
		if (seconds) flips = flips.filter((f) => f.created.getTime() >= nowMs - seconds * 1000);
		if (start !== undefined) flips = flips.filter((f) => f.created.getTime() >= start * 1000);
		if (end !== undefined) flips = flips.filter((f) => f.created.getTime() < end * 1000);
		// Newest first; flips recorded in the same millisecond keep "later recorded first".
		flips.reverse().sort((a, b) => b.created.getTime() - a.created.getTime());
		return { flips: flips.map((f) => ({ timestamp: isoSeconds(f.created), up: f.up })) };
	}

	private badges(req: Request, project: string): Json {
		const base = this.baseUrl(req);
		const tags = new Set<string>();
		for (const check of this.checks.values()) {
			if (check.project !== project) continue;
			for (const tag of check.tags.split(' ')) if (tag) tags.add(tag);
		}
		const urls = (tag: string) => ({
			svg: `${base}/badge/abc/sig-2/${tag}.svg`,
			svg3: `${base}/badge/abc/sig/${tag}.svg`,
			json: `${base}/badge/abc/sig-2/${tag}.json`,
			json3: `${base}/badge/abc/sig/${tag}.json`,
			shields: `${base}/badge/abc/sig-2/${tag}.shields`,
			shields3: `${base}/badge/abc/sig/${tag}.shields`,
		});
		const badges: Json = {};
		for (const tag of [...tags].sort()) badges[tag] = urls(tag);
		badges['*'] = urls('*');
		return { badges };
	}
}

/** A verbatim text/plain body (ping bodies). */
class BodyResponse extends HttpError {
	constructor(readonly bytes: Buffer) {
		super(200, { text: '' });
	}
}

/** The real server sends `application/json` with no charset. */
function sendJson(res: Response, status: number, body: unknown): void {
	res.status(status).setHeader('Content-Type', 'application/json');
	res.end(JSON.stringify(body));
}

export function isoSeconds(date: Date | null): string | null {
	if (!date) return null;
	return `${date.toISOString().slice(0, 19)}+00:00`;
}

function isoMicros(date: Date): string {
	return `${date.toISOString().slice(0, 23)}000+00:00`;
}

function isTimezone(tz: string): boolean {
	if (tz === 'UTC') return true;
	try {
		new Intl.DateTimeFormat('en-US', { timeZone: tz });
		return tz.length > 0;
	} catch {
		return false;
	}
}

function isCronOrOnCalendar(expr: string): boolean {
	const fields = expr.trim().split(/\s+/);
	if (fields.length === 5 && fields.every((f) => /^[\d*/,\-A-Za-z?LW#]+$/.test(f))) return true;
	// OnCalendar: keywords or date/time specs containing ':' (e.g. "Mon *-*-* 09:00:00").
	if (
		/^(minutely|hourly|daily|weekly|monthly|yearly|annually|quarterly|semiannually)$/.test(
			expr.trim(),
		)
	)
		return true;
	return /\d{1,2}:\d{2}/.test(expr) && expr.length <= 100;
}
