/**
 * New Ping, one check (nodes/CheckMonitorTrigger/newPingOneCheck.ts): each ping exactly once,
 * oldest first, gaps made visible; what its state is keyed on; Include Body and the poll budget.
 */
import type { CheckMonitorVersion } from '../../harness/servers/checkMonitorServer';
import { pingTrigger } from '../support/pingTrigger';
import { useCheckMonitorServer } from '../support/setup';

describe('each ping exactly once, oldest first, gaps made visible', () => {
	const cm = useCheckMonitorServer();
	const { server } = cm;
	const { poller, items } = pingTrigger(cm);
	type Batches = Parameters<typeof items>[0];
	const numbers = (batches: Batches) =>
		items(batches)
			.filter((i) => i.n !== undefined)
			.map((i) => i.n);

	test('first poll emits nothing; then each new ping once, oldest first, with its check; nothing new costs 1 request', async () => {
		const check = server.seedCheck({ name: 'backup', slug: 'backup', tags: 'prod' });
		server.receivePing(check.uuid, 'start');
		const trigger = poller(check.uuid);
		expect(await trigger.poll()).toBeNull();
		server.clearLog();
		expect(await trigger.poll()).toBeNull();
		expect(server.requestLines()).toEqual([`GET /api/v3/checks/${check.uuid}/pings/`]);

		server.receivePing(check.uuid, '', undefined, 'POST', '3f1b6c2e-8a4d-4e5f-9c7b-1a2d3e4f5a6b');
		server.receivePing(check.uuid, 'fail');
		server.clearLog();
		const result = await trigger.poll();
		expect(items(result)).toEqual([
			expect.objectContaining({
				n: 2,
				type: 'success',
				method: 'POST',
				rid: '3f1b6c2e-8a4d-4e5f-9c7b-1a2d3e4f5a6b',
				check: { id: check.uuid, name: 'backup', slug: 'backup', tags: 'prod', status: 'down' },
			}),
			expect.objectContaining({ n: 3, type: 'fail', rid: null }),
		]);
		expect(items(result)[0].duration).toEqual(expect.any(Number));
		expect(items(result)[0].body).toBeUndefined();
		// The list, and the check to name it: no body requests unless asked.
		expect(server.requestLines()).toEqual([
			`GET /api/v3/checks/${check.uuid}/pings/`,
			`GET /api/v3/checks/${check.uuid}`,
		]);
		expect(await trigger.poll()).toBeNull();
	});

	test('Include Body: one extra request per ping that has a body, the body as text', async () => {
		const check = server.seedCheck();
		const trigger = poller(check.uuid, { includeBody: true });
		await trigger.poll();
		server.receivePing(check.uuid, '', '{"files": 42}');
		server.receivePing(check.uuid, 'log');
		server.receivePing(check.uuid, '', '<html><body><h1>Report</h1></body></html>');
		server.clearLog();
		expect(items(await trigger.poll()).map((i) => [i.n, i.body])).toEqual([
			[1, '{"files": 42}'],
			[2, null],
			// A body that is a web page is the user's data, not a wrong Base URL.
			[3, '<html><body><h1>Report</h1></body></html>'],
		]);
		expect(server.requestLines()).toHaveLength(4);
		expect(server.requestLines()[2]).toBe(`GET /api/v3/checks/${check.uuid}/pings/1/body`);
		// What reached the server: data asked for as JSON, a body as text.
		expect(
			server.requests.map(
				(r) => `${r.path.endsWith('/body') ? 'body' : 'data'}: ${String(r.headers.accept)}`,
			),
		).toEqual([
			'data: application/json',
			'data: application/json',
			'body: text/plain, */*',
			'body: text/plain, */*',
		]);
	});

	test("a Base URL that answers text, not the API's data: the poll fails saying so, instead of finding nothing new forever", async () => {
		const check = server.seedCheck();
		const trigger = poller(check.uuid);
		await trigger.poll();
		server.receivePing(check.uuid, '');
		server.injectFault({ kind: 'status', status: 200, body: 'Welcome to nginx' });
		await expect(trigger.poll()).rejects.toThrow(
			'The Check Monitor API answered with text instead of data',
		);
		expect(numbers(await trigger.poll())).toEqual([1]);
	});

	test('Ping Types: only those types are emitted, and the cursor still moves past the others', async () => {
		const check = server.seedCheck();
		const trigger = poller(check.uuid, { pingTypes: ['fail'] });
		await trigger.poll();
		for (const action of ['start', '', 'fail', 'log', '1']) server.receivePing(check.uuid, action);
		expect(items(await trigger.poll()).map((i) => [i.n, i.type])).toEqual([
			[3, 'fail'],
			[5, 'fail'],
		]);
		server.receivePing(check.uuid, '');
		expect(await trigger.poll()).toBeNull();
		server.receivePing(check.uuid, 'fail');
		expect(numbers(await trigger.poll())).toEqual([7]);
	});

	test('more pings than the server keeps: what is there is emitted, the first item says which numbers were lost', async () => {
		server.pingLogLimit = 100;
		const check = server.seedCheck({ name: 'busy' });
		const trigger = poller(check.uuid);
		server.receivePing(check.uuid);
		await trigger.poll();
		for (let i = 0; i < 130; i++) server.receivePing(check.uuid);
		const result = items(await trigger.poll());
		expect(result.map((i) => i.n)).toEqual(Array.from({ length: 100 }, (_, i) => 32 + i));
		expect(result[0].gap).toEqual({
			missed: 30,
			fromN: 2,
			toN: 31,
			message:
				'30 ping(s), numbers 2 to 31, arrived between two polls and were no longer kept by the server (it keeps the newest 100). Poll more often to see every ping.',
		});
		expect(result.slice(1).every((i) => i.gap === undefined)).toBe(true);
	});

	test('a gap is never silent, even when the type filter leaves nothing to emit', async () => {
		server.pingLogLimit = 100;
		const check = server.seedCheck({ name: 'quiet' });
		const trigger = poller(check.uuid, { pingTypes: ['fail'] });
		await trigger.poll();
		for (let i = 0; i < 105; i++) server.receivePing(check.uuid);
		expect(items(await trigger.poll())).toEqual([
			{
				check: expect.objectContaining({ name: 'quiet' }),
				gap: expect.objectContaining({ missed: 5, fromN: 1, toN: 5 }),
			},
		]);
		// With one ping to emit, the gap rides on it.
		for (let i = 0; i < 104; i++) server.receivePing(check.uuid);
		server.receivePing(check.uuid, 'fail');
		expect(items(await trigger.poll())).toEqual([
			expect.objectContaining({
				n: 210,
				type: 'fail',
				gap: expect.objectContaining({ missed: 5, fromN: 106, toN: 110 }),
			}),
		]);
	});

	test('Fetch Test Event returns the newest ping without moving the cursor', async () => {
		const check = server.seedCheck({ name: 'm' });
		const trigger = poller(check.uuid);
		await trigger.poll();
		server.receivePing(check.uuid, 'start');
		server.receivePing(check.uuid, 'log');
		const before = JSON.stringify(trigger.staticData);
		expect(
			items(await trigger.poll('manual')).map((i) => [
				i.n,
				i.type,
				(i.check as { name: string }).name,
			]),
		).toEqual([[2, 'log', 'm']]);
		expect(JSON.stringify(trigger.staticData)).toBe(before);
		expect(numbers(await trigger.poll())).toEqual([1, 2]);
	});

	test('a failed request loses nothing and repeats nothing', async () => {
		const check = server.seedCheck();
		const trigger = poller(check.uuid, { includeBody: true });
		await trigger.poll();
		server.receivePing(check.uuid, '', 'one');
		server.receivePing(check.uuid, '', 'two');
		server.injectFault({ kind: 'status', status: 404 }, 1, (r) => r.path.endsWith('/pings/2/body'));
		await expect(trigger.poll()).rejects.toThrow();
		expect(items(await trigger.poll()).map((i) => i.body)).toEqual(['one', 'two']);
		expect(await trigger.poll()).toBeNull();
	});

	test('n8n before 2.38 (no poll budget function): activates, emits, fetches a test event', async () => {
		const check = server.seedCheck();
		const trigger = poller(check.uuid, {}, { pollBudgetMs: 'unavailable' });
		expect(await trigger.poll()).toBeNull();
		server.receivePing(check.uuid, 'fail');
		expect(numbers(await trigger.poll('manual'))).toEqual([1]);
		expect(numbers(await trigger.poll())).toEqual([1]);
	});

	test('out of poll budget while reading bodies: what was read is emitted, the next poll continues after it', async () => {
		const check = server.seedCheck();
		const trigger = poller(check.uuid, { includeBody: true }, { pollBudgetMs: 1 });
		await trigger.poll();
		for (const body of ['a', 'b', 'c']) server.receivePing(check.uuid, '', body);
		server.responseDelayMs = 20;
		const emitted: unknown[] = [];
		for (let i = 0; i < 5; i++)
			emitted.push(...items(await trigger.poll()).map((item) => item.body));
		server.responseDelayMs = 0;
		expect(emitted).toEqual(['a', 'b', 'c']);
	});
});

