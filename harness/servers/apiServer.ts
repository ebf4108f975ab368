/**
 * What both local API servers share: an express app on 127.0.0.1 with a random port,
 * a log of every request that reached it (so tests can assert what the node sent),
 * fault injection (the next N requests answer 429/500 or are delayed or dropped) and
 * an optional rate limit (requests per window, then 429 with Retry-After).
 */
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';

export interface LoggedRequest {
	method: string;
	/** Path without the query string, exactly as received (not decoded). */
	path: string;
	/** Raw query string pairs, in order (repeated keys stay repeated). */
	query: Array<[string, string]>;
	headers: Record<string, string | string[] | undefined>;
	/** Raw request body text ('' when none). */
	rawBody: string;
	/** Parsed JSON body, or undefined when the body was empty or not JSON. */
	body: unknown;
}

export type Fault =
	/** `body`: a string is sent as text, anything else as JSON; with `json`, a string too. */
	| { kind: 'status'; status: number; retryAfter?: string; body?: unknown; json?: boolean }
	/** Answered after `ms` (or once `until` settles), normally or, with `then`, as that fault. */
	| { kind: 'delay'; ms: number; until?: Promise<unknown>; then?: Fault }
	| { kind: 'drop' }
	/** The request is processed, then answered with this status (a write that happened). */
	| { kind: 'statusAfter'; status: number }
	/** The request is processed, then the connection is dropped before the answer. */
	| { kind: 'dropAfter' };

export interface RateLimit {
	requests: number;
	windowMs: number;
}

export abstract class ApiServer {
	readonly app: Express;

	readonly requests: LoggedRequest[] = [];

	private server?: Server;

	private readonly faults: Array<{ fault: Fault; match?: (req: LoggedRequest) => boolean }> = [];
	private readonly changes: Array<{ match: (req: LoggedRequest) => boolean; change: () => void }> =
		[];

	private rateLimit?: RateLimit;

	/** A fault that hits each matching request with this probability (benchmarks). */
	randomFault?: { fault: Fault; probability: number; match?: (req: LoggedRequest) => boolean };

	/** Every request is answered this much later (a slow server, so that requests overlap). */
	responseDelayMs = 0;

	/**
	 * Set (a virtual clock's step): the response delay moves that clock instead of being waited,
	 * so that what a slow server costs a poll's time budget does not depend on the machine.
	 */
	delayOnClock?: (ms: number) => void;

	/** Requests being handled now, and the most at once since the last clearLog(). */
	inFlight = 0;

	maxInFlight = 0;

	private windowStart = 0;

	private windowCount = 0;

	constructor() {
		this.app = express();
		this.app.set('strict routing', true);
		this.app.set('case sensitive routing', true);
		this.app.set('etag', false);
		this.app.disable('x-powered-by');
		this.app.use(express.text({ type: () => true, limit: '5mb' }));
		this.app.use((req, res, next) => this.logAndInjectFaults(req, res, next));
		this.routes(this.app);
	}

	protected abstract routes(app: Express): void;

	get url(): string {
		const address = this.server?.address() as AddressInfo | undefined;
		if (!address) throw new Error('server not started');
		return `http://127.0.0.1:${address.port}`;
	}

	async start(port = 0): Promise<this> {
		await new Promise<void>((resolve, reject) => {
			this.server = this.app.listen(port, '127.0.0.1', (error?: Error) =>
				error ? reject(error) : resolve(),
			);
		});
		return this;
	}

	async stop(): Promise<void> {
		const server = this.server;
		if (!server) return;
		this.server = undefined;
		server.closeAllConnections();
		await new Promise<void>((resolve) => server.close(() => resolve()));
	}

	/** The next `times` requests (optionally only those matching) get this fault. */
	injectFault(fault: Fault, times = 1, match?: (req: LoggedRequest) => boolean): void {
		for (let i = 0; i < times; i++) this.faults.push({ fault, match });
	}

	/**
	 * The next GET of `path` is answered 200 with this JSON (a string too) instead of what the
	 * stand-in holds: an API that ignores a filter or an id, or answers a record as it likes.
	 */
	answerNextGet(path: string, body: unknown): void {
		this.injectFault(
			{ kind: 'status', status: 200, body, json: true },
			1,
			(request) => request.method === 'GET' && request.path === path,
		);
	}

	/** Once, when a matching request arrives and before it is answered: a change racing a read. */
	whenRequested(match: (req: LoggedRequest) => boolean, change: () => void): void {
		this.changes.push({ match, change });
	}

	clearFaults(): void {
		this.faults.length = 0;
		this.changes.length = 0;
		this.randomFault = undefined;
		this.responseDelayMs = 0;
		this.delayOnClock = undefined;
	}

	setRateLimit(limit: RateLimit | undefined): void {
		this.rateLimit = limit;
		this.windowStart = Date.now();
		this.windowCount = 0;
	}

