/**
 * New Flip for All Checks (nodes/CheckMonitorTrigger/newFlipAllChecks.ts): the list each poll, the
 * flips of the checks whose row changed, the sweep, late down flips, id order and the poll budget.
 */
import type { IDataObject } from 'n8n-workflow';
import {
	allChecksFlipTrigger,
	type FlipPoller,
	startOfEarlierVersion,
} from '../support/allChecksFlipTrigger';
import { CM_READ_ONLY_KEY, CheckMonitorServer } from '../../harness/servers/checkMonitorServer';
import { flipTrigger } from '../support/flipTrigger';
import { useCheckMonitorServer } from '../support/setup';
import { useVirtualClock } from '../support/virtualClock';
import { LONG_TEST_TIMEOUT_MS } from '../support/longTests';

describe('each flip exactly once, naming its check', () => {
	const cm = useCheckMonitorServer();
	const { server } = cm;
	const { poller, flips, seed, flipsRead } = flipTrigger(cm);

	test('all checks: the list, then the flips of the checks whose row changed; direction filter', async () => {
		const a = server.seedCheck({ name: 'a', tags: 'prod' });
		const b = server.seedCheck({ name: 'b', tags: 'prod' });
		server.seedCheck({ name: 'c', tags: 'dev' });
		const trigger = poller({ scope: 'all', tags: 'prod', direction: 'up' });
		expect(await trigger.poll()).toBeNull();
		server.clearLog();
		server.receivePing(a.uuid);
		server.receivePing(b.uuid, 'fail');
		const result = await trigger.poll();
		expect(flips(result)).toEqual([['a', 1, 'up']]);
		expect(server.requests.map((r) => r.path).sort()).toEqual(
			[
				'/api/v3/checks/',
				`/api/v3/checks/${a.uuid}/flips/`,
				`/api/v3/checks/${b.uuid}/flips/`,
			].sort(),
		);
		expect(server.requestLines()[0]).toBe('GET /api/v3/checks/?tag=prod');
	});

	test.each([
		['a read-write key', undefined],
		['a read-only key', CM_READ_ONLY_KEY],
	])(
		'all checks (%s): flips after the list was read: a check read for its flips is named from its status read again; another check comes at the next poll',
		async (_key, apiKey) => {
			const a = server.seedCheck({ name: 'a' });
			const b = server.seedCheck({ name: 'b' });
			server.receivePing(a.uuid);
			server.receivePing(b.uuid);
			const trigger = poller({ scope: 'all' }, { apiKey: apiKey });
			await trigger.poll();
			server.clearLog();
			// a failed and recovered: the list shows a changed, b not. While the trigger reads a's
			// flips, a fails again (its newest flip is a down the list did not show) and so does b.
			server.receivePing(a.uuid, 'fail');
			server.receivePing(a.uuid);
			const isFlipsOf = (check: { uuid: string }) => (req: { path: string }) =>
				req.path.endsWith('/flips/') &&
				(req.path.includes(check.uuid) ||
					req.path.includes(CheckMonitorServer.uniqueKey(check.uuid)));
			server.whenRequested(isFlipsOf(a), () => {
				server.receivePing(a.uuid, 'fail');
				server.receivePing(b.uuid, 'fail');
			});
			expect(flips(await trigger.poll())).toEqual([
				['a', 0, 'not up'],
				['a', 1, 'up'],
				['a', 0, 'down'],
			]);
			// The list, a's flips, and a read again to name its newest flip.
			expect(server.requests).toHaveLength(3);
			expect(server.requests.filter((r) => /\/checks\/[^/]+$/.test(r.path))).toHaveLength(1);
			server.clearLog();
			expect(flips(await trigger.poll())).toEqual([['b', 0, 'down']]);
			// b's flips and its read to name it; a's row changed since the list it was read after,
			// so its flips are read once more (nothing new).
			expect(server.requests).toHaveLength(4);
			expect([server.requests.some(isFlipsOf(a)), server.requests.some(isFlipsOf(b))]).toEqual([
				true,
				true,
			]);
			expect(await trigger.poll()).toBeNull();
		},
	);

	test('all checks: Fetch Test Event names the newest flip from the status read with it', async () => {
		const a = server.seedCheck({ name: 'a' });
		server.receivePing(a.uuid);
		const trigger = poller({ scope: 'all' });
		server.whenRequested(
			(req) => req.path.endsWith('/flips/'),
			() => server.receivePing(a.uuid, 'fail'),
		);
		expect(flips(await trigger.poll('manual'))).toEqual([['a', 0, 'down']]);
	});

	test('all checks, up flips only: a new down flip costs no read of its check', async () => {
		const a = server.seedCheck({ name: 'a' });
		const trigger = poller({ scope: 'all', direction: 'up' });
		await trigger.poll();
		server.clearLog();
		server.receivePing(a.uuid, 'fail');
		expect(await trigger.poll()).toBeNull();
		expect(server.requestLines()).toEqual([
			'GET /api/v3/checks/',
			`GET /api/v3/checks/${a.uuid}/flips/?start=${server.requests[1].query[0][1]}`,
		]);
	});

	test('all checks: a check created after activation reports its flips; a deleted one leaves the state', async () => {
		const a = server.seedCheck({ name: 'a' });
		const trigger = poller({ scope: 'all' });
		await trigger.poll();
		const late = server.seedCheck({ name: 'late' });
		server.receivePing(late.uuid);
		expect(flips(await trigger.poll())).toEqual([['late', 1, 'up']]);
		server.checks.delete(a.uuid);
		await trigger.poll();
		expect(Object.keys((trigger.staticData['node:Trigger'] as any).state.checks)).toEqual([
			late.uuid,
		]);
	});

	test('all checks with a read-only key: flips by unique key', async () => {
		const check = server.seedCheck({ name: 'ro' });
		const trigger = poller({ scope: 'all' }, { apiKey: CM_READ_ONLY_KEY });
		await trigger.poll();
		server.receivePing(check.uuid);
		const result = await trigger.poll();
		expect(flips(result)).toEqual([['ro', 1, 'up']]);
		expect(result![0][0].json.check).toMatchObject({
			id: CheckMonitorServer.uniqueKey(check.uuid),
		});
	});

	test('a 500 during an all-checks poll loses and repeats nothing', async () => {
		// In id order c1 is read before c2 fails: a poll that saved c1's cursor before the
		// failure would lose c1's flip.
		const c1 = seed(1);
		const c2 = seed(2);
		const trigger = poller({ scope: 'all' });
		await trigger.poll();
		server.receivePing(c1.uuid);
		server.receivePing(c2.uuid);
		server.clearLog();
		// Three 500s: the read's retries are used up and the poll fails.
		server.injectFault(
			{ kind: 'status', status: 500 },
			3,
			(r) => r.path.endsWith('/flips/') && r.path.includes(c2.uuid),
		);
		await expect(trigger.poll()).rejects.toThrow('The Check Monitor API failed with HTTP 500');
		expect(flipsRead()).toEqual(['c1', 'c2', 'c2', 'c2']);
		expect(flips(await trigger.poll())).toEqual([
			['c1', 1, 'up'],
			['c2', 1, 'up'],
		]);
		expect(await trigger.poll()).toBeNull();
	});
});