/**
 * Check Monitor Trigger, New Ping: what its state is keyed on and what a poll reads and emits.
 * The cursor is the newest ping number known (the server lists pings newest first); choosing
 * another check starts afresh; an item holds the ping's fields the server sent and no others;
 * Fetch Test Event honours Ping Types; with Include Body a poll stops at its budget and the
 * next goes on after the pings it emitted. Time is controlled through the budget n8n gives a
 * poll: with a budget of 0 the poll's deadline is the moment it starts, and the stand-in
 * answers every request 2 ms late, so once the first ping's body is read the deadline has
 * passed on any machine.
 */
describe('state, item fields, Fetch Test Event with Ping Types, Include Body out of budget', () => {
	const cm = useCheckMonitorServer();
	const { server } = cm;
	const { poller, items } = pingTrigger(cm);
	type Batches = Parameters<typeof items>[0];
	const numbers = (batches: Batches) => items(batches).map((i) => i.n);
	const pingsList = (uuid: string) => `GET /api/v3/checks/${uuid}/pings/`;
	const checkRead = (uuid: string) => `GET /api/v3/checks/${uuid}`;
	const bodyRead = (uuid: string, n: number) => `GET /api/v3/checks/${uuid}/pings/${n}/body`;

	describe('the cursor: the newest ping, whatever order the server lists them in', () => {
		test('pings received before activation are never emitted (the newest is remembered, not the first listed); later ones are, oldest first', async () => {
			const check = server.seedCheck({ name: 'nightly' });
			server.receivePing(check.uuid, 'start');
			server.receivePing(check.uuid, '');
			const trigger = poller(check.uuid);
			expect(await trigger.poll()).toBeNull();
			expect(server.requestLines()).toEqual([pingsList(check.uuid)]);

			server.receivePing(check.uuid, 'log');
			server.receivePing(check.uuid, 'fail');
			server.receivePing(check.uuid, '');
			server.clearLog();
			// The server lists them 5, 4, 3, 2, 1.
			expect(items(await trigger.poll()).map((i) => [i.n, i.type])).toEqual([
				[3, 'log'],
				[4, 'fail'],
				[5, 'success'],
			]);
			expect(server.requestLines()).toEqual([pingsList(check.uuid), checkRead(check.uuid)]);
			expect(await trigger.poll()).toBeNull();
		});
	});

	describe('state: what it is kept for', () => {
		test('choosing another check starts afresh: its earlier pings are not emitted, its later ones are', async () => {
			const a = server.seedCheck({ name: 'a' });
			const b = server.seedCheck({ name: 'b' });
			const first = poller(a.uuid);
			expect(await first.poll()).toBeNull();
			// b was pinged while the trigger watched a (which has no pings); then the user picks b.
			server.receivePing(b.uuid, 'fail');
			server.receivePing(b.uuid, '');
			const second = poller(b.uuid, {}, { staticData: first.staticData });
			server.clearLog();
			expect(await second.poll()).toBeNull();
			expect(server.requestLines()).toEqual([pingsList(b.uuid)]);
			server.receivePing(b.uuid, 'log');
			expect(
				items(await second.poll()).map((i) => [i.n, (i.check as { name: string }).name]),
			).toEqual([[3, 'b']]);
			expect(await second.poll()).toBeNull();
		});

		test('choosing a check with fewer pings than the last one: its new pings are emitted (numbers are per check)', async () => {
			const busy = server.seedCheck({ name: 'busy' });
			const quiet = server.seedCheck({ name: 'quiet' });
			for (let i = 0; i < 5; i++) server.receivePing(busy.uuid);
			server.receivePing(quiet.uuid);
			const first = poller(busy.uuid);
			expect(await first.poll()).toBeNull();
			const second = poller(quiet.uuid, {}, { staticData: first.staticData });
			expect(await second.poll()).toBeNull();
			server.receivePing(quiet.uuid, 'fail');
			server.receivePing(quiet.uuid, '');
			server.clearLog();
			expect(numbers(await second.poll())).toEqual([2, 3]);
			expect(server.requestLines()).toEqual([pingsList(quiet.uuid), checkRead(quiet.uuid)]);
		});
	});

	test('an item holds the ping fields the server sent, and no field it did not send', async () => {
		const check = server.seedCheck();
		const trigger = poller(check.uuid);
		await trigger.poll();
		server.receivePing(check.uuid, '');
		server.receivePing(check.uuid, 'start');
		server.receivePing(check.uuid, '');
		const [plain, start, timed] = items(await trigger.poll());
		// A success with no start before it has no duration: the item has no such field, so
		// `{{ $json.hasField('duration') }}` and `Object.keys($json)` in a later node say so.
		const withoutDuration = [
			'check',
			'date',
			'method',
			'n',
			'remote_addr',
			'rid',
			'scheme',
			'type',
			'ua',
		];
		expect(Object.keys(plain).sort()).toEqual(withoutDuration);
		expect(Object.keys(start).sort()).toEqual(withoutDuration);
		expect(Object.keys(timed).sort()).toEqual([...withoutDuration, 'duration'].sort());
		expect(timed.duration).toEqual(expect.any(Number));
	});

	describe('Fetch Test Event with Ping Types', () => {
		test('the newest ping of those types, not the newest ping; the cursor untouched', async () => {
			const check = server.seedCheck({ name: 'etl' });
			const trigger = poller(check.uuid, { pingTypes: ['fail', 'start'] });
			await trigger.poll();
			for (const action of ['start', 'fail', '', 'log']) server.receivePing(check.uuid, action);
			const before = JSON.stringify(trigger.staticData);
			server.clearLog();
			expect(
				items(await trigger.poll('manual')).map((i) => [
					i.n,
					i.type,
					(i.check as { name: string }).name,
				]),
			).toEqual([[2, 'fail', 'etl']]);
			expect(server.requestLines()).toEqual([pingsList(check.uuid), checkRead(check.uuid)]);
			expect(JSON.stringify(trigger.staticData)).toBe(before);
			expect(numbers(await trigger.poll())).toEqual([1, 2]);
		});

		test('no ping of those types: nothing, at the cost of the list', async () => {
			const check = server.seedCheck();
			server.receivePing(check.uuid, '');
			server.receivePing(check.uuid, 'log');
			const trigger = poller(check.uuid, { pingTypes: ['fail'] });
			expect(await trigger.poll('manual')).toBeNull();
			expect(server.requestLines()).toEqual([pingsList(check.uuid)]);
		});
	});

	test('Include Body, out of budget: each poll emits the pings it read a body for and stops; the next goes on after them', async () => {
		const check = server.seedCheck();
		const activate = poller(check.uuid, { includeBody: true });
		await activate.poll();
		for (const body of ['a', 'b', 'c']) server.receivePing(check.uuid, '', body);
		const trigger = poller(
			check.uuid,
			{ includeBody: true },
			{ pollBudgetMs: 0, staticData: activate.staticData },
		);
		server.responseDelayMs = 2;
		const polls: Array<{ bodies: unknown[]; requests: string[] }> = [];
		for (let i = 0; i < 4; i++) {
			server.clearLog();
			const bodies = items(await trigger.poll()).map((item) => item.body);
			polls.push({ bodies, requests: server.requestLines() });
		}
		expect(polls).toEqual([
			{
				bodies: ['a'],
				requests: [pingsList(check.uuid), checkRead(check.uuid), bodyRead(check.uuid, 1)],
			},
			{
				bodies: ['b'],
				requests: [pingsList(check.uuid), checkRead(check.uuid), bodyRead(check.uuid, 2)],
			},
			{
				bodies: ['c'],
				requests: [pingsList(check.uuid), checkRead(check.uuid), bodyRead(check.uuid, 3)],
			},
			{ bodies: [], requests: [pingsList(check.uuid)] },
		]);
	});
});

