/** Check Monitor Trigger, New Ping: each ping exactly once, oldest first, gaps made visible. */
import fc from 'fast-check';
import { createPoller } from '../support/engine';
import { useCheckMonitorServer } from '../support/setup';

const { server, credentials } = useCheckMonitorServer();

const poller = (uuid: string, options: Record<string, unknown> = {}, pollBudgetMs?: number | 'unavailable') =>
	createPoller({
		type: 'checkMonitorTrigger',
		parameters: { event: 'newPing', checkId: { __rl: true, mode: 'id', value: uuid }, options } as never,
		credentials: credentials(),
		pollBudgetMs,
	});
type Batches = Awaited<ReturnType<ReturnType<typeof poller>['poll']>>;
const items = (batches: Batches) => (batches?.[0] ?? []).map((i) => i.json);
const numbers = (batches: Batches) => items(batches).filter((i) => i.n !== undefined).map((i) => i.n);

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
		expect.objectContaining({ n: 2, type: 'success', method: 'POST', rid: '3f1b6c2e-8a4d-4e5f-9c7b-1a2d3e4f5a6b', check: { id: check.uuid, name: 'backup', slug: 'backup', tags: 'prod', status: 'down' } }),
		expect.objectContaining({ n: 3, type: 'fail', rid: null }),
	]);
	expect(items(result)[0].duration).toEqual(expect.any(Number));
	expect(items(result)[0].body).toBeUndefined();
	// The list, and the check to name it: no body requests unless asked.
	expect(server.requestLines()).toEqual([`GET /api/v3/checks/${check.uuid}/pings/`, `GET /api/v3/checks/${check.uuid}`]);
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
});

test('a Base URL that answers text, not the API\'s data: the poll fails saying so, instead of finding nothing new forever', async () => {
	const check = server.seedCheck();
	const trigger = poller(check.uuid);
	await trigger.poll();
	server.receivePing(check.uuid, '');
	server.injectFault({ kind: 'status', status: 200, body: 'Welcome to nginx' });
	await expect(trigger.poll()).rejects.toThrow('The Check Monitor API answered with text instead of data');
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
		message: '30 ping(s), numbers 2 to 31, arrived between two polls and were no longer kept by the server (it keeps the newest 100). Poll more often to see every ping.',
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
		{ check: expect.objectContaining({ name: 'quiet' }), gap: expect.objectContaining({ missed: 5, fromN: 1, toN: 5 }) },
	]);
	// With one ping to emit, the gap rides on it.
	for (let i = 0; i < 104; i++) server.receivePing(check.uuid);
	server.receivePing(check.uuid, 'fail');
	expect(items(await trigger.poll())).toEqual([expect.objectContaining({ n: 210, type: 'fail', gap: expect.objectContaining({ missed: 5, fromN: 106, toN: 110 }) })]);
});

test('Fetch Test Event returns the newest ping without moving the cursor', async () => {
	const check = server.seedCheck({ name: 'm' });
	const trigger = poller(check.uuid);
	await trigger.poll();
	server.receivePing(check.uuid, 'start');
	server.receivePing(check.uuid, 'log');
	const before = JSON.stringify(trigger.staticData);
	expect(items(await trigger.poll('manual')).map((i) => [i.n, i.type, (i.check as { name: string }).name])).toEqual([[2, 'log', 'm']]);
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
	const trigger = poller(check.uuid, {}, 'unavailable');
	expect(await trigger.poll()).toBeNull();
	server.receivePing(check.uuid, 'fail');
	expect(numbers(await trigger.poll('manual'))).toEqual([1]);
	expect(numbers(await trigger.poll())).toEqual([1]);
});

test('out of poll budget while reading bodies: what was read is emitted, the next poll continues after it', async () => {
	const check = server.seedCheck();
	const trigger = poller(check.uuid, { includeBody: true }, 1);
	await trigger.poll();
	for (const body of ['a', 'b', 'c']) server.receivePing(check.uuid, '', body);
	server.responseDelayMs = 20;
	const emitted: unknown[] = [];
	for (let i = 0; i < 5; i++) emitted.push(...items(await trigger.poll()).map((item) => item.body));
	server.responseDelayMs = 0;
	expect(emitted).toEqual(['a', 'b', 'c']);
});

test('randomized: pings, polls, failures, restarts and more pings than the server keeps: each kept ping once, every lost one in a gap', async () => {
	await fc.assert(
		fc.asyncProperty(
			fc.array(
				fc.oneof(
					fc.record({ kind: fc.constant('pings' as const), count: fc.integer({ min: 1, max: 40 }), type: fc.constantFrom('', 'start', 'fail', 'log') }),
					fc.record({ kind: fc.constant('poll' as const) }),
					fc.record({ kind: fc.constant('fail' as const), what: fc.constantFrom('/pings/', '/checks/') }),
				),
				{ minLength: 3, maxLength: 30 },
			),
			async (steps) => {
				server.reset();
				server.pingLogLimit = 25;
				const check = server.seedCheck();
				const trigger = poller(check.uuid);
				await trigger.poll();
				const emitted: number[] = [];
				const lost: number[] = [];
				const pollOnce = async () => {
					try {
						for (const item of items(await trigger.poll())) {
							if (item.n !== undefined) emitted.push(item.n as number);
							const gap = item.gap as { fromN: number; toN: number } | undefined;
							if (gap) for (let n = gap.fromN; n <= gap.toN; n++) lost.push(n);
						}
					} catch {
						// nothing emitted; the next poll catches up
					}
				};
				for (const step of steps) {
					if (step.kind === 'pings') for (let i = 0; i < step.count; i++) server.receivePing(check.uuid, step.type);
					else if (step.kind === 'poll') await pollOnce();
					else server.injectFault({ kind: 'status', status: 500 }, 1, (r) => r.path.endsWith(step.what === '/pings/' ? '/pings/' : check.uuid));
				}
				server.clearFaults();
				await pollOnce();
				// Every ping is either emitted once or reported lost once, never both.
				const all = check.pings.map((p) => p.n);
				expect([...emitted, ...lost].sort((a, b) => a - b)).toEqual(all);
				expect(emitted).toEqual([...emitted].sort((a, b) => a - b));
			},
		),
		{ numRuns: 60, seed: Number(process.env.FC_SEED ?? 20261124) },
	);
});