/**
 * What the state is keyed on and how a poll goes through the checks: other tags start afresh;
 * the checks whose listed row changed are read in id order and, when a poll runs out of its
 * time budget, the next poll goes on at the changed check where it stopped; Flips To "Down";
 * Fetch Test Event. Time is controlled through the budget n8n gives a poll: with a budget of 0
 * the poll's deadline is the moment it starts, so it reads its first check (always) and no
 * other once a request has taken any time. In those tests the stand-in answers every request 2
 * ms late, so that this holds on any machine.
 */
describe('state, id order, the poll budget, Fetch Test Event', () => {
	const cm = useCheckMonitorServer();
	const { server } = cm;
	const { poller, flips, seed, flipsRead, checksRead, setStatus } = flipTrigger(cm);

	describe('Flips To: Down', () => {
		test('flips to "down" and to "not up" are emitted; flips to up, paused and new are not', async () => {
			const [c1, c2, c3, c4, c5] = [1, 2, 3, 4, 5].map((n) => seed(n));
			for (const check of [c1, c2, c4, c5]) server.receivePing(check.uuid);
			const trigger = poller({ scope: 'all', direction: 'down' });
			expect(await trigger.poll()).toBeNull();
			server.clearLog();
			server.receivePing(c1.uuid, 'fail'); // c1: down and up again: its down is "not up"
			server.receivePing(c1.uuid);
			server.receivePing(c2.uuid, 'fail'); // c2: down
			server.receivePing(c3.uuid); // c3: new -> up
			setStatus(c4, 'paused'); // c4: paused
			setStatus(c5, 'paused'); // c5: paused and resumed
			setStatus(c5, 'new');
			expect(flips(await trigger.poll())).toEqual([
				['c1', 0, 'not up'],
				['c2', 0, 'down'],
			]);
			expect(flipsRead()).toEqual(['c1', 'c2', 'c3', 'c4', 'c5']);
			// Only the checks whose newest new flip is away from up are read, to name it.
			expect(checksRead()).toEqual(['c2', 'c4', 'c5']);
			server.clearLog();
			server.receivePing(c2.uuid);
			expect(await trigger.poll()).toBeNull();
			expect(checksRead()).toEqual([]);
		});
	});

	describe('state: what it is kept for', () => {
		test('All Checks: other tags start afresh, also tags that run together the same ("ab c" and "a bc")', async () => {
			const x = seed(1, { name: 'x', tags: 'ab c' });
			const y = seed(2, { name: 'y', tags: 'a bc' });
			const first = poller({ scope: 'all', tags: 'ab c' });
			expect(await first.poll()).toBeNull();
			server.receivePing(x.uuid);
			server.receivePing(y.uuid);
			expect(flips(await first.poll())).toEqual([['x', 1, 'up']]);
			// y flipped while the trigger watched "ab c"; the user changes the tags to "a bc"
			// (spaces around and between them are only separators).
			const second = poller({ scope: 'all', tags: '  a \t bc ' }, { staticData: first.staticData });
			server.clearLog();
			expect(await second.poll()).toBeNull();
			// Starting afresh: the list alone.
			expect(server.requestLines()).toEqual(['GET /api/v3/checks/?tag=a&tag=bc']);
			server.receivePing(y.uuid, 'fail');
			expect(flips(await second.poll())).toEqual([['y', 0, 'down']]);
			expect(await second.poll()).toBeNull();
		});

		test('All Checks: Tags from an expression that gives nothing watch every check, unfiltered', async () => {
			const c1 = seed(1, { tags: 'prod' });
			const c2 = seed(2);
			const trigger = poller({ scope: 'all', tags: '={{ undefined }}' });
			expect(await trigger.poll()).toBeNull();
			expect(server.requestLines()[0]).toBe('GET /api/v3/checks/');
			server.receivePing(c1.uuid);
			server.receivePing(c2.uuid);
			expect(flips(await trigger.poll())).toEqual([
				['c1', 1, 'up'],
				['c2', 1, 'up'],
			]);
		});
	});

	describe('All Checks: id order and the poll budget', () => {
		test('checks are gone through in id order, whatever order the server lists them in', async () => {
			// Listed by the server in the order they were made: c3, c1, c2.
			const checks = [3, 1, 2].map((n) => seed(n));
			const trigger = poller({ scope: 'all' });
			await trigger.poll();
			server.clearLog();
			for (const check of checks) server.receivePing(check.uuid);
			expect(flips(await trigger.poll())).toEqual([
				['c1', 1, 'up'],
				['c2', 1, 'up'],
				['c3', 1, 'up'],
			]);
			expect(server.requestLines()[0]).toBe('GET /api/v3/checks/');
			expect(flipsRead()).toEqual(['c1', 'c2', 'c3']);
		});

		test('a poll that runs out of time stops; the next goes on at the changed check where it stopped, wraps around; each flip once', async () => {
			const checks = new Map([3, 1, 4, 2].map((n) => [n, seed(n)]));
			const uuid = (n: number) => checks.get(n)!.uuid;
			const activate = poller({ scope: 'all' });
			expect(await activate.poll()).toBeNull();
			// The same trigger, now given no time: one check a poll.
			const trigger = poller(
				{ scope: 'all' },
				{ pollBudgetMs: 0, staticData: activate.staticData },
			);
			server.responseDelayMs = 2;
			for (const n of [1, 2, 3, 4]) server.receivePing(uuid(n), 'fail');
			const polls: Array<{ flipsRead: string[]; emitted: unknown[] }> = [];
			const pollOnce = async () => {
				server.clearLog();
				const emitted = flips(await trigger.poll());
				polls.push({ flipsRead: flipsRead(), emitted });
				expect(server.requestLines()[0]).toBe('GET /api/v3/checks/');
			};
			await pollOnce();
			await pollOnce();
			// A flip of a check this round has passed already: the next round catches it.
			server.receivePing(uuid(1));
			await pollOnce();
			await pollOnce();
			await pollOnce();
			await pollOnce();
			expect(polls).toEqual([
				{ flipsRead: ['c1'], emitted: [['c1', 0, 'down']] },
				{ flipsRead: ['c2'], emitted: [['c2', 0, 'down']] },
				{ flipsRead: ['c3'], emitted: [['c3', 0, 'down']] },
				{ flipsRead: ['c4'], emitted: [['c4', 0, 'down']] },
				{ flipsRead: ['c1'], emitted: [['c1', 1, 'up']] },
				// Every check read since its row changed: the list alone.
				{ flipsRead: [], emitted: [] },
			]);
		});

		test('changed checks are read from where the last poll stopped: c3 and c1 changed, the poll had time for c3 only', async () => {
			const checks = new Map([1, 2, 3, 4].map((n) => [n, seed(n)]));
			const uuid = (n: number) => checks.get(n)!.uuid;
			const activate = poller({ scope: 'all' });
			expect(await activate.poll()).toBeNull();
			const hurried = poller(
				{ scope: 'all' },
				{ pollBudgetMs: 0, staticData: activate.staticData },
			);
			server.responseDelayMs = 2;
			for (const n of [2, 3]) server.receivePing(uuid(n));
			server.clearLog();
			expect(flips(await hurried.poll())).toEqual([['c2', 1, 'up']]);
			for (const n of [1, 4]) server.receivePing(uuid(n));
			server.clearLog();
			// c1, c3 and c4 changed; it goes on at c3, where the last poll stopped.
			expect(flips(await hurried.poll())).toEqual([['c3', 1, 'up']]);
			server.responseDelayMs = 0;
			const roomy = poller({ scope: 'all' }, { staticData: hurried.staticData });
			server.clearLog();
			expect(flips(await roomy.poll())).toEqual([
				['c4', 1, 'up'],
				['c1', 1, 'up'],
			]);
			expect(flipsRead()).toEqual(['c4', 'c1']);
		});

		test('an activation with no time: the list is all it reads; flips from before it are not reported later; flips after it are, once', async () => {
			const [c1, c2, c3] = [1, 2, 3].map((n) => seed(n));
			// Late-written flips, dated within the Late Flip Window before activation.
			for (const check of [c1, c2, c3])
				server.seedFlip(check.uuid, new Date(Date.now() - 10 * 60_000), 0);
			server.responseDelayMs = 2;
			const activate = poller({ scope: 'all' }, { pollBudgetMs: 0 });
			expect(await activate.poll()).toBeNull();
			expect(server.requestLines()).toEqual(['GET /api/v3/checks/']);
			server.responseDelayMs = 0;
			// Since activation: c2 fails.
			server.receivePing(c2.uuid, 'fail');
			const trigger = poller({ scope: 'all' }, { staticData: activate.staticData });
			server.clearLog();
			expect(flips(await trigger.poll())).toEqual([['c2', 0, 'down']]);
			// Only c2's row changed.
			expect(flipsRead()).toEqual(['c2']);
			expect(await trigger.poll()).toBeNull();
		});

		test('the check where a poll stopped is deleted meanwhile: the next poll goes on with the one after it', async () => {
			const [c1, c2, c3, c4] = [1, 2, 3, 4].map((n) => seed(n));
			const activate = poller({ scope: 'all' });
			await activate.poll();
			const trigger = poller(
				{ scope: 'all' },
				{ pollBudgetMs: 0, staticData: activate.staticData },
			);
			server.responseDelayMs = 2;
			for (const check of [c1, c2, c3, c4]) server.receivePing(check.uuid);
			server.clearLog();
			expect(flips(await trigger.poll())).toEqual([['c1', 1, 'up']]);
			server.checks.delete(c2.uuid);
			server.clearLog();
			expect(flips(await trigger.poll())).toEqual([['c3', 1, 'up']]);
			expect(flipsRead()).toEqual(['c3']);
			// It stopped before c4; c4 goes too: nothing changed is left, the list alone.
			server.checks.delete(c4.uuid);
			server.clearLog();
			expect(await trigger.poll()).toBeNull();
			expect(server.requestLines()).toEqual(['GET /api/v3/checks/']);
		});
	});

	describe('Fetch Test Event', () => {
		test('All Checks: the newest flip of the first check (by id) that has flips, not an empty check; no later check is read', async () => {
			const [c3, c1, c2] = [3, 1, 2].map((n) => seed(n));
			server.receivePing(c2.uuid, 'fail');
			server.receivePing(c3.uuid);
			const trigger = poller({ scope: 'all' });
			expect(flips(await trigger.poll('manual'))).toEqual([['c2', 0, 'down']]);
			// All of a check's flips (no start), and the check read to name its newest flip.
			expect(server.requestLines()).toEqual([
				'GET /api/v3/checks/',
				`GET /api/v3/checks/${c1.uuid}/flips/`,
				`GET /api/v3/checks/${c2.uuid}/flips/`,
				`GET /api/v3/checks/${c2.uuid}`,
			]);
			expect(trigger.staticData).toEqual({});
		});

		test("All Checks: looking stops when the poll's time is spent", async () => {
			seed(1);
			const c2 = seed(2);
			server.receivePing(c2.uuid);
			server.responseDelayMs = 2;
			const trigger = poller({ scope: 'all' }, { pollBudgetMs: 0 });
			expect(await trigger.poll('manual')).toBeNull();
			expect(flipsRead()).toEqual(['c1']);
		});
	});

	describe('All Checks: a check the trigger has not watched before', () => {
		/** The `start` a flips request asked from (undefined: all flips). */
		const startOf = (request: { query: Array<[string, string]> }) =>
			request.query.find(([name]) => name === 'start')?.[1];

		/** What `run` does on the server happens `seconds` ago by the server's clock (flips dated, and its answers' Date). */
		const secondsAgo = <T>(seconds: number, run: () => T): T => {
			const clock = server.now;
			server.now = () => new Date(Date.now() - seconds * 1000);
			const done = run();
			if (done instanceof Promise) return done.finally(() => (server.now = clock)) as T;
			server.now = clock;
			return done;
		};

		test('changing the tags starts afresh also for a check both tag sets hold: its flip from before the change is not emitted', async () => {
			const x = seed(1, { tags: 'prod db' });
			const y = seed(2, { tags: 'prod' });
			const first = poller({ scope: 'all', tags: 'prod' });
			expect(await first.poll()).toBeNull();
			// Both fail while the trigger watches "prod" (some seconds before the change: flips have
			// whole-second times); then the user narrows it to "prod db".
			secondsAgo(5, () => {
				server.receivePing(x.uuid, 'fail');
				server.receivePing(y.uuid, 'fail');
			});
			const second = poller({ scope: 'all', tags: 'prod db' }, { staticData: first.staticData });
			server.clearLog();
			const startedFrom = Math.floor(Date.now() / 1000);
			expect(await second.poll()).toBeNull();
			const startedBy = Math.floor(Date.now() / 1000);
			// Starting afresh: the list alone, read at the start.
			expect(server.requestLines()).toEqual(['GET /api/v3/checks/?tag=prod&tag=db']);
			server.receivePing(x.uuid);
			server.clearLog();
			expect(flips(await second.poll())).toEqual([['c1', 1, 'up']]);
			// x's flips from the start on.
			expect(Number(startOf(server.requests[1]))).toBeGreaterThanOrEqual(startedFrom);
			expect(Number(startOf(server.requests[1]))).toBeLessThanOrEqual(startedBy);
			expect(await second.poll()).toBeNull();
		});

		test('a check first listed after activation (tagged later): its flips are asked from where the last poll started, so older ones are not emitted; new ones are', async () => {
			seed(1, { tags: 'prod' });
			const z = seed(2, { tags: 'dev' });
			// Before activation, inside the 60-minute Late Flip Window.
			server.seedFlip(z.uuid, new Date(Date.now() - 10 * 60_000), 0);
			const trigger = poller({ scope: 'all', tags: 'prod' });
			const startedFrom = Math.floor(Date.now() / 1000);
			expect(await trigger.poll()).toBeNull();
			expect(flipsRead()).toEqual([]);
			const start = Number(
				(trigger.staticData['node:Trigger'] as { state: { polledAt: number } }).state.polledAt,
			);
			expect(start).toBeGreaterThanOrEqual(startedFrom);
			// The user tags z "prod": the next poll lists it for the first time.
			server.checks.get(z.uuid)!.tags = 'dev prod';
			server.clearLog();
			expect(await trigger.poll()).toBeNull();
			expect(server.requestLines()).toEqual([
				'GET /api/v3/checks/?tag=prod',
				// x's row is as it was: not read. z, from where the last poll (the activation) read the list.
				`GET /api/v3/checks/${z.uuid}/flips/?start=${start}`,
			]);
			server.receivePing(z.uuid, 'fail');
			expect(flips(await trigger.poll())).toEqual([['c2', 0, 'down']]);
			expect(await trigger.poll()).toBeNull();
		});

		test('a check that leaves the filter and comes back: what was emitted before it left is not emitted again', async () => {
			const x = seed(1, { tags: 'prod' });
			const trigger = poller({ scope: 'all', tags: 'prod' });
			// Flips have whole-second times: the activation ten seconds ago, this flip a few seconds
			// before the polls that follow (polls are a minute or more apart; here they run within one second).
			expect(await secondsAgo(10, trigger.poll)).toBeNull();
			secondsAgo(5, () => server.receivePing(x.uuid, 'fail'));
			expect(flips(await trigger.poll())).toEqual([['c1', 0, 'down']]);
			server.checks.get(x.uuid)!.tags = 'staging';
			expect(await trigger.poll()).toBeNull();
			server.checks.get(x.uuid)!.tags = 'prod';
			expect(await trigger.poll()).toBeNull();
			server.receivePing(x.uuid);
			expect(flips(await trigger.poll())).toEqual([['c1', 1, 'up']]);
		});

		test('a check created after activation that a poll did not reach in time: the next poll emits its flip, once', async () => {
			const c1 = seed(1);
			const activate = poller({ scope: 'all' });
			expect(await activate.poll()).toBeNull();
			const c2 = seed(2);
			server.receivePing(c2.uuid, 'fail');
			// c1's log ping changes its row (no flip): the hurried poll reads c1 first and has no time for c2.
			server.receivePing(c1.uuid, 'log');
			server.responseDelayMs = 2;
			const hurried = poller(
				{ scope: 'all' },
				{ pollBudgetMs: 0, staticData: activate.staticData },
			);
			server.clearLog();
			expect(await hurried.poll()).toBeNull();
			expect(flipsRead()).toEqual(['c1']);
			server.responseDelayMs = 0;
			const roomy = poller({ scope: 'all' }, { staticData: hurried.staticData });
			expect(flips(await roomy.poll())).toEqual([['c2', 0, 'down']]);
			expect(await roomy.poll()).toBeNull();
		});
	});
});