	clearLog(): void {
		this.requests.length = 0;
		this.maxInFlight = 0;
	}

	/** Requests other than CORS preflights, as `METHOD path?query` lines, for compact assertions. */
	requestLines(): string[] {
		return this.requests.map((r) => {
			const qs = new URLSearchParams(r.query).toString();
			return `${r.method} ${r.path}${qs ? `?${qs}` : ''}`;
		});
	}

	/** The requests as `METHOD path` lines, without their query: which calls, in order. */
	requestPaths(): string[] {
		return this.requests.map((r) => `${r.method} ${r.path}`);
	}

	/** The requests that write (any method but GET), as `METHOD path?query` lines. */
	writeLines(): string[] {
		return this.requestLines().filter((line) => !line.startsWith('GET '));
	}

	private logAndInjectFaults(req: Request, res: Response, next: NextFunction): void {
		const rawBody = typeof req.body === 'string' ? req.body : '';
		let body: unknown;
		if (rawBody !== '') {
			try {
				body = JSON.parse(rawBody);
			} catch {
				body = undefined;
			}
		}
		const [path, search = ''] = req.originalUrl.split('?');
		const logged: LoggedRequest = {
			method: req.method,
			path,
			query: [...new URLSearchParams(search).entries()],
			headers: { ...req.headers },
			rawBody,
			body,
		};
		this.requests.push(logged);
		const changeIndex = this.changes.findIndex((c) => c.match(logged));
		if (changeIndex !== -1) this.changes.splice(changeIndex, 1)[0].change();
		res.locals.rawBody = rawBody;
		this.inFlight++;
		this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
		res.on('close', () => this.inFlight--);
		if (this.responseDelayMs > 0 && this.delayOnClock) this.delayOnClock(this.responseDelayMs);
		if (this.responseDelayMs > 0 && !this.delayOnClock)
			setTimeout(() => this.answer(req, res, next, logged), this.responseDelayMs);
		else this.answer(req, res, next, logged);
	}

	private answer(req: Request, res: Response, next: NextFunction, logged: LoggedRequest): void {
		if (this.rateLimit) {
			const now = Date.now();
			if (now - this.windowStart >= this.rateLimit.windowMs) {
				this.windowStart = now;
				this.windowCount = 0;
			}
			this.windowCount++;
			if (this.windowCount > this.rateLimit.requests) {
				const waitMs = this.rateLimit.windowMs - (now - this.windowStart);
				res.setHeader('Retry-After', String(Math.max(1, Math.ceil(waitMs / 1000))));
				this.sendTooManyRequests(res);
				return;
			}
		}

		let fault: Fault | undefined;
		const index = this.faults.findIndex((f) => !f.match || f.match(logged));
		if (index !== -1) fault = this.faults.splice(index, 1)[0].fault;
		else if (
			this.randomFault &&
			(!this.randomFault.match || this.randomFault.match(logged)) &&
			Math.random() < this.randomFault.probability
		) {
			fault = this.randomFault.fault;
		}
		if (!fault) {
			next();
			return;
		}
		this.applyFault(fault, req, res, next);
	}

	private applyFault(fault: Fault, req: Request, res: Response, next: NextFunction): void {
		if (fault.kind === 'statusAfter') {
			const status = fault.status;
			const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => Response;
			res.writeHead = ((_code: number, ...rest: unknown[]) =>
				writeHead(status, ...rest)) as typeof res.writeHead;
			next();
		} else if (fault.kind === 'dropAfter') {
			res.end = (() => {
				req.socket.destroy();
				return res;
			}) as typeof res.end;
			next();
		} else if (fault.kind === 'delay') {
			const then = fault.then;
			const go = () => (then ? this.applyFault(then, req, res, next) : next());
			if (fault.until) void fault.until.finally(go);
			else setTimeout(go, fault.ms);
		} else if (fault.kind === 'drop') {
			req.socket.destroy();
		} else {
			if (fault.retryAfter !== undefined) res.setHeader('Retry-After', fault.retryAfter);
			if (fault.status === 429 && fault.body === undefined) {
				this.sendTooManyRequests(res);
			} else if (fault.body === undefined) {
				res.status(fault.status).type('text/html; charset=utf-8').send('');
			} else if (typeof fault.body === 'string' && !fault.json) {
				// A text answer, as the ping endpoints give.
				res.status(fault.status).type('text/html; charset=utf-8').send(fault.body);
			} else {
				res.status(fault.status).json(fault.body);
			}
		}
	}

	/** How this API answers when its rate limit is exceeded. */
	protected abstract sendTooManyRequests(res: Response): void;
}

/** Parse a JSON request body; `undefined` body text means "no body". */
export function parseJson(raw: string): { ok: true; value: unknown } | { ok: false } {
	try {
		return { ok: true, value: JSON.parse(raw) };
	} catch {
		return { ok: false };
	}
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}
