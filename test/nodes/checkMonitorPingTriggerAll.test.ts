/**
 * Check Monitor Trigger, New Ping for All Checks: the list each poll, and the pings only of
 * the checks whose `n_pings` grew; each ping once, per-check gaps, checks named from the list.
 */
import fc from 'fast-check';
import { allChecksPingTrigger, type Batches } from '../support/allChecksPingTrigger';
import { createPoller } from '../support/engine';
import { useCheckMonitorServer } from '../support/setup';
import { useVirtualClock } from '../support/virtualClock';

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
	expect(items(result)[0].check).toEqual({ id: checks[10].uuid, name: 'c11', slug: '', tags: 'prod', status: 'down' });
	expect(server.requestLines()).toEqual(['GET /api/v3/checks/', `GET /api/v3/checks/${checks[10].uuid}/pings/`, `GET /api/v3/checks/${checks[700].uuid}/pings/`]);
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
		{ check: expect.objectContaining({ name: 'c1' }), gap: { missed: 4, fromN: 1, toN: 4, message: expect.stringContaining('4 ping(s), numbers 1 to 4') } },
		expect.objectContaining({ n: 12, type: 'fail', gap: expect.objectContaining({ missed: 2, fromN: 1, toN: 2 }) }),
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
	server.injectFault({ kind: 'status', status: 500 }, 3, (r) => r.path === `/api/v3/checks/${b.uuid}/pings/`);
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
	const trigger = poller('', { options: { includeBody: true }, pollBudgetMs: 0, staticData: activate.staticData });
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
	expect(server.requestLines()).toEqual(['GET /api/v3/checks/', `GET /api/v3/checks/${b.uuid}/pings/`]);
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

test('Max Requests per Minute from an expression is checked before any request', async () => {
	await expect(poller('', { options: { requestsPerMinute: '={{ 0 }}' } }).poll()).rejects.toMatchObject({ message: 'Max Requests per Minute: must be a number of at least 1, got 0' });
	expect(server.requestLines()).toEqual([]);
});

test('switching One Check to All Checks starts afresh: the pings before the switch are not emitted', async () => {
	const a = seed(1);
	server.receivePing(a.uuid);
	const one = createPoller({ type: 'checkMonitorTrigger', parameters: { event: 'newPing', checkId: { __rl: true, mode: 'id', value: a.uuid } } as never, credentials: credentials() });
	await one.poll();
	server.receivePing(a.uuid, 'fail');
	const all = poller('', { staticData: one.staticData });
	expect(await all.poll()).toBeNull();
	server.receivePing(a.uuid);
	expect(pings(await minuteLater(all))).toEqual([['c1', 3, 'success']]);
});

