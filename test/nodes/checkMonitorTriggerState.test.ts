/**
 * Check Monitor Trigger, New Flip: what its state is keyed on and how a poll goes through
 * the checks. Choosing another check, or other tags, starts afresh; All Checks reads the
 * checks whose listed row changed in id order and, when a poll runs out of its time budget,
 * the next poll goes on at the changed check where it stopped; Flips To "Down"; Fetch Test
 * Event; pacing. (The sweep and the costs at scale: checkMonitorTriggerSweep*.test.ts.)
 *
 * Time is controlled through the budget n8n gives a poll: with a budget of 0 the poll's
 * deadline is the moment it starts, so it reads its first check (always) and no other
 * once a request has taken any time. In those tests the stand-in answers every request
 * 2 ms late, so that this holds on any machine.
 */
import type { IDataObject } from 'n8n-workflow';
import { createPoller } from '../support/engine';
import { useCheckMonitorServer } from '../support/setup';

const { server, credentials } = useCheckMonitorServer();
const FAST = { requestsPerMinute: 600_000 };

const poller = (parameters: Record<string, unknown>, more: { pollBudgetMs?: number; staticData?: IDataObject } = {}) =>
	createPoller({
		type: 'checkMonitorTrigger',
		parameters: { event: 'newFlip', options: FAST, ...parameters } as never,
		credentials: credentials(),
		...more,
	});
type Batches = Awaited<ReturnType<ReturnType<typeof poller>['poll']>>;
const flips = (batches: Batches) => (batches?.[0] ?? []).map((i) => [(i.json.check as { name: string }).name, i.json.up, i.json.to]);
const byId = (uuid: string) => ({ __rl: true, mode: 'id', value: uuid });

/** A check with a uuid of our choosing, so that id order is known: c(1) < c(2) < ... */
const uuidOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const seed = (n: number, fields: Record<string, unknown> = {}) => server.seedCheck({ uuid: uuidOf(n), name: `c${n}`, ...fields });

/** The checks whose flips were read, by name, in the order the requests arrived. */
const flipsRead = () =>
	server.requests
		.filter((r) => r.path.endsWith('/flips/'))
		.map((r) => server.checks.get(r.path.split('/')[4])?.name ?? r.path);
/** The checks read on their own (to name a flip), by name. */
const checksRead = () =>
	server.requests.filter((r) => /^\/api\/v3\/checks\/[^/]+$/.test(r.path)).map((r) => server.checks.get(r.path.split('/')[4])?.name ?? r.path);
