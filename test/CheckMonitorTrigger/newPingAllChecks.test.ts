/**
 * New Ping for All Checks (nodes/CheckMonitorTrigger/newPingAllChecks.ts): the list each poll, and
 * the pings only of the checks whose `n_pings` grew; each ping once, per-check gaps, checks
 * named from the list.
 */
import { allChecksPingTrigger, type PollerOptions } from '../support/allChecksPingTrigger';
import { createPoller } from '../../harness/engine';
import { useCheckMonitorServer } from '../support/setup';
import { useVirtualClock } from '../support/virtualClock';

describe('each ping once, per-check gaps, checks named from the list', () => {
	const cm = useCheckMonitorServer();
	const { server, credentials } = cm;
	const clock = useVirtualClock(server);
	const { poller, items, pings, pingsRead, seed, minuteLater } = allChecksPingTrigger(cm, clock);

	test('over 1,000 checks: the first poll and a quiet poll are the list alone; k pinged checks cost 1 + k; items name their check from the list', async () => {
		const checks = Array.from({ length: 1000 }, (_, i) => seed(i + 1, 'prod'));
		for (const check of checks.slice(0, 50)) server.receivePing(check.uuid);
		const trigger = poller('');
		expect(await trigger.poll()).toBeNull();
		expect(server.requestLines()).toEqual(['GET /api/v3/checks/']);
		expect(await minuteLater(trigger)).toBeNull();
		expect(server.requestLines()).toEqual(['GET /api/v3/checks/']);
		clock.advance(5);
		server.receivePing(checks[10].uuid, 'fail');
		server.receivePing(checks[700].uuid, 'start');
		server.receivePing(checks[700].uuid);
		const result = await minuteLater(trigger);
		expect(pings(result)).toEqual([
			['c11', 2, 'fail'],
			['c701', 1, 'start'],
			['c701', 2, 'success'],
		]);
		expect(items(result)[0].check).toEqual({
			id: checks[10].uuid,
			name: 'c11',
			slug: '',
			tags: 'prod',
			status: 'down',
		});
		expect(server.requestLines()).toEqual([
			'GET /api/v3/checks/',
			`GET /api/v3/checks/${checks[10].uuid}/pings/`,
			`GET /api/v3/checks/${checks[700].uuid}/pings/`,
		]);
		expect(await minuteLater(trigger)).toBeNull();
		expect(server.requests).toHaveLength(1);
	});

	test('Tags and Ping Types: only checks with all the tags, only pings of those types; the cursor moves past the others', async () => {
		const [a, b] = [seed(1, 'prod db'), seed(2, 'prod')];
		const trigger = poller('prod db', { options: { pingTypes: ['fail'] } });
		await trigger.poll();
		expect(server.requestLines()).toEqual(['GET /api/v3/checks/?tag=prod&tag=db']);
		for (const action of ['start', 'fail', '', 'fail']) server.receivePing(a.uuid, action);
		server.receivePing(b.uuid, 'fail');
		expect(pings(await minuteLater(trigger))).toEqual([
			['c1', 2, 'fail'],
			['c1', 4, 'fail'],
		]);
		server.receivePing(a.uuid);
		expect(await minuteLater(trigger)).toBeNull();
		expect(pingsRead()).toEqual(['c1']);
		expect(await minuteLater(trigger)).toBeNull();
		expect(server.requests).toHaveLength(1);
	});

	test('more pings than the server keeps: per check, what is there is emitted and the first item says which numbers were lost', async () => {
		server.pingLogLimit = 10;
		const [a, b] = [seed(1), seed(2)];
		const trigger = poller('', { options: { pingTypes: ['fail'] } });
		await trigger.poll();
		for (let i = 0; i < 13; i++) server.receivePing(a.uuid);
		for (let i = 0; i < 12; i++) server.receivePing(b.uuid, i === 11 ? 'fail' : '');
		server.receivePing(a.uuid, 'log');
		expect(items(await minuteLater(trigger))).toEqual([
			// a: nothing of the type to emit, so the gap comes alone, naming a.
			{
				check: expect.objectContaining({ name: 'c1' }),
				gap: {
					missed: 4,
					fromN: 1,
					toN: 4,
					message: expect.stringContaining('4 ping(s), numbers 1 to 4'),
				},
			},
			expect.objectContaining({
				n: 12,
				type: 'fail',
				gap: expect.objectContaining({ missed: 2, fromN: 1, toN: 2 }),
			}),
		]);
		expect(await minuteLater(trigger)).toBeNull();
	});

	test('a check created since the last poll reports all its pings; one tagged into the filter reports those since the last poll started, not older', async () => {
		const tagged = seed(1, 'dev');
		server.receivePing(tagged.uuid, 'fail');
		clock.advance(10);
		const trigger = poller('prod');
		await trigger.poll();
		clock.advance(20);
		server.receivePing(tagged.uuid);
		const created = seed(2, 'prod');
		server.receivePing(created.uuid, 'start');
		server.checks.get(tagged.uuid)!.tags = 'dev prod';
		// A check new to the list without pings costs nothing.
		seed(3, 'prod');
		expect(pings(await minuteLater(trigger))).toEqual([
			['c1', 2, 'success'],
			['c2', 1, 'start'],
		]);
		expect(pingsRead()).toEqual(['c1', 'c2']);
		expect(await minuteLater(trigger)).toBeNull();
		expect(server.requests).toHaveLength(1);
	});

	test('a failed request loses nothing and repeats nothing', async () => {
		const [a, b] = [seed(1), seed(2)];
		const trigger = poller('');
		await trigger.poll();
		server.receivePing(a.uuid);
		server.receivePing(b.uuid);
		server.injectFault(
			{ kind: 'status', status: 500 },
			3,
			(r) => r.path === `/api/v3/checks/${b.uuid}/pings/`,
		);
		clock.advance(60);
		await expect(trigger.poll()).rejects.toThrow('The Check Monitor API failed with HTTP 500');
		expect(pings(await minuteLater(trigger))).toEqual([
			['c1', 1, 'success'],
			['c2', 1, 'success'],
		]);
		expect(await minuteLater(trigger)).toBeNull();
	});

	test('a poll with no time left reads one check; the next goes on where it stopped; Include Body reads the bodies', async () => {
		const checks = [1, 2, 3].map((n) => seed(n));
		const activate = poller('', { options: { includeBody: true } });
		await activate.poll();
		for (const check of checks) server.receivePing(check.uuid, '', `body of ${check.name}`);
		const trigger = poller('', {
			options: { includeBody: true },
			pollBudgetMs: 0,
			staticData: activate.staticData,
		});
		const polls: unknown[] = [];
		for (let i = 0; i < 4; i++) {
			const bodies = items(await minuteLater(trigger)).map((item) => item.body);
			polls.push([pingsRead(), bodies]);
		}
		expect(polls).toEqual([
			[['c1'], ['body of c1']],
			[['c2'], ['body of c2']],
			[['c3'], ['body of c3']],
			[[], []],
		]);
	});

	test('Fetch Test Event: the newest ping of the check pinged last (by the list), the state untouched', async () => {
		const [a, b] = [seed(1), seed(2)];
		const trigger = poller('', { options: { pingTypes: ['fail', 'success'] } });
		await trigger.poll();
		server.receivePing(a.uuid);
		clock.advance(5);
		server.receivePing(b.uuid, 'fail');
		clock.advance(5);
		server.receivePing(b.uuid, 'log');
		const before = JSON.stringify(trigger.staticData);
		server.clearLog();
		expect(pings(await trigger.poll('manual'))).toEqual([['c2', 1, 'fail']]);
		expect(server.requestLines()).toEqual([
			'GET /api/v3/checks/',
			`GET /api/v3/checks/${b.uuid}/pings/`,
		]);
		expect(JSON.stringify(trigger.staticData)).toBe(before);
		expect(pings(await minuteLater(trigger))).toEqual([
			['c1', 1, 'success'],
			['c2', 1, 'fail'],
		]);
		// No check has a ping: nothing, at the cost of the list.
		server.reset();
		seed(5);
		expect(await poller('').poll('manual')).toBeNull();
		expect(server.requestLines()).toEqual(['GET /api/v3/checks/']);
	});

	test('switching One Check to All Checks starts afresh: the pings before the switch are not emitted', async () => {
		const a = seed(1);
		server.receivePing(a.uuid);
		const one = createPoller({
			type: 'checkMonitorTrigger',
			parameters: { event: 'newPing', checkId: { __rl: true, mode: 'id', value: a.uuid } } as never,
			credentials: credentials(),
		});
		await one.poll();
		server.receivePing(a.uuid, 'fail');
		const all = poller('', { staticData: one.staticData });
		expect(await all.poll()).toBeNull();
		server.receivePing(a.uuid);
		expect(pings(await minuteLater(all))).toEqual([['c1', 3, 'success']]);
	});
});