test('randomized: pings, creations, deletions, tag changes, small ping logs, failed requests and polls: each ping emitted or reported lost once; each poll reads only the pinged checks', async () => {
	const check = fc.integer({ min: 0, max: 5 });
	const step = fc.oneof(
		{ weight: 4, arbitrary: fc.record({ kind: fc.constant('pings' as const), check, count: fc.integer({ min: 1, max: 14 }), action: fc.constantFrom('', 'fail', 'start', 'log') }) },
		{ weight: 3, arbitrary: fc.record({ kind: fc.constant('poll' as const), fault: fc.constantFrom('none', 'none', 'none', 'list', 'pings') }) },
		{ weight: 1, arbitrary: fc.record({ kind: fc.constant('create' as const), prod: fc.boolean() }) },
		{ weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), check }) },
		{ weight: 1, arbitrary: fc.record({ kind: fc.constant('retag' as const), check }) },
	);
	await fc.assert(
		fc.asyncProperty(fc.array(step, { minLength: 5, maxLength: 40 }), async (steps) => {
			server.reset();
			clock.reset();
			server.pingLogLimit = 10;
			const made = [0, 1, 2, 3].map((i) => server.seedCheck({ name: `c${i}`, tags: i < 3 ? 'prod' : 'dev' }));
			const pick = (i: number) => made.filter((c) => server.checks.has(c.uuid))[i % Math.max(1, made.filter((c) => server.checks.has(c.uuid)).length)];
			const listed = () => new Map([...server.checks.values()].filter((c) => c.tags.split(' ').includes('prod')).map((c) => [c.uuid, c]));
			const trigger = poller('prod');
			// The model: per listed check, the first number owed (pings from there on are emitted or reported lost).
			const owedFrom = new Map<string, number>();
			const emitted = new Map<string, number[]>();
			const lost = new Map<string, number[]>();
			let known = new Map<string, number>();
			await trigger.poll();
			for (const [uuid, c] of listed()) {
				owedFrom.set(uuid, c.n_pings + 1);
				known.set(uuid, c.n_pings);
			}
			let lastPoll = clock.seconds();
			const pollOnce = async (fault: string) => {
				const nowListed = listed();
				const due = [...nowListed.values()].filter((c) => (known.has(c.uuid) ? c.n_pings > known.get(c.uuid)! : c.n_pings > 0));
				server.clearLog();
				const target = [...nowListed.keys()][0];
				if (fault === 'list') server.injectFault({ kind: 'status', status: 500 }, 3, (r) => r.path === '/api/v3/checks/');
				if (fault === 'pings' && target) server.injectFault({ kind: 'status', status: 500 }, 3, (r) => r.path === `/api/v3/checks/${target}/pings/`);
				let result: Batches;
				try {
					result = await trigger.poll();
				} catch {
					expect(fault).not.toBe('none');
					server.clearFaults();
					return;
				}
				server.clearFaults();
				// Checks new to the list owe the pings since the last successful poll started that
				// the server still keeps at their first read (this poll's).
				for (const [uuid, c] of nowListed) {
					if (owedFrom.has(uuid)) continue;
					const since = c.pings.find((p) => p.date.getTime() >= lastPoll * 1000)?.n ?? c.n_pings + 1;
					owedFrom.set(uuid, Math.max(since, c.pings.slice(-server.pingLogLimit)[0]?.n ?? 1));
				}
				for (const uuid of [...owedFrom.keys()]) if (!nowListed.has(uuid)) owedFrom.delete(uuid);
				for (const item of items(result)) {
					const uuid = (item.check as { id: string }).id;
					if (item.n !== undefined) emitted.set(uuid, [...(emitted.get(uuid) ?? []), item.n as number]);
					const gap = item.gap as { fromN: number; toN: number } | undefined;
					if (gap) for (let n = gap.fromN; n <= gap.toN; n++) lost.set(uuid, [...(lost.get(uuid) ?? []), n]);
				}
				expect(server.requestLines().sort()).toEqual(['GET /api/v3/checks/?tag=prod', ...due.map((c) => `GET /api/v3/checks/${c.uuid}/pings/`)].sort());
				// Every owed ping of a listed check is now emitted or reported lost, once, in order.
				for (const [uuid, from] of owedFrom) {
					const c = nowListed.get(uuid)!;
					const seen = [...(emitted.get(uuid) ?? []), ...(lost.get(uuid) ?? [])].filter((n) => n >= from);
					const owed = c.pings.filter((p) => p.n >= from).map((p) => p.n);
					expect([c.name, [...seen].sort((x, y) => x - y)]).toEqual([c.name, owed]);
					expect(emitted.get(uuid) ?? []).toEqual([...(emitted.get(uuid) ?? [])].sort((x, y) => x - y));
				}
				known = new Map([...nowListed.values()].map((c) => [c.uuid, c.n_pings]));
				lastPoll = clock.seconds();
			};
			for (const s of steps) {
				clock.advance(1);
				const c = 'check' in s ? pick(s.check) : undefined;
				if (s.kind === 'poll') {
					clock.advance(60);
					await pollOnce(s.fault);
				} else if (s.kind === 'pings' && c) for (let i = 0; i < s.count; i++) server.receivePing(c.uuid, s.action);
				else if (s.kind === 'create') made.push(server.seedCheck({ name: `c${made.length}`, tags: s.prod ? 'prod' : 'dev' }));
				else if (s.kind === 'delete' && c) server.checks.delete(c.uuid);
				else if (s.kind === 'retag' && c) c.tags = c.tags === 'prod' ? 'dev' : 'prod';
			}
			clock.advance(60);
			await pollOnce('none');
			// No ping emitted twice, none both emitted and reported lost.
			for (const uuid of new Set([...emitted.keys(), ...lost.keys()])) {
				const all = [...(emitted.get(uuid) ?? []), ...(lost.get(uuid) ?? [])];
				expect(new Set(all).size).toBe(all.length);
			}
		}),
		{ numRuns: 80, seed: Number(process.env.FC_SEED ?? 20261128) },
	);
}, 120_000);