const setStatus = (check: { uuid: string }, status: string) => server['setStatus'](server.checks.get(check.uuid)!, status as never);

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
	test('One Check: choosing another check starts afresh; that check\'s earlier flips are not emitted', async () => {
		const a = seed(1, { name: 'a' });
		const b = seed(2, { name: 'b' });
		const first = poller({ scope: 'one', checkId: byId(a.uuid) });
		expect(await first.poll()).toBeNull();
		server.receivePing(a.uuid, 'fail');
		expect(flips(await first.poll())).toEqual([['a', 0, 'down']]);
		// b flips after the trigger started watching a; then the user picks b.
		server.receivePing(b.uuid, 'fail');
		const second = poller({ scope: 'one', checkId: byId(b.uuid) }, { staticData: first.staticData });
		server.clearLog();
		expect(await second.poll()).toBeNull();
		expect(server.requestLines()).toEqual([`GET /api/v3/checks/${b.uuid}/flips/?start=${server.requests[0].query[0][1]}`]);
		// Starting afresh: the floor is the look-back window before now (60 minutes).
		expect(Number(server.requests[0].query[0][1])).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) - 3600 - 5);
		server.receivePing(b.uuid);
		expect(flips(await second.poll())).toEqual([['b', 1, 'up']]);
		expect(await second.poll()).toBeNull();
	});

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
		expect(server.requestLines()[0]).toBe('GET /api/v3/checks/?tag=a&tag=bc');
		expect(flipsRead()).toEqual(['y']);
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
		const trigger = poller({ scope: 'all' }, { pollBudgetMs: 0, staticData: activate.staticData });
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
		const hurried = poller({ scope: 'all' }, { pollBudgetMs: 0, staticData: activate.staticData });
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

	test('an activation that runs out of time: flips from before it are not reported later; flips after it are, once', async () => {
		const [c1, c2, c3] = [1, 2, 3].map((n) => seed(n));
		for (const check of [c1, c2, c3]) server.seedFlip(check.uuid, new Date(Date.now() - 10 * 60_000), 0);
		server.responseDelayMs = 2;
		const activate = poller({ scope: 'all' }, { pollBudgetMs: 0 });
		expect(await activate.poll()).toBeNull();
		expect(flipsRead()).toEqual(['c1']);
		server.responseDelayMs = 0;
		// Since activation: c2 fails (c2 was not reached by it).
		server.receivePing(c2.uuid, 'fail');
		const trigger = poller({ scope: 'all' }, { staticData: activate.staticData });
		server.clearLog();
		expect(flips(await trigger.poll())).toEqual([['c2', 0, 'down']]);
		// The checks the activation did not reach, as changed ones; c1's row is as it was.
		expect(flipsRead()).toEqual(['c2', 'c3']);
		expect(await trigger.poll()).toBeNull();
	});

	test('the check where a poll stopped is deleted meanwhile: the next poll goes on with the one after it', async () => {
		const [c1, c2, c3, c4] = [1, 2, 3, 4].map((n) => seed(n));
		const activate = poller({ scope: 'all' });
		await activate.poll();
		const trigger = poller({ scope: 'all' }, { pollBudgetMs: 0, staticData: activate.staticData });
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

	test('All Checks: looking stops when the poll\'s time is spent', async () => {
		seed(1);
		const c2 = seed(2);
		server.receivePing(c2.uuid);
		server.responseDelayMs = 2;
		const trigger = poller({ scope: 'all' }, { pollBudgetMs: 0 });
		expect(await trigger.poll('manual')).toBeNull();
		expect(flipsRead()).toEqual(['c1']);
	});

	test('One Check without flips: nothing, at the cost of one request (all flips, no start)', async () => {
		const check = seed(1);
		const trigger = poller({ scope: 'one', checkId: byId(check.uuid) });
		expect(await trigger.poll('manual')).toBeNull();
		expect(server.requestLines()).toEqual([`GET /api/v3/checks/${check.uuid}/flips/`]);
	});
});

test('One Check: requests are not paced (Max Requests per Minute is for All Checks)', async () => {
	const check = seed(1);
	// 12 a minute: All Checks would wait 5 s between requests.
	const trigger = poller({ scope: 'one', checkId: byId(check.uuid), options: { requestsPerMinute: 12 } });
	await trigger.poll();
	server.receivePing(check.uuid, 'fail');
	server.clearLog();
	const started = Date.now();
	expect(flips(await trigger.poll())).toEqual([['c1', 0, 'down']]);
	expect(flips(await trigger.poll('manual'))).toEqual([['c1', 0, 'down']]);
	expect(Date.now() - started).toBeLessThan(2500);
	// Two polls, each reading the flips and then the check.
	expect(server.requests).toHaveLength(4);
});