/**
 * Check Monitor Trigger, New Ping for All Checks, at its edges: a check first listed has no
 * gap to report; the list and the pings read disagreeing (a ping between the two, or a pings
 * read with none above what the list counted); the state keeping only the listed checks.
 */
describe('at its edges', () => {
	const cm = useCheckMonitorServer();
	const { server } = cm;
	const clock = useVirtualClock(server);
	const checks = allChecksPingTrigger(cm, clock);
	const { items, pings, pingsRead, seed, retag, minuteLater } = checks;
	const poller = (more: PollerOptions = {}) => checks.poller('prod', more);
	const pingsPathOf = (uuid: string) => `/api/v3/checks/${uuid}/pings/`;
	const stateOf = (trigger: ReturnType<typeof poller>) =>
		(trigger.staticData['node:Trigger'] as { pingState: unknown }).pingState;

	test('a check created since the last poll: its pings are reported without a gap (there is no number to count from)', async () => {
		seed(1, 'prod');
		const trigger = poller();
		expect(await trigger.poll()).toBeNull();
		clock.advance(10);
		const b = seed(2, 'prod');
		server.receivePing(b.uuid);
		server.receivePing(b.uuid, 'fail');
		const emitted = items(await minuteLater(trigger));
		expect(
			emitted.map((json) => [
				(json.check as { name: string }).name,
				json.n,
				json.type,
				'gap' in json,
			]),
		).toEqual([
			['c2', 1, 'success', false],
			['c2', 2, 'fail', false],
		]);
	});

	test('a check tagged in whose pings read shows a ping the list did not count yet, dated by the server before the last poll started: not new, now or at the next poll', async () => {
		const b = seed(2, 'dev');
		for (let i = 0; i < 3; i++) server.receivePing(b.uuid);
		clock.advance(60);
		seed(1, 'prod');
		const trigger = poller();
		expect(await trigger.poll()).toBeNull();
		const lastPollStarted = clock.now();
		clock.advance(30);
		retag(b.uuid, 'dev prod');
		// Between the list (3 pings) and the read of its pings, a fourth arrives; the server's
		// clock, behind n8n's, dates it 20 s before the last poll started.
		server.whenRequested(
			(req) => req.path === pingsPathOf(b.uuid),
			() => {
				const serverTime = server.now;
				server.now = () => new Date(lastPollStarted - 20_000);
				server.receivePing(b.uuid);
				server.now = serverTime;
			},
		);
		expect(await minuteLater(trigger)).toBeNull();
		expect(pingsRead()).toEqual(['c2']);
		expect(await minuteLater(trigger)).toBeNull();
		expect(pingsRead()).toEqual([]);
		server.receivePing(b.uuid, 'fail');
		expect(pings(await minuteLater(trigger))).toEqual([['c2', 5, 'fail']]);
	});

	test('a check whose pings read answers none above the last number emitted, though the list counted one more: no item and no error, that ping is not reported (the cursor moves to the listed count), and the next ping is', async () => {
		const a = seed(1, 'prod');
		server.receivePing(a.uuid);
		const trigger = poller();
		expect(await trigger.poll()).toBeNull();
		server.receivePing(a.uuid, 'fail');
		server.answerNextGet(pingsPathOf(a.uuid), {
			pings: [{ n: 1, type: 'success', date: new Date(clock.now()).toISOString() }],
		});
		expect(await minuteLater(trigger)).toBeNull();
		expect(pingsRead()).toEqual(['c1']);
		server.receivePing(a.uuid);
		expect(pings(await minuteLater(trigger))).toEqual([['c1', 3, 'success']]);
	});

	test('the state keeps the checks listed, each with its last number, and nothing else: a check that leaves the filter leaves it', async () => {
		const [a, b] = [seed(1, 'prod'), seed(2, 'prod')];
		server.receivePing(a.uuid);
		const trigger = poller();
		expect(await trigger.poll()).toBeNull();
		server.receivePing(b.uuid);
		expect(pings(await minuteLater(trigger))).toEqual([['c2', 1, 'success']]);
		expect(stateOf(trigger)).toEqual({
			key: 'ping:all:prod',
			polledAt: clock.seconds(),
			lastN: { [a.uuid]: 1, [b.uuid]: 1 },
		});
		retag(b.uuid, 'dev');
		expect(await minuteLater(trigger)).toBeNull();
		expect(stateOf(trigger)).toEqual({
			key: 'ping:all:prod',
			polledAt: clock.seconds(),
			lastN: { [a.uuid]: 1 },
		});
	});
});

