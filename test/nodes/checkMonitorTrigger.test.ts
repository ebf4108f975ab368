/** Check Monitor Trigger: each flip exactly once, naming its check. */
import fc from 'fast-check';
import { createPoller } from '../support/engine';
import { useCheckMonitorServer } from '../support/setup';
import { CM_READ_ONLY_KEY, CheckMonitorServer, isoSeconds } from '../support/servers/checkMonitorServer';

const { server, credentials } = useCheckMonitorServer();
const FAST = { requestsPerMinute: 600_000 };

const poller = (parameters: Record<string, unknown>, apiKey?: string) =>
	createPoller({ type: 'checkMonitorTrigger', parameters: { event: 'newFlip', options: FAST, ...parameters } as never, credentials: credentials(apiKey) });
const flips = (batches: Array<Array<{ json: Record<string, unknown> }>> | null) =>
	(batches?.[0] ?? []).map((i) => [(i.json.check as { name: string }).name, i.json.up, i.json.to]);

test('one check: first poll emits nothing; then each flip once, named; nothing new costs 1 request', async () => {
	const check = server.seedCheck({ name: 'backup' });
	server.receivePing(check.uuid);
	const trigger = poller({ scope: 'one', checkId: { __rl: true, mode: 'id', value: check.uuid } });
	expect(await trigger.poll()).toBeNull();
	server.clearLog();
	expect(await trigger.poll()).toBeNull();
	expect(server.requests).toHaveLength(1);
	expect(server.requests[0].path).toBe(`/api/v3/checks/${check.uuid}/flips/`);
	expect(server.requests[0].query[0][0]).toBe('start');
	server.receivePing(check.uuid, 'fail');
	server.receivePing(check.uuid);
	const result = await trigger.poll();
	expect(flips(result)).toEqual([
		['backup', 0, 'not up'],
		['backup', 1, 'up'],
	]);
	expect(result![0][0].json.check).toMatchObject({ id: check.uuid, uuid: check.uuid, name: 'backup' });
	expect(await trigger.poll()).toBeNull();
});

test('pause and resume are reported as what they are', async () => {
	const check = server.seedCheck({ name: 'db' });
	const trigger = poller({ scope: 'one', checkId: { __rl: true, mode: 'id', value: check.uuid } });
	await trigger.poll();
	server.receivePing(check.uuid);
	server['setStatus'](check, 'paused');
	expect(flips(await trigger.poll())).toEqual([
		['db', 1, 'up'],
		['db', 0, 'paused'],
	]);
	server['setStatus'](check, 'new');
	expect(flips(await trigger.poll())).toEqual([['db', 0, 'new']]);
});

test('two identical flips in the same second are both reported', async () => {
	const check = server.seedCheck({ name: 'x' });
	const trigger = poller({ scope: 'one', checkId: { __rl: true, mode: 'id', value: check.uuid } });
	await trigger.poll();
	const at = new Date(Math.floor(Date.now() / 1000) * 1000 + 200);
	server.seedFlip(check.uuid, at, 0, 'paused');
	server.seedFlip(check.uuid, at, 0, 'paused');
	expect(await trigger.poll().then((r) => r?.[0].length)).toBe(2);
	server.seedFlip(check.uuid, at, 0, 'paused');
	expect(await trigger.poll().then((r) => r?.[0].length)).toBe(1);
	expect(await trigger.poll()).toBeNull();
});

test('a late-written timeout flip (dated in the past) is caught within the window', async () => {
	const check = server.seedCheck({ name: 'late', status: 'down' });
	const trigger = poller({ scope: 'one', checkId: { __rl: true, mode: 'id', value: check.uuid } });
	await trigger.poll();
	server.receivePing(check.uuid);
	await trigger.poll();
	server.seedFlip(check.uuid, new Date(Date.now() - 10 * 60_000), 0);
	check.status = 'down';
	expect(flips(await trigger.poll())).toEqual([['late', 0, 'down']]);
	expect(await trigger.poll()).toBeNull();
});

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
		['/api/v3/checks/', `/api/v3/checks/${a.uuid}/flips/`, `/api/v3/checks/${b.uuid}/flips/`].sort(),
	);
	expect(server.requestLines()[0]).toBe('GET /api/v3/checks/?tag=prod');
});

