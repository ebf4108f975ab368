/**
 * The credential's gate and retry policy (nodes/shared/gate.ts), its rules one at a time on
 * n8n's clock replaced by jest's (so every wait is exact and the suite does not sleep): which
 * failures are sent again, after how long, when the node gives up and what it says, the
 * per-credential cap and the shared 429 pause. Each gate is new (a key per test), so the gate's
 * own bookkeeping is exercised every time. Through n8n's engine: test/shared/apiRequest.test.ts.
 */
import {
	policy as resiliencePolicy,
	RetriesExhausted,
	retriesSentence,
	retryAfterMs,
	withRetries,
	type Failure,
} from '../../nodes/shared/gate';

describe("the rules one at a time, on jest's clock", () => {
	let keyCount = 0;
	const newKey = () => `rules:${++keyCount}`;

	beforeEach(() => {
		jest.useFakeTimers({ now: 1_000_000 });
		// The shipped backoff: test/support/fastRetries.ts shrinks it for the engine tests (and
		// puts the whole policy back before each test); the clock here is jest's, so it costs nothing.
		Object.assign(resiliencePolicy, { baseDelayMs: 1_000, maxDelayMs: 30_000 });
	});
	afterEach(() => {
		jest.useRealTimers();
		jest.restoreAllMocks();
	});

	/** An attempt that fails with the given failures in turn, then succeeds; when each attempt started (ms after this call). */
	function scripted(failures: Failure[]) {
		const origin = Date.now();
		const started: number[] = [];
		const attempt = async () => {
			started.push(Date.now() - origin);
			const failure = failures[started.length - 1];
			if (failure) throw failure;
			return 'done';
		};
		return { started, attempt, classify: (error: unknown) => error as Failure };
	}

	/** Runs `promise` to its end on the fake clock; its value, or the error it threw. */
	async function settle<T>(promise: Promise<T>): Promise<{ value?: T; error?: unknown }> {
		const outcome = promise.then(
			(value) => ({ value }),
			(error: unknown) => ({ error }),
		);
		await jest.runAllTimersAsync();
		return await outcome;
	}

	describe('Retry-After', () => {
		test.each([
			['whole seconds', '12', 12_000],
			['a fraction of a second', '1.25', 1_250],
			['seconds with spaces around them', ' 5 ', 5_000],
			['an HTTP date 3 s ahead', new Date(1_000_000 + 3_000).toUTCString(), 3_000],
			['an HTTP date in the past', new Date(0).toUTCString(), 0],
			['the first of repeated headers', ['2', '9'], 2_000],
			['nothing', undefined, undefined],
			['empty', '', undefined],
			['a number with a unit', '5 s', undefined],
			['text ending in a number', 'x5', undefined],
			['a dot without digits', '1.x', undefined],
			['text', 'soon', undefined],
		])('%s', (_name, header, expected) => {
			expect(retryAfterMs(header, 1_000_000)).toBe(expected);
		});
	});

	describe('what is retried, and after how long', () => {
		test('a read that fails with 5xx or the network: 3 attempts, backing off 0.5–1 s, then 1–2 s', async () => {
			jest.spyOn(Math, 'random').mockReturnValue(0);
			const low = scripted([{ kind: 'serverError' }, { kind: 'network' }]);
			expect(await settle(withRetries(newKey(), 'get', low.attempt, low.classify))).toEqual({
				value: 'done',
			});
			expect(low.started).toEqual([0, 500, 1500]);

			// The jitter: half the ceiling plus up to another half (here a quarter more).
			jest.spyOn(Math, 'random').mockReturnValue(0.5);
			const mid = scripted([{ kind: 'serverError' }, { kind: 'serverError' }]);
			await settle(withRetries(newKey(), 'GET', mid.attempt, mid.classify));
			expect(mid.started).toEqual([0, 750, 2250]);
		});

		test('the backoff doubles up to its ceiling', async () => {
			jest.spyOn(Math, 'random').mockReturnValue(0);
			Object.assign(resiliencePolicy, { rateLimitAttempts: 6, maxDelayMs: 3_000 });
			const run = scripted(Array.from({ length: 5 }, () => ({ kind: 'rateLimited' }) as Failure));
			await settle(withRetries(newKey(), 'POST', run.attempt, run.classify));
			// Half of 1, 2, 4 (capped at 3), 8 (capped at 3), 16 (capped at 3) seconds.
			expect(run.started).toEqual([0, 500, 1500, 3000, 4500, 6000]);
		});

		test('a HEAD is a read; a write that fails with 5xx or the network is not retried and fails with its own error', async () => {
			const head = scripted([{ kind: 'serverError' }, { kind: 'serverError' }]);
			expect(await settle(withRetries(newKey(), 'HEAD', head.attempt, head.classify))).toEqual({
				value: 'done',
			});
			expect(head.started).toHaveLength(3);
			for (const failure of [
				{ kind: 'serverError' },
				{ kind: 'network' },
				{ kind: 'final' },
			] as Failure[]) {
				const write = scripted([failure]);
				expect(await settle(withRetries(newKey(), 'POST', write.attempt, write.classify))).toEqual({
					error: failure,
				});
				expect(write.started).toEqual([0]);
			}
		});

		test('a read that keeps failing: the last error, wrapped with what was tried', async () => {
			jest.spyOn(Math, 'random').mockReturnValue(0);
			const run = scripted([{ kind: 'serverError' }, { kind: 'serverError' }, { kind: 'network' }]);
			const { error } = await settle(withRetries(newKey(), 'GET', run.attempt, run.classify));
			expect(error).toBeInstanceOf(RetriesExhausted);
			expect(error).toMatchObject({
				lastError: { kind: 'network' },
				attempts: 3,
				waitedMs: 1500,
				reason: 'attempts',
			});
			expect(retriesSentence(error as RetriesExhausted)).toBe(
				'The node tried 3 times over 1.5 s before giving up.',
			);
		});

		test('a write rate-limited every time: 6 attempts after each Retry-After, then how long it waited', async () => {
			const run = scripted(
				Array.from({ length: 6 }, () => ({ kind: 'rateLimited', retryAfterMs: 2_000 }) as Failure),
			);
			const { error } = await settle(withRetries(newKey(), 'POST', run.attempt, run.classify));
			expect(run.started).toEqual([0, 2000, 4000, 6000, 8000, 10000]);
			expect(error).toMatchObject({ attempts: 6, waitedMs: 10_000, reason: 'attempts' });
			expect(retriesSentence(error as RetriesExhausted)).toBe(
				'The node tried 6 times over 10 s before giving up.',
			);
		});

		test('the total wait is bounded: exactly the limit is waited, beyond it the node stops at once', async () => {
			const exact = scripted([{ kind: 'rateLimited', retryAfterMs: 120_000 }]);
			expect(await settle(withRetries(newKey(), 'POST', exact.attempt, exact.classify))).toEqual({
				value: 'done',
			});
			expect(exact.started).toEqual([0, 120_000]);
			const beyond = scripted([
				{ kind: 'rateLimited', retryAfterMs: 60_000 },
				{ kind: 'rateLimited', retryAfterMs: 60_001 },
			]);
			const { error } = await settle(
				withRetries(newKey(), 'POST', beyond.attempt, beyond.classify),
			);
			expect(beyond.started).toEqual([0, 60_000]);
			expect(error).toMatchObject({ attempts: 2, waitedMs: 60_000, reason: 'wait' });
			expect(retriesSentence(error as RetriesExhausted)).toBe(
				'The node tried 2 time(s) and stopped: waiting longer would exceed 120 s.',
			);
		});
	});

	describe('one gate per credential', () => {
		test('at most 5 attempts of one credential run at once; the rest start as slots free up, in order', async () => {
			const key = newKey();
			let running = 0;
			let most = 0;
			const order: number[] = [];
			const attempt = (i: number) => async () => {
				running++;
				most = Math.max(most, running);
				order.push(i);
				await new Promise((resolve) => setTimeout(resolve, 100));
				running--;
				return i;
			};
			const all = Promise.all(
				Array.from({ length: 12 }, (_, i) =>
					withRetries(key, 'GET', attempt(i), () => ({ kind: 'final' })),
				),
			);
			await jest.runAllTimersAsync();
			expect(await all).toEqual(Array.from({ length: 12 }, (_, i) => i));
			expect(most).toBe(resiliencePolicy.maxConcurrent);
			expect(order).toEqual(Array.from({ length: 12 }, (_, i) => i));
			// Three waves of 100 ms: 5, 5 and 2.
			expect(Date.now() - 1_000_000).toBe(300);
		});

		test("a 429 pauses every request of that credential until its Retry-After, and no other credential's", async () => {
			const key = newKey();
			const [limited, same, other] = [
				scripted([{ kind: 'rateLimited', retryAfterMs: 2_000 }]),
				scripted([]),
				scripted([]),
			];
			const first = withRetries(key, 'GET', limited.attempt, limited.classify);
			await jest.advanceTimersByTimeAsync(10);
			const later = Promise.all([
				withRetries(key, 'GET', same.attempt, same.classify),
				withRetries(newKey(), 'GET', other.attempt, other.classify),
			]);
			await jest.runAllTimersAsync();
			await Promise.all([first, later]);
			expect(limited.started).toEqual([0, 2000]);
			expect(same.started).toEqual([2000]);
			expect(other.started).toEqual([10]);
		});

		test("a 5xx on a read makes only that request wait: the credential's other requests go on", async () => {
			jest.spyOn(Math, 'random').mockReturnValue(0);
			const key = newKey();
			const [failing, next] = [scripted([{ kind: 'serverError' }]), scripted([])];
			const first = withRetries(key, 'GET', failing.attempt, failing.classify);
			await jest.advanceTimersByTimeAsync(10);
			const second = withRetries(key, 'GET', next.attempt, next.classify);
			await jest.runAllTimersAsync();
			await Promise.all([first, second]);
			expect(failing.started).toEqual([0, 500]);
			expect(next.started).toEqual([10]);
		});
	});
});