/**
 * Check Monitor Trigger, New Ping for All Checks: the cursor belongs to one tag filter (other
 * tags start afresh, as New Flip does), a check first listed counts its pings from the very
 * second the poll before started, and Fetch Test Event picks the check pinged last (by the
 * list's last ping: a success or a failure) wherever the list puts it, within the poll's time.
 */
describe('the tag filter, a check first listed, Fetch Test Event', () => {
	const cm = useCheckMonitorServer();
	const { server } = cm;
	const clock = useVirtualClock(server);
	const { poller, pings, pingsRead, seed, retag, minuteLater } = allChecksPingTrigger(cm, clock);

	test.each([
		['prod', 'db'],
		// Tags that run together the same are another filter too.
		['ab c', 'a bc'],
	])(
		'other tags start afresh (%j, then %j): the pings of a check only the new tags hold, from before the change, are not emitted',
		async (before, after) => {
			const [x, y] = [seed(1, before), seed(2, after)];
			const first = poller(before);
			expect(await first.poll()).toBeNull();
			server.receivePing(x.uuid);
			server.receivePing(y.uuid);
			expect(pings(await minuteLater(first))).toEqual([['c1', 1, 'success']]);
			// y was pinged while the trigger watched the first tags; the user changes them.
			const second = poller(after, { staticData: first.staticData });
			expect(await minuteLater(second)).toBeNull();
			expect(pingsRead()).toEqual([]);
			server.receivePing(y.uuid, 'fail');
			expect(pings(await minuteLater(second))).toEqual([['c2', 2, 'fail']]);
		},
	);

	test('changing the tags starts afresh also for a check both tag sets hold: its ping from before the change is not emitted', async () => {
		const x = seed(1, 'prod db');
		const first = poller('prod');
		expect(await first.poll()).toBeNull();
		server.receivePing(x.uuid, 'fail');
		const second = poller('prod db', { staticData: first.staticData });
		expect(await minuteLater(second)).toBeNull();
		server.receivePing(x.uuid);
		expect(pings(await minuteLater(second))).toEqual([['c1', 2, 'success']]);
	});

	test('a check tagged into the filter reports a ping dated the very second the poll before it started', async () => {
		seed(1, 'prod');
		const y = seed(2, 'dev');
		const trigger = poller('prod');
		expect(await trigger.poll()).toBeNull();
		clock.advance(60);
		// Stamped with the instant the next poll starts (whole seconds on this clock).
		server.receivePing(y.uuid);
		expect(await trigger.poll()).toBeNull();
		retag(y.uuid, 'dev prod');
		expect(pings(await minuteLater(trigger))).toEqual([['c2', 1, 'success']]);
	});

	test('Fetch Test Event: the newest ping of the check pinged last, wherever the list puts it', async () => {
		const [a, b, c] = [seed(1), seed(2), seed(3)];
		const trigger = poller('');
		expect(await trigger.poll()).toBeNull();
		for (const [check, type] of [
			[b, 'success'],
			[c, 'fail'],
			[a, 'success'],
		] as const) {
			clock.advance(5);
			server.receivePing(check.uuid, type);
		}
		server.clearLog();
		expect(pings(await trigger.poll('manual'))).toEqual([['c1', 1, 'success']]);
		expect(pingsRead()).toEqual(['c1']);
	});

	test('Fetch Test Event reads the next check pinged only while the poll has time: with none left, one read, nothing found', async () => {
		const [a, b] = [seed(1), seed(2)];
		const activate = poller('');
		expect(await activate.poll()).toBeNull();
		server.receivePing(b.uuid, 'fail');
		clock.advance(5);
		server.receivePing(a.uuid, 'success');
		server.clearLog();
		// With time: the check pinged last has no ping of the wanted type, the one before has.
		expect(
			pings(
				await poller('', {
					options: { pingTypes: ['fail'] },
					staticData: activate.staticData,
				}).poll('manual'),
			),
		).toEqual([['c2', 1, 'fail']]);
		expect(pingsRead()).toEqual(['c1', 'c2']);
		server.clearLog();
		expect(
			await poller('', {
				options: { pingTypes: ['fail'] },
				pollBudgetMs: 0,
				staticData: activate.staticData,
			}).poll('manual'),
		).toBeNull();
		expect(pingsRead()).toEqual(['c1']);
	});
});