test.each([
	['a read-write key', undefined],
	['a read-only key', CM_READ_ONLY_KEY],
])('all checks (%s): flips after the list was read: a check read for its flips is named from its status read again; another check comes at the next poll', async (_key, apiKey) => {
	const a = server.seedCheck({ name: 'a' });
	const b = server.seedCheck({ name: 'b' });
	server.receivePing(a.uuid);
	server.receivePing(b.uuid);
	const trigger = poller({ scope: 'all' }, apiKey);
	await trigger.poll();
	server.clearLog();
	// a failed and recovered: the list shows a changed, b not. While the trigger reads a's
	// flips, a fails again (its newest flip is a down the list did not show) and so does b.
	server.receivePing(a.uuid, 'fail');
	server.receivePing(a.uuid);
	const isFlipsOf = (check: { uuid: string }) => (req: { path: string }) =>
		req.path.endsWith('/flips/') && (req.path.includes(check.uuid) || req.path.includes(CheckMonitorServer.uniqueKey(check.uuid)));
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
	expect([server.requests.some(isFlipsOf(a)), server.requests.some(isFlipsOf(b))]).toEqual([true, true]);
	expect(await trigger.poll()).toBeNull();
});

test('all checks: Fetch Test Event names the newest flip from the status read with it', async () => {
	const a = server.seedCheck({ name: 'a' });
	server.receivePing(a.uuid);
	const trigger = poller({ scope: 'all' });
	server.whenRequested((req) => req.path.endsWith('/flips/'), () => server.receivePing(a.uuid, 'fail'));
	expect(flips(await trigger.poll('manual'))).toEqual([['a', 0, 'down']]);
});

test('all checks, up flips only: a new down flip costs no read of its check', async () => {
	const a = server.seedCheck({ name: 'a' });
	const trigger = poller({ scope: 'all', direction: 'up' });
	await trigger.poll();
	server.clearLog();
	server.receivePing(a.uuid, 'fail');
	expect(await trigger.poll()).toBeNull();
	expect(server.requestLines()).toEqual(['GET /api/v3/checks/', `GET /api/v3/checks/${a.uuid}/flips/?start=${server.requests[1].query[0][1]}`]);
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
	expect(Object.keys((trigger.staticData['node:Trigger'] as any).state.checks)).toEqual([late.uuid]);
});

test('all checks with a read-only key: flips by unique key', async () => {
	const check = server.seedCheck({ name: 'ro' });
	const trigger = poller({ scope: 'all' }, CM_READ_ONLY_KEY);
	await trigger.poll();
	server.receivePing(check.uuid);
	const result = await trigger.poll();
	expect(flips(result)).toEqual([['ro', 1, 'up']]);
	expect(result![0][0].json.check).toMatchObject({ id: CheckMonitorServer.uniqueKey(check.uuid) });
});

test('pacing: requests in All Checks mode are spaced to the requests-per-minute setting', async () => {
	for (let i = 0; i < 3; i++) server.seedCheck({ name: `c${i}` });
	const trigger = poller({ scope: 'all', options: { requestsPerMinute: 600 } });
	const started = Date.now();
	await trigger.poll();
	expect(Date.now() - started).toBeGreaterThanOrEqual(3 * 100 - 5);
});

test('a 500 during an all-checks poll loses and repeats nothing', async () => {
	const a = server.seedCheck({ name: 'a' });
	const b = server.seedCheck({ name: 'b' });
	const trigger = poller({ scope: 'all' });
	await trigger.poll();
	server.receivePing(a.uuid);
	server.receivePing(b.uuid);
	// Three 500s: the read's retries are used up and the poll fails.
	server.injectFault({ kind: 'status', status: 500 }, 3, (r) => r.path.endsWith('/flips/') && r.path.includes(b.uuid));
	await expect(trigger.poll()).rejects.toThrow('The Check Monitor API failed with HTTP 500');
	expect(flips(await trigger.poll()).map((f) => f[0]).sort()).toEqual(['a', 'b']);
	expect(await trigger.poll()).toBeNull();
});