/**
 * Check Monitor Trigger, New Flip for All Checks: a poll reads the check list and the flips
 * only of the checks whose row changed (or that are new to the list); a sweep reads every
 * check's flips once per Full Sweep Every, for what the list cannot show (a pause and a resume
 * between two polls). The clock is virtual: polls a minute apart, an hour in a second.
 */
describe('the cost over 1,000 checks and the sweep', () => {
	const cm = useCheckMonitorServer();
	const { server } = cm;
	const clock = useVirtualClock(server);
	const { poller, flips, uuidOf, seed, flipsRead, minuteLater } = allChecksFlipTrigger(cm, clock);

	describe('what a poll costs over 1,000 checks', () => {
		test(
			'a quiet poll is the list alone; k changed checks cost 1 + k, plus a read of each check whose newest flip is away from up (to name it)',
			async () => {
				const checks = Array.from({ length: 1000 }, (_, i) => seed(i + 1));
				for (const check of checks) server.receivePing(check.uuid);
				const trigger = poller();
				expect(await trigger.poll()).toBeNull();
				// Activation: where every check stands, the list alone.
				expect(server.requests).toHaveLength(1);
				expect(await minuteLater(trigger)).toBeNull();
				expect(server.requestLines()).toEqual(['GET /api/v3/checks/']);
				// 10 checks go down: their flips, and each read again to name its down.
				for (const check of checks.slice(100, 110)) server.receivePing(check.uuid, 'fail');
				expect(flips(await minuteLater(trigger))).toEqual(
					checks.slice(100, 110).map((c) => [c.name, 0, 'down']),
				);
				expect(server.requests).toHaveLength(1 + 10 + 10);
				// 10 come back up: up needs no naming read.
				for (const check of checks.slice(100, 110)) server.receivePing(check.uuid);
				expect(flips(await minuteLater(trigger))).toEqual(
					checks.slice(100, 110).map((c) => [c.name, 1, 'up']),
				);
				expect(server.requests).toHaveLength(1 + 10);
				// A ping that flips nothing still changes the row: one flips read, nothing emitted.
				server.receivePing(checks[500].uuid, 'log');
				expect(await minuteLater(trigger)).toBeNull();
				expect(flipsRead()).toEqual(['c501']);
				expect(await minuteLater(trigger)).toBeNull();
				expect(server.requests).toHaveLength(1);
			},
			LONG_TEST_TIMEOUT_MS,
		);

		test("a poll ends within 50 s when n8n allows 5 minutes (n8n 2.38+'s in-memory scheduler): it stops reading after 40 s, the next poll reads the rest; each flip once", async () => {
			const checks = Array.from({ length: 10 }, (_, i) => seed(i + 1));
			for (const check of checks) server.receivePing(check.uuid);
			// The harness's poll context, like n8n's, allows 5 minutes when not told otherwise.
			const trigger = poller();
			expect(await trigger.poll()).toBeNull();
			for (const check of checks) server.receivePing(check.uuid, 'fail');
			// Each answer takes 5 s by the clock the node reads: the list and 10 checks' reads
			// (flips, then the check to name its down) would take 105 s, past the next poll a
			// minute on. With 40 s of reads: the list (5 s), then a check each 10 s while time is
			// left, at 5, 15, 25 and 35 s; the poll ends at 45 s.
			server.responseDelayMs = 5000;
			server.delayOnClock = (ms) => clock.advance(ms / 1000);
			const began = clock.now();
			expect(flips(await minuteLater(trigger))).toEqual(
				checks.slice(0, 4).map((c) => [c.name, 0, 'down']),
			);
			expect(clock.now() - began - 60_000).toBe(45_000);
			server.responseDelayMs = 0;
			expect(flips(await minuteLater(trigger))).toEqual(
				checks.slice(4).map((c) => [c.name, 0, 'down']),
			);
		});
	});

	describe('the sweep: what the list cannot show', () => {
		test('a pause and a resume between two polls leave the row as it was: their flips come with the sweep, within Full Sweep Every', async () => {
			const [c1, c2] = [seed(1), seed(2)];
			const trigger = poller({ fullSweepMinutes: 10 });
			expect(await trigger.poll()).toBeNull();
			clock.advance(30);
			server.pause(c1.uuid);
			server.resume(c1.uuid);
			const polls: Array<[number, number, unknown[]]> = [];
			for (let minute = 1; minute <= 12; minute++) {
				const emitted = flips(await minuteLater(trigger));
				polls.push([minute, server.requests.length, emitted]);
			}
			// Polls at 1.5, 2.5, ... minutes: the round starts at 9.5 (the poll at 10.5 would be
			// past the period since activation). Both checks' flips, and c1 read to name them.
			expect(polls.filter(([, requests]) => requests > 1)).toEqual([
				[
					9,
					4,
					[
						['c1', 0, 'paused'],
						['c1', 0, 'new'],
					],
				],
			]);
			expect(c2.flips).toEqual([]);
		});

		test('rounds come every Full Sweep Every, measured from the start of the last one; polls between cost 1 request', async () => {
			[1, 2, 3].forEach((n) => seed(n));
			const trigger = poller({ fullSweepMinutes: 5 });
			await trigger.poll();
			const sweeps: number[] = [];
			for (let minute = 1; minute <= 16; minute++) {
				await minuteLater(trigger);
				if (server.requests.length > 1) sweeps.push(minute);
				expect([minute, server.requests.length]).toEqual([
					minute,
					server.requests.length > 1 ? 4 : 1,
				]);
			}
			expect(sweeps).toEqual([5, 10, 15]);
		});

		test('polls five minutes apart with a 12-minute sweep: a round every 10 minutes (the next one would be late)', async () => {
			seed(1);
			const trigger = poller({ fullSweepMinutes: 12 });
			await trigger.poll();
			const sweeps: number[] = [];
			for (let minute = 5; minute <= 40; minute += 5) {
				clock.advance(300);
				server.clearLog();
				await trigger.poll();
				if (server.requests.length > 1) sweeps.push(minute);
			}
			expect(sweeps).toEqual([10, 20, 30, 40]);
		});

		test('Full Sweep Every 0: no sweep, every poll is the list alone', async () => {
			const check = seed(1);
			const trigger = poller({ fullSweepMinutes: 0 });
			await trigger.poll();
			server.pause(check.uuid);
			server.resume(check.uuid);
			for (let minute = 1; minute <= 180; minute += 1) {
				expect(await minuteLater(trigger)).toBeNull();
				expect(server.requests).toHaveLength(1);
			}
		});

		test('a round that does not fit in one poll goes on where it stopped; each check once per round; changed checks first', async () => {
			const checks = [1, 2, 3, 4].map((n) => seed(n));
			const activate = poller({ fullSweepMinutes: 5 });
			await activate.poll();
			// No time: one read a poll beyond the list.
			const trigger = poller(
				{ fullSweepMinutes: 5 },
				{ pollBudgetMs: 0, staticData: activate.staticData },
			);
			const reads: Array<[number, string[]]> = [];
			for (let minute = 1; minute <= 11; minute++) {
				if (minute === 6) server.receivePing(checks[3].uuid);
				await minuteLater(trigger);
				reads.push([minute, flipsRead()]);
			}
			expect(reads).toEqual([
				[1, []],
				[2, []],
				[3, []],
				[4, []],
				[5, ['c1']],
				// c4 changed: read first; the sweep has no time left this poll.
				[6, ['c4']],
				[7, ['c2']],
				[8, ['c3']],
				[9, ['c4']],
				// The next round, 5 minutes after the last one started.
				[10, ['c1']],
				[11, ['c2']],
			]);
		});

		test('a timeout: the list shows the check down before the server writes its flip; the check is read again each poll, so the flip comes at the poll after it is written, not with the sweep', async () => {
			// Due a minute and a half after its ping: polls a minute apart see it up, then in grace, then down.
			const check = seed(1, { timeout: 90, grace: 60 });
			server.receivePing(check.uuid);
			const trigger = poller({ fullSweepMinutes: 10, lookBackMinutes: 60 });
			await trigger.poll();
			const emitted: Array<[number, unknown[]]> = [];
			const reads: Array<[number, string[]]> = [];
			for (let minute = 1; minute <= 6; minute++) {
				// The alert worker runs late (its flip is written after the polls that saw "down").
				if (minute === 4) server.sendAlerts();
				const items = flips(await minuteLater(trigger));
				reads.push([minute, flipsRead()]);
				if (items.length) emitted.push([minute, items]);
			}
			expect(emitted).toEqual([[4, [['c1', 0, 'down']]]]);
			// 2: grace (its row changed); 3: down, its flip not written yet, so read again at 4,
			// where it is found (and the check read to name it); quiet after.
			expect(reads).toEqual([
				[1, []],
				[2, ['c1']],
				[3, ['c1']],
				[4, ['c1']],
				[5, []],
				[6, []],
			]);
		});

		test('a timeout whose flip the server never writes (no alert worker): the check is read each poll for a Late Flip Window, then left to the sweep', async () => {
			const check = seed(1, { timeout: 90, grace: 60 });
			server.receivePing(check.uuid);
			const trigger = poller({ fullSweepMinutes: 0, lookBackMinutes: 3 });
			await trigger.poll();
			const reads: number[] = [];
			for (let minute = 1; minute <= 8; minute++) {
				await minuteLater(trigger);
				if (flipsRead().length) reads.push(minute);
			}
			// 2: grace (its row changed); 3: down, the flip awaited from here; 4, 5: still none;
			// 6: a Late Flip Window (3 minutes) after 3, the row recorded; quiet after.
			expect(reads).toEqual([2, 3, 4, 5, 6]);
		});
	});

	describe('upgrading: a trigger running with the state of an earlier version', () => {
		/** Rows and the sweep as the version before rows had none of. */
		const withoutRows = (staticData: IDataObject, resumeAt?: string) => {
			const state = (staticData['node:Trigger'] as { state: Record<string, unknown> }).state;
			const checks = state.checks as Record<string, Record<string, unknown>>;
			for (const cursor of Object.values(checks)) delete cursor.listed;
			delete state.sweepStartedAt;
			if (resumeAt) state.resumeAt = resumeAt;
			return staticData;
		};

		test('the version that kept no rows: its first poll reads every check once: the flips seen before are not emitted again, the flips since are, once; then quiet polls cost 1 request', async () => {
			const checks = [1, 2, 3].map((n) => seed(n));
			for (const check of checks) server.receivePing(check.uuid);
			const before = poller(
				{},
				{ staticData: startOfEarlierVersion(server, clock.seconds(), { rows: true }) },
			);
			clock.advance(60);
			server.receivePing(checks[1].uuid, 'fail');
			// Flips the earlier version already emitted (its cursor saw them)...
			expect(flips(await before.poll())).toEqual([['c2', 0, 'down']]);
			// ...and flips since its last poll, one of them the list cannot show.
			clock.advance(30);
			server.receivePing(checks[0].uuid, 'fail');
			server.pause(checks[2].uuid);
			const upgraded = poller({}, { staticData: withoutRows(before.staticData, uuidOf(2)) });
			clock.advance(30);
			server.clearLog();
			expect(flips(await upgraded.poll())).toEqual([
				['c3', 0, 'paused'],
				['c1', 0, 'down'],
			]);
			// From where the earlier version stopped (c2), each check once, and the two named.
			expect(flipsRead()).toEqual(['c2', 'c3', 'c1']);
			expect(await minuteLater(upgraded)).toBeNull();
			expect(server.requests).toHaveLength(1);
			// Now the rows are known: the next pause and resume show in the list.
			server.resume(checks[2].uuid);
			expect(flips(await minuteLater(upgraded))).toEqual([['c3', 0, 'new']]);
		});

		test('the version whose activation read every check: its state goes on as it was; a late "down" flip dated before that activation, within its Late Flip Window, is still reported, once', async () => {
			const checks = [1, 2, 3].map((n) => seed(n));
			for (const check of checks) server.receivePing(check.uuid);
			clock.advance(600);
			const upgraded = poller(
				{},
				{ staticData: startOfEarlierVersion(server, clock.seconds(), { rows: true }) },
			);
			clock.advance(30);
			// c1 fails; c2 timed out 5 minutes before that activation, its flip written only now.
			server.receivePing(checks[0].uuid, 'fail');
			server.seedFlip(checks[1].uuid, new Date((clock.seconds() - 330) * 1000), 0);
			checks[1].status = 'down';
			clock.advance(30);
			server.clearLog();
			// Oldest first: c2's flip is dated before c1's.
			expect(flips(await upgraded.poll())).toEqual([
				['c2', 0, 'down'],
				['c1', 0, 'down'],
			]);
			expect(flipsRead()).toEqual(['c1', 'c2']);
			expect(await minuteLater(upgraded)).toBeNull();
			expect(server.requests).toHaveLength(1);
		});
	});
});