/**
 * Check Monitor Trigger, New Ping for All Checks: a check first listed (tagged into the
 * filter) that a poll out of time could not read keeps the instant its pings count from, until
 * it is read or leaves the list.
 */
describe('a check first listed that a poll had no time for', () => {
	const cm = useCheckMonitorServer();
	const { server } = cm;
	const clock = useVirtualClock(server);
	const checks = allChecksPingTrigger(cm, clock);
	const { pings, pingsRead, seed, retag, minuteLater } = checks;
	const poller = (more: PollerOptions = {}) => checks.poller('prod', more);

	/**
	 * c1 is listed from the start; c2 has an old ping, then a new one, and is tagged into the
	 * filter between the activation and a poll with no time left, which reads c1 only.
	 */
	async function taggedInWhileOutOfTime() {
		const [a, b] = [seed(1, 'prod'), seed(2, 'dev')];
		server.receivePing(b.uuid, 'fail');
		clock.advance(10);
		const activate = poller();
		expect(await activate.poll()).toBeNull();
		clock.advance(20);
		server.receivePing(a.uuid);
		server.receivePing(b.uuid);
		retag(b.uuid, 'dev prod');
		const outOfTime = poller({ pollBudgetMs: 0, staticData: activate.staticData });
		expect(pings(await minuteLater(outOfTime))).toEqual([['c1', 1, 'success']]);
		expect(pingsRead()).toEqual(['c1']);
		return { b, outOfTime };
	}

	test('a check tagged in while a poll ran out of time: the next poll reports its pings since the poll before it was listed, not older ones', async () => {
		const { outOfTime } = await taggedInWhileOutOfTime();
		// Its ping came 20 s after the activation and 60 s before the poll that could not read it.
		expect(pings(await minuteLater(outOfTime))).toEqual([['c2', 2, 'success']]);
		expect(pingsRead()).toEqual(['c2']);
		expect(await minuteLater(poller({ staticData: outOfTime.staticData }))).toBeNull();
	});

	test('such a check that leaves the filter before it is read, and comes back: only its pings since the poll before it came back', async () => {
		const { b, outOfTime } = await taggedInWhileOutOfTime();
		retag(b.uuid, 'dev');
		clock.advance(10);
		server.receivePing(b.uuid, 'fail');
		const trigger = poller({ staticData: outOfTime.staticData });
		expect(await minuteLater(trigger)).toBeNull();
		expect(pingsRead()).toEqual([]);
		retag(b.uuid, 'dev prod');
		// Its three pings all came before the last poll started: none is new to this filter.
		expect(await minuteLater(trigger)).toBeNull();
		expect(pingsRead()).toEqual(['c2']);
		clock.advance(5);
		server.receivePing(b.uuid);
		expect(pings(await minuteLater(trigger))).toEqual([['c2', 4, 'success']]);
	});
});