test('manual mode returns the newest flip without moving the cursor', async () => {
	const check = server.seedCheck({ name: 'm' });
	const trigger = poller({ scope: 'one', checkId: { __rl: true, mode: 'id', value: check.uuid } });
	await trigger.poll();
	const before = JSON.stringify(trigger.staticData);
	server.receivePing(check.uuid);
	expect(flips(await trigger.poll('manual'))).toEqual([['m', 1, 'up']]);
	expect(JSON.stringify(trigger.staticData)).toBe(before);
	expect(flips(await trigger.poll())).toEqual([['m', 1, 'up']]);
});

test('randomized: flips (same-second, late-written), polls, failures and restarts: each flip exactly once', async () => {
	await fc.assert(
		fc.asyncProperty(
			fc.array(
				fc.oneof(
					fc.record({ kind: fc.constant('flip' as const), check: fc.integer({ min: 0, max: 2 }), up: fc.constantFrom(0, 1) as fc.Arbitrary<0 | 1>, lateSeconds: fc.integer({ min: 0, max: 1800 }) }),
					fc.record({ kind: fc.constant('poll' as const) }),
					fc.record({ kind: fc.constant('fail' as const), check: fc.integer({ min: 0, max: 2 }) }),
				),
				{ minLength: 3, maxLength: 40 },
			),
			async (steps) => {
				server.reset();
				const checks = [0, 1, 2].map((i) => server.seedCheck({ name: `c${i}` }));
				const trigger = poller({ scope: 'all' });
				await trigger.poll();
				const expected: string[] = [];
				const seen: string[] = [];
				const pollOnce = async () => {
					try {
						const result = await trigger.poll();
						for (const item of result?.[0] ?? []) seen.push(JSON.stringify([(item.json.check as any).name, item.json.timestamp, item.json.up]));
					} catch {
						// nothing emitted; the next poll catches up
					}
				};
				for (const step of steps) {
					if (step.kind === 'flip') {
						const at = new Date(Date.now() - step.lateSeconds * 1000);
						server.seedFlip(checks[step.check].uuid, at, step.up);
						// The list shows it as it shows a ping's flip (flips the list cannot show
						// are checkMonitorTriggerSweep*.test.ts's).
						checks[step.check].n_pings++;
						expected.push(JSON.stringify([`c${step.check}`, isoSeconds(at), step.up]));
					} else if (step.kind === 'poll') await pollOnce();
					else server.injectFault({ kind: 'status', status: 500 }, 1, (r) => r.path.includes(checks[step.check].uuid));
				}
				server.clearFaults();
				await pollOnce();
				expect([...seen].sort()).toEqual([...expected].sort());
			},
		),
		{ numRuns: 60, seed: Number(process.env.FC_SEED ?? 20261122) },
	);
});

test('n8n before 2.38 (no poll budget function): both scopes activate, emit and fetch a test event', async () => {
	for (const scope of ['one', 'all']) {
		server.reset();
		const check = server.seedCheck({ name: 'backup' });
		server.receivePing(check.uuid);
		const trigger = createPoller({
			type: 'checkMonitorTrigger',
			parameters: { event: 'newFlip', options: FAST, scope, checkId: { __rl: true, mode: 'id', value: check.uuid } } as never,
			credentials: credentials(),
			pollBudgetMs: 'unavailable',
		});
		expect(await trigger.poll()).toBeNull();
		expect(flips(await trigger.poll('manual'))).toEqual([['backup', 1, 'up']]);
		server.receivePing(check.uuid, 'fail');
		expect([scope, flips(await trigger.poll())]).toEqual([scope, [['backup', 0, 'down']]]);
	}
});

test.each([
	['New Flip of one check', { event: 'newFlip', scope: 'one' }],
	['New Ping', { event: 'newPing' }],
])('%s: a check an expression gives as blank is refused before any request', async (_name, parameters) => {
	const trigger = poller({ ...parameters, checkId: { __rl: true, mode: 'id', value: '={{ " " }}' } });
	const failure = trigger.poll();
	await expect(failure).rejects.toThrow('Check: is empty');
	// The same words as the actions' (transport's readIdParameter).
	await expect(failure).rejects.toMatchObject({ description: 'Pick one from the list or enter its ID.' });
	expect(server.requests).toHaveLength(0);
});