/**
 * Check Monitor Trigger, New Flip for All Checks: which "down" rows wait for their late flip
 * (only a row newly down: after one that was not down), a check read for it with no flip since
 * its floor, and a sweep round longer than Full Sweep Every. The alert worker does not run
 * unless a test says so (sendAlerts): a timeout shows in the list, its flip is not written.
 */
describe('late down flips and sweep rounds, at their edges', () => {
	const cm = useCheckMonitorServer();
	const { server } = cm;
	const clock = useVirtualClock(server);
	const checks = allChecksFlipTrigger(cm, clock);
	const { flips, flipsRead, minuteLater } = checks;

	/** Every check here carries the tag `prod`, the filter's (one test tags a check in). */
	const poller = (
		options: Record<string, unknown>,
		more: { pollBudgetMs?: number; staticData?: IDataObject } = {},
	) => checks.poller(options, { ...more, tags: 'prod' });

	const seed = (n: number, fields: Record<string, unknown> = {}) =>
		checks.seed(n, { tags: 'prod', ...fields });

	/** The checks whose flips each of `count` polls a minute apart read. */
	async function readsOfPolls(trigger: FlipPoller, count: number): Promise<string[][]> {
		const reads: string[][] = [];
		for (let poll = 0; poll < count; poll++) {
			await minuteLater(trigger);
			reads.push(flipsRead());
		}
		return reads;
	}

	test('a check tagged into the filter already down, its flip not written: read once, not waited for (it has no earlier row that was up)', async () => {
		seed(1);
		const late = seed(2, { tags: 'dev', timeout: 60, grace: 60 });
		server.receivePing(late.uuid);
		const trigger = poller({ fullSweepMinutes: 0, lookBackMinutes: 60 });
		await trigger.poll();
		clock.advance(180);
		expect(server.computedStatus(late)).toBe('down');
		server.checks.get(late.uuid)!.tags = 'dev prod';
		expect(await readsOfPolls(trigger, 3)).toEqual([['c2'], [], []]);
	});

	test('a check down (its row recorded after a Late Flip Window) whose row changes while still down: read once, not waited for again', async () => {
		const check = seed(1, { timeout: 90, grace: 60 });
		server.receivePing(check.uuid);
		const trigger = poller({ fullSweepMinutes: 0, lookBackMinutes: 3 });
		await trigger.poll();
		// 2: grace; 3: down, waited for; 4, 5; 6: a Late Flip Window on, the row recorded.
		expect((await readsOfPolls(trigger, 7)).map((read) => read.length)).toEqual([
			0, 1, 1, 1, 1, 1, 0,
		]);
		// A start signal: the row changes (pings count, started), the status stays down.
		server.receivePing(check.uuid, 'start');
		expect(server.computedStatus(check)).toBe('down');
		expect(await readsOfPolls(trigger, 3)).toEqual([['c1'], [], []]);
	});

	test('a check newly down whose flips since its floor are none (its last flip older than the Late Flip Window at activation): waited for, then its late flip reported', async () => {
		const check = seed(1, { timeout: 7200, grace: 60 });
		server.receivePing(check.uuid);
		clock.advance(3600);
		const trigger = poller({ fullSweepMinutes: 0, lookBackMinutes: 3 });
		await trigger.poll();
		// Past its timeout and grace: the list shows it down, no flip written, none since the floor.
		clock.advance(3720);
		expect(server.computedStatus(check)).toBe('down');
		server.clearLog();
		expect(await trigger.poll()).toBeNull();
		expect(flipsRead()).toEqual(['c1']);
		server.sendAlerts();
		expect(flips(await minuteLater(trigger))).toEqual([['c1', 0, 'down']]);
	});

	test('a sweep round longer than Full Sweep Every goes on where it stopped, rather than starting over (the checks at the end of the list would never be swept)', async () => {
		for (const n of [1, 2, 3, 4]) seed(n);
		const activate = poller({ fullSweepMinutes: 1 });
		await activate.poll();
		// No time: one read a poll beyond the list.
		const trigger = poller(
			{ fullSweepMinutes: 1 },
			{ pollBudgetMs: 0, staticData: activate.staticData },
		);
		expect(await readsOfPolls(trigger, 6)).toEqual([
			['c1'],
			['c2'],
			['c3'],
			['c4'],
			['c1'],
			['c2'],
		]);
	});
});

