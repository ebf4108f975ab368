/**
 * New Flip, one check (nodes/CheckMonitorTrigger/newFlipOneCheck.ts): each flip exactly once,
 * named; what its state is keyed on; Fetch Test Event.
 */
import { byId } from '../../harness/engine';
import { flipTrigger } from '../support/flipTrigger';
import { useCheckMonitorServer } from '../support/setup';

describe('New Flip, one check: each flip exactly once, naming its check', () => {
	const cm = useCheckMonitorServer();
	const { server } = cm;
	const { poller, flips } = flipTrigger(cm);

	test('one check: first poll emits nothing; then each flip once, named; nothing new costs 1 request', async () => {
		const check = server.seedCheck({ name: 'backup' });
		server.receivePing(check.uuid);
		const trigger = poller({
			scope: 'one',
			checkId: { __rl: true, mode: 'id', value: check.uuid },
		});
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
		expect(result![0][0].json.check).toMatchObject({
			id: check.uuid,
			uuid: check.uuid,
			name: 'backup',
		});
		expect(await trigger.poll()).toBeNull();
	});

	test('pause and resume are reported as what they are', async () => {
		const check = server.seedCheck({ name: 'db' });
		const trigger = poller({
			scope: 'one',
			checkId: { __rl: true, mode: 'id', value: check.uuid },
		});
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
		const trigger = poller({
			scope: 'one',
			checkId: { __rl: true, mode: 'id', value: check.uuid },
		});
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
		const trigger = poller({
			scope: 'one',
			checkId: { __rl: true, mode: 'id', value: check.uuid },
		});
		await trigger.poll();
		server.receivePing(check.uuid);
		await trigger.poll();
		server.seedFlip(check.uuid, new Date(Date.now() - 10 * 60_000), 0);
		check.status = 'down';
		expect(flips(await trigger.poll())).toEqual([['late', 0, 'down']]);
		expect(await trigger.poll()).toBeNull();
	});

	test('manual mode returns the newest flip without moving the cursor', async () => {
		const check = server.seedCheck({ name: 'm' });
		const trigger = poller({
			scope: 'one',
			checkId: { __rl: true, mode: 'id', value: check.uuid },
		});
		await trigger.poll();
		const before = JSON.stringify(trigger.staticData);
		server.receivePing(check.uuid);
		expect(flips(await trigger.poll('manual'))).toEqual([['m', 1, 'up']]);
		expect(JSON.stringify(trigger.staticData)).toBe(before);
		expect(flips(await trigger.poll())).toEqual([['m', 1, 'up']]);
	});
});

describe('New Flip, one check: state and Fetch Test Event', () => {
	const cm = useCheckMonitorServer();
	const { server } = cm;
	const { poller, flips, seed } = flipTrigger(cm);

	describe('state: what it is kept for', () => {
		test("One Check: choosing another check starts afresh; that check's earlier flips are not emitted", async () => {
			const a = seed(1, { name: 'a' });
			const b = seed(2, { name: 'b' });
			const first = poller({ scope: 'one', checkId: byId(a.uuid) });
			expect(await first.poll()).toBeNull();
			server.receivePing(a.uuid, 'fail');
			expect(flips(await first.poll())).toEqual([['a', 0, 'down']]);
			// b flips after the trigger started watching a; then the user picks b.
			server.receivePing(b.uuid, 'fail');
			const second = poller(
				{ scope: 'one', checkId: byId(b.uuid) },
				{ staticData: first.staticData },
			);
			server.clearLog();
			expect(await second.poll()).toBeNull();
			expect(server.requestLines()).toEqual([
				`GET /api/v3/checks/${b.uuid}/flips/?start=${server.requests[0].query[0][1]}`,
			]);
			// Starting afresh: the floor is the look-back window before now (60 minutes).
			expect(Number(server.requests[0].query[0][1])).toBeGreaterThanOrEqual(
				Math.floor(Date.now() / 1000) - 3600 - 5,
			);
			server.receivePing(b.uuid);
			expect(flips(await second.poll())).toEqual([['b', 1, 'up']]);
			expect(await second.poll()).toBeNull();
		});
	});

	describe('Fetch Test Event', () => {
		test('One Check without flips: nothing, at the cost of one request (all flips, no start)', async () => {
			const check = seed(1);
			const trigger = poller({ scope: 'one', checkId: byId(check.uuid) });
			expect(await trigger.poll('manual')).toBeNull();
			expect(server.requestLines()).toEqual([`GET /api/v3/checks/${check.uuid}/flips/`]);
		});
	});
});

/** What a user sees differently on each check-monitor server release (docs/api/check-monitor.md, "Server versions"). */
describe('server versions', () => {
	const cm = useCheckMonitorServer();
	const { server } = cm;
	const { poller: trigger } = flipTrigger(cm);

	describe('Check → Pause of a paused check', () => {
		test.each([
			['3.13', 1],
			['4.0', 0],
			['4.3', 0],
		] as const)(
			'on %s, New Flip for one check (any status) emits %i item(s) for a second pause',
			async (version, emitted) => {
				server.version = version;
				const check = server.seedCheck({ name: 'backup' });
				const poller = trigger({ scope: 'one', checkId: byId(check.uuid) });
				expect(await poller.poll()).toBeNull();
				server.pause(check.uuid);
				expect((await poller.poll())?.[0].map((item) => item.json.to)).toEqual(['paused']);
				server.pause(check.uuid);
				const second = await poller.poll();
				expect(second?.[0].length ?? 0).toBe(emitted);
				if (emitted) expect(second?.[0][0].json).toMatchObject({ up: 0, to: 'paused' });
			},
		);
	});
});
