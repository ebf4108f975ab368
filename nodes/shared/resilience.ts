/**
 * How every request of the package copes with rate limits and faults (one mechanism for
 * both nodes, their list searches and the triggers):
 *
 * - 429 means the request was not processed, so it is retried whatever the method,
 *   after Retry-After (seconds or an HTTP date) or an exponential backoff with jitter;
 *   bounded in attempts and in total wait. While one request waits out a 429, every
 *   request made with the same credential waits too, so a large batch does not keep
 *   hammering the account; requests of other credentials (other accounts) do not wait.
 * - A 5xx or a network failure on a read (GET) is retried a few times. On a write it is
 *   not: the write may have happened, and repeating it could duplicate data.
 * - At most `maxConcurrent` requests per credential are in flight, however many items
 *   n8n's routing engine starts at once.
 *
 * The gates live in this module, so they are per n8n process: in queue mode every worker
 * (and the main instance, which runs the triggers) has its own, and an account can see up
 * to `maxConcurrent` requests from each of them.
 */
import { type INode, sleep } from 'n8n-workflow';

export const resiliencePolicy = {
	/** Attempts for a rate-limited request (the first try included). */
	rateLimitAttempts: 6,
	/** Attempts for a read that failed with a 5xx or a network error. */
	readAttempts: 3,
	/** Longest total time one request may spend waiting before retries. */
	maxTotalWaitMs: 120_000,
	baseDelayMs: 1_000,
	maxDelayMs: 30_000,
	maxConcurrent: 5,
};

export type Failure =
	| { kind: 'rateLimited'; retryAfterMs?: number }
	| { kind: 'serverError' }
	| { kind: 'network' }
	| { kind: 'final' };

interface Gate {
	/** Slots held: requests in flight, or about to be. */
	active: number;
	/** Requests waiting for a slot, in arrival order. */
	waiting: Array<() => void>;
	pausedUntil: number;
}

/** One gate per credential used in this process (a few numbers each, kept for the process's life). */
const gates = new Map<string, Gate>();

function gateFor(key: string): Gate {
	let gate = gates.get(key);
	if (!gate) {
		gate = { active: 0, waiting: [], pausedUntil: 0 };
		gates.set(key, gate);
	}
	return gate;
}

async function acquire(gate: Gate): Promise<void> {
	if (gate.active < resiliencePolicy.maxConcurrent) {
		gate.active++;
		return;
	}
	// The slot is handed over by release(): counting it there, not here, means no request
	// that arrives in between can take it first and exceed the cap.
	await new Promise<void>((resolve) => gate.waiting.push(resolve));
}

function release(gate: Gate): void {
	const next = gate.waiting.shift();
	if (next) next();
	else gate.active--;
}

/** Retry-After as milliseconds: delay-seconds or an HTTP date. */
export function retryAfterMs(header: unknown, now = Date.now()): number | undefined {
	// No header (undefined, null, '') parses as no date either: undefined.
	const text = String(Array.isArray(header) ? header[0] : header).trim();
	if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
	const date = Date.parse(text);
	return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function backoffMs(retry: number): number {
	const ceiling = Math.min(resiliencePolicy.maxDelayMs, resiliencePolicy.baseDelayMs * 2 ** retry);
	return Math.round(ceiling * (0.5 + Math.random() * 0.5));
}

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

/**
 * Run `attempt` until it succeeds, retrying as the policy allows. `classify` says what a
 * thrown error was. Throws the last error itself when it is not retryable, and a
 * RetriesExhausted when retries ran out.
 */
/** GET and HEAD change nothing: the only requests that are ever sent again. */
export const isReadMethod = (method: string) => ['GET', 'HEAD'].includes(method.toUpperCase());

/**
 * The rate-limit gate of a request: one per credential (an account), so one account's 429
 * never pauses another's and two accounts on the same host do not share a cap.
 */
export function gateKey(context: { getNode(): INode }, credentialType: string): string {
	const credential = context.getNode().credentials?.[credentialType];
	return `${credentialType}:${credential?.id ?? credential?.name}`;
}

export async function withRetries<T>(
	/** Which gate the request goes through: one per credential (see gateKey). */
	key: string,
	method: string,
	attempt: () => Promise<T>,
	classify: (error: unknown) => Failure,
): Promise<T> {
	const gate = gateFor(key);
	const isRead = isReadMethod(method);
	let waited = 0;
	for (let attemptNumber = 1; ; attemptNumber++) {
		await acquire(gate);
		// Checked after getting a slot: requests queued behind a 429 wait it out too.
		for (let pause = gate.pausedUntil - Date.now(); pause > 0; pause = gate.pausedUntil - Date.now()) {
			waited += pause;
			await sleep(pause);
		}
		let failure: Failure;
		let error: unknown;
		try {
			return await attempt();
		} catch (caught) {
			error = caught;
			failure = classify(caught);
		} finally {
			release(gate);
		}
		const retryable =
			failure.kind === 'rateLimited'
				? attemptNumber < resiliencePolicy.rateLimitAttempts
				: (failure.kind === 'serverError' || failure.kind === 'network') && isRead
					? attemptNumber < resiliencePolicy.readAttempts
					: false;
		if (!retryable) {
			if (failure.kind === 'final' || (!isRead && failure.kind !== 'rateLimited')) throw error;
			throw new RetriesExhausted(error, attemptNumber, waited, 'attempts');
		}
		const delay =
			failure.kind === 'rateLimited' && failure.retryAfterMs !== undefined
				? failure.retryAfterMs
				: backoffMs(attemptNumber - 1);
		if (waited + delay > resiliencePolicy.maxTotalWaitMs) {
			throw new RetriesExhausted(error, attemptNumber, waited, 'wait');
		}
		if (failure.kind === 'rateLimited') {
			// Everyone waits: the API said it is overloaded.
			gate.pausedUntil = Math.max(gate.pausedUntil, Date.now() + delay);
		} else {
			waited += delay;
			await sleep(delay);
		}
	}
}

/** A sentence about the retries, for the final error's description. */
export function retriesSentence(exhausted: RetriesExhausted): string {
	const seconds = Math.round(exhausted.waitedMs / 100) / 10;
	return exhausted.reason === 'wait'
		? `The node tried ${exhausted.attempts} time(s) and stopped: waiting longer would exceed ${resiliencePolicy.maxTotalWaitMs / 1000} s.`
		: `The node tried ${exhausted.attempts} times over ${seconds} s before giving up.`;
}