/**
 * Check Monitor Trigger, New Flip for All Checks: the list row a poll compares includes the
 * check's last ping, because a resume clears it (real-server notes, manual_resume). A paused
 * check resumed and paused again between two polls is listed `paused` with the same pings
 * count both times; only its last ping, gone, shows the two flips, so the next poll reports
 * them instead of the sweep up to Full Sweep Every later.
 */
describe('the row compared includes the last ping', () => {
	const cm = useCheckMonitorServer();
	const { server } = cm;
	const clock = useVirtualClock(server);
	const { poller } = allChecksFlipTrigger(cm, clock);

	test('a check pinged, paused, then resumed and paused again between two polls: the next poll reports both flips', async () => {
		const check = server.seedCheck({ name: 'Backup' });
		server.receivePing(check.uuid);
		server.pause(check.uuid);
		// Before the activation's second: two flips in it could be from before it or after it.
		clock.advance(5);
		const trigger = poller({ fullSweepMinutes: 1440 });
		expect(await trigger.poll()).toBeNull();
		clock.advance(30);
		server.resume(check.uuid);
		server.pause(check.uuid);
		clock.advance(30);
		server.clearLog();
		const emitted = await trigger.poll();
		expect((emitted?.[0] ?? []).map((item) => item.json.to)).toEqual(['not up', 'paused']);
		// The list, the check's flips, and the check read to name its newest flip (away from up).
		expect(server.requestPaths()).toEqual([
			'GET /api/v3/checks/',
			`GET /api/v3/checks/${check.uuid}/flips/`,
			`GET /api/v3/checks/${check.uuid}`,
		]);
	});
});

