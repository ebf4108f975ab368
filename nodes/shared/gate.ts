/**
 * One gate per credential, for every request of the package (apiRequest): at most
 * `maxConcurrent` requests in flight, a 429 pausing them all until its Retry-After (per n8n
 * process); a 429 is sent again whatever the method, a read that failed with a 5xx or got no
 * answer is sent again backing off, a write never (it may have happened).
 */
import { sleep } from 'n8n-workflow';

export const policy = {
	rateLimitAttempts: 6,
	readAttempts: 3,
	maxTotalWaitMs: 120_000,
	baseDelayMs: 1_000,
	maxDelayMs: 30_000,
	maxConcurrent: 5,
};

export type Failure =
	| { kind: 'rateLimited'; retryAfterMs?: number }
	| { kind: 'serverError' | 'network' | 'final' };
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

/**
 * Runs `attempt` through the gate `key` until it succeeds or the policy gives up; `classify`
 * says what a thrown error was.
 */
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
		const backOff = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempts - 1));
		const delay =
			(failure.kind === 'rateLimited' ? failure.retryAfterMs : undefined) ??
			Math.round(backOff * (0.5 + Math.random() * 0.5));
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