/** What a user sees differently on each check-monitor server release (docs/api/check-monitor.md, "Server versions"). */
describe('server versions', () => {
	const cm = useCheckMonitorServer();
	const { server } = cm;
	const { poller: trigger } = pingTrigger(cm);

	describe('pings beyond 1,000 (an account whose log keeps 1,500)', () => {
		const logged = (count: number) => {
			server.pingLogLimit = 1500;
			const check = server.seedCheck({ name: 'busy' });
			for (let i = 0; i < count; i++) server.receivePing(check.uuid, '', `run ${i + 1}`);
			return check;
		};

		test.each([
			['3.13', 1200, undefined],
			['4.0', 1000, { missed: 200, fromN: 2, toN: 201 }],
		] as const)(
			'on %s, New Ping for one check after 1,200 pings between two polls emits %i, gap %j',
			async (version, emitted, gap) => {
				server.version = version as CheckMonitorVersion;
				const check = logged(1);
				const poller = trigger(check.uuid);
				expect(await poller.poll()).toBeNull();
				for (let i = 0; i < 1200; i++) server.receivePing(check.uuid);
				const items = (await poller.poll())?.[0].map((item) => item.json) ?? [];
				expect(items).toHaveLength(emitted);
				expect(items[0].gap).toEqual(gap === undefined ? undefined : expect.objectContaining(gap));
			},
		);
	});
});