/**
 * New Flip for All Checks, the start: the check list alone (one request, whatever the number
 * of checks) and the server's time, from the list's Date header. A flip dated before the
 * start is old; of the flips dated in the start's own second, the one the check's listed row
 * shows is old, any other is new (nodes/CheckMonitorTrigger/newFlipAllChecks.ts, shownAtStart).
 * The clock is virtual: "after the list, in its second" is a change made once the activation
 * poll is over, before the clock moves.
 */
describe("the start: the list as read and the server's time", () => {
	const cm = useCheckMonitorServer();
	const { server } = cm;
	const clock = useVirtualClock(server);
	const { poller, flips, seed, flipsRead, minuteLater } = allChecksFlipTrigger(cm, clock);

	test("a check pinged up in the start's second, before the list: its up flip is old; its down flip after the list, in the same second, is new", async () => {
		const check = seed(1);
		server.receivePing(check.uuid);
		const trigger = poller();
		expect(await trigger.poll()).toBeNull();
		expect(server.requestLines()).toEqual(['GET /api/v3/checks/']);
		server.receivePing(check.uuid, 'fail');
		expect(flips(await minuteLater(trigger))).toEqual([['c1', 0, 'down']]);
		expect(await minuteLater(trigger)).toBeNull();
	});

	test("a check that failed in the start's second, before the list (listed down): its down flip is old; a down check paused after the list, in that second: the pause is new", async () => {
		const [failed, paused] = [seed(1), seed(2)];
		// c2 failed seconds before the start, c1 in its second.
		server.receivePing(paused.uuid);
		server.receivePing(paused.uuid, 'fail');
		server.receivePing(failed.uuid);
		clock.advance(5);
		server.receivePing(failed.uuid, 'fail');
		const trigger = poller();
		expect(await trigger.poll()).toBeNull();
		server.pause(paused.uuid);
		// A log ping changes c1's row without a flip: its flips are read, nothing is new.
		server.receivePing(failed.uuid, 'log');
		expect(flips(await minuteLater(trigger))).toEqual([['c2', 0, 'paused']]);
		expect(flipsRead()).toEqual(['c1', 'c2']);
		expect(await minuteLater(trigger)).toBeNull();
	});

	test("two flips of one check in the start's second, one before the list and one after it: the row cannot tell which, and both are reported (one too many, none lost)", async () => {
		const check = seed(1);
		server.receivePing(check.uuid);
		clock.advance(5);
		server.receivePing(check.uuid, 'fail');
		const trigger = poller();
		expect(await trigger.poll()).toBeNull();
		// Listed down. Paused after the list: a flip away from up, as the fail before it was.
		server.pause(check.uuid);
		expect(flips(await minuteLater(trigger))).toEqual([
			['c1', 0, 'not up'],
			['c1', 0, 'paused'],
		]);
	});

	test('timeouts at the start: a check listed down, its flip written after the start with its due time before it, is not reported; a check listed up whose due time comes after the start is', async () => {
		const before = seed(1, { timeout: 60, grace: 60 });
		const after = seed(2, { timeout: 60, grace: 60 });
		server.receivePing(before.uuid);
		clock.advance(90);
		server.receivePing(after.uuid);
		// c1 is past its timeout and grace (down, no flip written); c2 is up.
		clock.advance(40);
		const trigger = poller({ fullSweepMinutes: 0 });
		expect(await trigger.poll()).toBeNull();
		expect([server.computedStatus(before), server.computedStatus(after)]).toEqual(['down', 'up']);
		clock.advance(180);
		server.sendAlerts();
		clock.advance(30);
		server.clearLog();
		expect(flips(await trigger.poll())).toEqual([['c2', 0, 'down']]);
		expect(await minuteLater(trigger)).toBeNull();
		// c1 comes back up: that flip is new.
		server.receivePing(before.uuid);
		expect(flips(await minuteLater(trigger))).toEqual([['c1', 1, 'up']]);
	});

	test("the start is the server's time, from the list's Date header: with the server's clock two minutes behind this one, a flip a minute after the start is reported", async () => {
		const check = seed(1);
		server.now = () => new Date(clock.now() - 120_000);
		const trigger = poller();
		expect(await trigger.poll()).toBeNull();
		clock.advance(60);
		server.receivePing(check.uuid);
		expect(flips(await minuteLater(trigger))).toEqual([['c1', 1, 'up']]);
	});

	test("without a Date header the start is this machine's time: a flip dated (by a server clock two minutes behind) before it is not reported, one after it is", async () => {
		const [early, late] = [seed(1), seed(2)];
		server.sendsDate = false;
		server.now = () => new Date(clock.now() - 120_000);
		const trigger = poller();
		expect(await trigger.poll()).toBeNull();
		clock.advance(60);
		server.receivePing(early.uuid);
		clock.advance(90);
		server.receivePing(late.uuid);
		expect(flips(await minuteLater(trigger))).toEqual([['c2', 1, 'up']]);
	});
});