describe('All Checks: a check the trigger has not watched before', () => {
	/** The `start` a flips request asked from (undefined: all flips). */
	const startOf = (request: { query: Array<[string, string]> }) => request.query.find(([name]) => name === 'start')?.[1];

	test('changing the tags starts afresh also for a check both tag sets hold: its flip from before the change is not emitted', async () => {
		const x = seed(1, { tags: 'prod db' });
		const y = seed(2, { tags: 'prod' });
		const first = poller({ scope: 'all', tags: 'prod' });
		expect(await first.poll()).toBeNull();
		// Both fail while the trigger watches "prod"; then the user narrows it to "prod db".
		server.receivePing(x.uuid, 'fail');
		server.receivePing(y.uuid, 'fail');
		const second = poller({ scope: 'all', tags: 'prod db' }, { staticData: first.staticData });
		server.clearLog();
		expect(await second.poll()).toBeNull();
		const start = startOf(server.requests[1]);
		expect(server.requestLines()).toEqual(['GET /api/v3/checks/?tag=prod&tag=db', `GET /api/v3/checks/${x.uuid}/flips/?start=${start}`]);
		// Starting afresh: the floor is the look-back window before now (60 minutes).
		expect(Number(start)).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) - 3600 - 5);
		server.receivePing(x.uuid);
		expect(flips(await second.poll())).toEqual([['c1', 1, 'up']]);
		expect(await second.poll()).toBeNull();
	});

	test('a check first listed after activation (tagged later): its flips are asked from where the last poll started, so older ones are not emitted; new ones are', async () => {
		seed(1, { tags: 'prod' });
		const z = seed(2, { tags: 'dev' });
		// Before activation, inside the 60-minute Late Flip Window.
		server.seedFlip(z.uuid, new Date(Date.now() - 10 * 60_000), 0);
		const trigger = poller({ scope: 'all', tags: 'prod' });
		expect(await trigger.poll()).toBeNull();
		expect(flipsRead()).toEqual(['c1']);
		const floor = Number(startOf(server.requests[1]));
		expect(floor).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) - 3600 - 5);
		// The user tags z "prod": the next poll lists it for the first time.
		server.checks.get(z.uuid)!.tags = 'dev prod';
		server.clearLog();
		expect(await trigger.poll()).toBeNull();
		expect(server.requestLines()).toEqual([
			'GET /api/v3/checks/?tag=prod',
			// x's row is as it was: not read. z, where the activation started: a Late Flip Window after its floor.
			`GET /api/v3/checks/${z.uuid}/flips/?start=${floor + 3600}`,
		]);
		server.receivePing(z.uuid, 'fail');
		expect(flips(await trigger.poll())).toEqual([['c2', 0, 'down']]);
		expect(await trigger.poll()).toBeNull();
	});

	test('a check that leaves the filter and comes back: what was emitted before it left is not emitted again', async () => {
		const x = seed(1, { tags: 'prod' });
		const trigger = poller({ scope: 'all', tags: 'prod' });
		expect(await trigger.poll()).toBeNull();
		// Flips have whole-second times: this one a few seconds before the polls that follow
		// (polls are a minute or more apart; here they run within one second).
		const clock = server.now;
		server.now = () => new Date(Date.now() - 5000);
		server.receivePing(x.uuid, 'fail');
		server.now = clock;
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
		const hurried = poller({ scope: 'all' }, { pollBudgetMs: 0, staticData: activate.staticData });
		server.clearLog();
		expect(await hurried.poll()).toBeNull();
		expect(flipsRead()).toEqual(['c1']);
		server.responseDelayMs = 0;
		const roomy = poller({ scope: 'all' }, { staticData: hurried.staticData });
		expect(flips(await roomy.poll())).toEqual([['c2', 0, 'down']]);
		expect(await roomy.poll()).toBeNull();
	});
});

describe('options from expressions: checked before any request', () => {
	test.each([
		[{ lookBackMinutes: '={{ Infinity }}' }, 'Late Flip Window (Minutes): must be a number of at least 0, got Infinity'],
		[{ lookBackMinutes: '={{ -5 }}' }, 'Late Flip Window (Minutes): must be a number of at least 0, got -5'],
		[{ requestsPerMinute: '={{ 0 }}' }, 'Max Requests per Minute: must be a number of at least 1, got 0'],
		[{ requestsPerMinute: '={{ "fast" }}' }, 'Max Requests per Minute: must be a number of at least 1, got "fast"'],
	])('%o: "%s"', async (options, message) => {
		await expect(poller({ scope: 'all', options }).poll()).rejects.toMatchObject({ message });
		expect(server.requestLines()).toEqual([]);
	});

	test.each([
		['={{ "30" }}', 30],
		['={{ undefined }}', 60],
		['={{ null }}', 60],
		['={{ "" }}', 60],
	])('Late Flip Window %s: the activation reads flips from %i minutes back', async (lookBackMinutes, minutes) => {
		seed(1);
		expect(await poller({ scope: 'all', options: { lookBackMinutes, requestsPerMinute: '={{ "600000" }}' } }).poll()).toBeNull();
		const start = Number(server.requests[1].query.find(([name]) => name === 'start')?.[1]);
		const expected = Math.floor(Date.now() / 1000) - minutes * 60;
		expect(start).toBeGreaterThanOrEqual(expected - 2);
		expect(start).toBeLessThanOrEqual(expected);
	});
});