/**
 * New Ping for All Checks: the items of a poll come oldest first, across checks too; a gap
 * with no item of its own (the type filter left none) sorts where its check's first new ping is.
 */
describe("the order of a poll's items", () => {
	const cm = useCheckMonitorServer();
	const { server } = cm;
	const clock = useVirtualClock(server);
	const { poller, pings, items, seed, minuteLater } = allChecksPingTrigger(cm, clock);

	test("pings of three checks, made in another order than the checks' ids, and a gap alone: oldest first", async () => {
		server.pingLogLimit = 2;
		const [c1, c2, c3] = [1, 2, 3].map((n) => seed(n));
		const trigger = poller('', { options: { pingTypes: ['success'] } });
		await trigger.poll();
		clock.advance(5);
		server.receivePing(c3.uuid);
		clock.advance(5);
		// c2: three log pings (one beyond what the server keeps): a gap, no item of the type wanted.
		for (let i = 0; i < 3; i++) server.receivePing(c2.uuid, 'log');
		clock.advance(5);
		server.receivePing(c1.uuid);
		clock.advance(5);
		server.receivePing(c3.uuid);
		const emitted = await minuteLater(trigger);
		expect(pings(emitted)).toEqual([
			['c3', 1, 'success'],
			['c2', undefined, undefined],
			['c1', 1, 'success'],
			['c3', 2, 'success'],
		]);
		expect(items(emitted)[1].gap).toMatchObject({ fromN: 1, toN: 1 });
	});
});