/**
 * New Flip for All Checks: the items of a poll come oldest first, across checks too (each
 * check's flips are read in id order; a sweep's after the changed checks').
 */
describe("the order of a poll's items", () => {
	const cm = useCheckMonitorServer();
	const { server } = cm;
	const clock = useVirtualClock(server);
	const { poller, flips, seed, minuteLater } = allChecksFlipTrigger(cm, clock);

	test("flips of three checks, made in another order than the checks' ids: emitted oldest first; a check's flips within a second in the server's order", async () => {
		const [c1, c2, c3] = [1, 2, 3].map((n) => seed(n));
		const trigger = poller();
		await trigger.poll();
		clock.advance(5);
		server.receivePing(c3.uuid);
		clock.advance(5);
		server.receivePing(c1.uuid);
		server.receivePing(c1.uuid, 'fail');
		clock.advance(5);
		server.receivePing(c2.uuid);
		expect(flips(await minuteLater(trigger))).toEqual([
			['c3', 1, 'up'],
			['c1', 1, 'up'],
			['c1', 0, 'down'],
			['c2', 1, 'up'],
		]);
	});

	test("a sweep's flips among the changed checks', oldest first", async () => {
		const [c1, c2] = [seed(1), seed(2)];
		const trigger = poller({ fullSweepMinutes: 4 });
		await trigger.poll();
		clock.advance(30);
		// c1 paused and resumed (its row as it was: for the sweep, at the third poll), then c2 pinged.
		server.pause(c1.uuid);
		server.resume(c1.uuid);
		clock.advance(5);
		server.receivePing(c2.uuid);
		expect(flips(await minuteLater(trigger))).toEqual([['c2', 1, 'up']]);
		expect(await minuteLater(trigger)).toBeNull();
		server.receivePing(c2.uuid, 'fail');
		expect(flips(await minuteLater(trigger))).toEqual([
			['c1', 0, 'paused'],
			['c1', 0, 'new'],
			['c2', 0, 'down'],
		]);
	});
});
