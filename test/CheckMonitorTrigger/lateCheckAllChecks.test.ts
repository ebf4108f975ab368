/**
 * Late Check for All Checks (nodes/CheckMonitorTrigger/lateCheckAllChecks.ts): each lateness of
 * every listed check once, from the check list alone; what ends a lateness and what starts a
 * new one; checks first listed; the Tags filter; the item; Fetch Test Event.
 */
import { CM_READ_ONLY_KEY, CheckMonitorServer } from '../../harness/servers/checkMonitorServer';
import { lateCheckTrigger } from '../support/lateCheckTrigger';
import { useCheckMonitorServer } from '../support/setup';
import { useVirtualClock } from '../support/virtualClock';

const cm = useCheckMonitorServer();
const { server } = cm;
const clock = useVirtualClock(server);
const { poller, late, seed, at, later } = lateCheckTrigger(cm, clock);

test('a check that becomes late is emitted once, with its check, when it became late and when it goes down; every poll is the list alone', async () => {
	const check = seed(1, { slug: 'backup', tags: 'prod db' });
	seed(2);
	server.receivePing(check.uuid);
	const trigger = poller();
	expect(await trigger.poll()).toBeNull();
	expect(server.requestLines()).toEqual(['GET /api/v3/checks/']);
	expect(await later(trigger, 30)).toBeNull();
	const lateSince = at(30);
	const result = await later(trigger, 45);
	expect(result?.[0].map((item) => item.json)).toEqual([
		{
			check: {
				id: check.uuid,
				uuid: check.uuid,
				name: 'c1',
				slug: 'backup',
				tags: 'prod db',
				status: 'grace',
			},
			lateSince,
			downAt: at(-15 + 600),
			lastPing: at(-75),
		},
	]);
	expect(server.requestLines()).toEqual(['GET /api/v3/checks/']);
	// Still late: nothing more, one request a poll.
	for (let i = 0; i < 3; i++) {
		expect(await later(trigger)).toBeNull();
		expect(server.requests).toHaveLength(1);
	}
});

test('late, then down, then up: the lateness ended; late again after the ping is a new one', async () => {
	const check = seed(1);
	server.receivePing(check.uuid);
	const trigger = poller();
	await trigger.poll();
	expect(late(await later(trigger, 61))).toEqual([['c1', at(-1), at(599)]]);
	// Past its grace: down (the alert worker has written it or not), nothing emitted.
	expect(await later(trigger, 600)).toBeNull();
	server.sendAlerts();
	expect(await later(trigger)).toBeNull();
	server.receivePing(check.uuid);
	expect(await later(trigger, 30)).toBeNull();
	expect(late(await later(trigger, 31))).toEqual([['c1', at(-1), at(599)]]);
	expect(await later(trigger)).toBeNull();
});

test('late, pinged and late again between two polls (never seen up): a new lateness', async () => {
	const check = seed(1);
	server.receivePing(check.uuid);
	const trigger = poller();
	await trigger.poll();
	expect(late(await later(trigger, 61))).toHaveLength(1);
	clock.advance(30);
	server.receivePing(check.uuid);
	expect(late(await later(trigger, 61))).toEqual([['c1', at(-1), at(599)]]);
});

test('late, then up (a longer timeout), then late again after the same ping: the lateness had ended, a new one', async () => {
	const check = seed(1);
	server.receivePing(check.uuid);
	const trigger = poller();
	await trigger.poll();
	expect(late(await later(trigger, 61))).toHaveLength(1);
	check.timeout = 3600;
	expect(await later(trigger)).toBeNull();
	check.timeout = 60;
	expect(late(await later(trigger))).toHaveLength(1);
});

test('a timeout changed while the check stays late: the same lateness (it follows the same ping), not emitted again', async () => {
	const check = seed(1, { timeout: 120 });
	server.receivePing(check.uuid);
	const trigger = poller();
	await trigger.poll();
	expect(late(await later(trigger, 121))).toEqual([['c1', at(-1), at(599)]]);
	check.timeout = 90;
	expect(await later(trigger)).toBeNull();
});

test('a check already late at activation is not new; a pause ends its lateness', async () => {
	const check = seed(1);
	server.receivePing(check.uuid);
	clock.advance(90);
	const trigger = poller();
	expect(await trigger.poll()).toBeNull();
	expect(await later(trigger)).toBeNull();
	server.pause(check.uuid);
	expect(await later(trigger)).toBeNull();
	server.resume(check.uuid);
	server.receivePing(check.uuid);
	expect(late(await later(trigger, 61))).toEqual([['c1', at(-1), at(599)]]);
});

test('several late in one poll: oldest lateness first, whatever their id order', async () => {
	const [c1, c2, c3] = [seed(1), seed(2), seed(3)];
	const trigger = poller();
	await trigger.poll();
	server.receivePing(c3.uuid);
	clock.advance(5);
	server.receivePing(c1.uuid);
	clock.advance(5);
	server.receivePing(c2.uuid);
	expect(late(await later(trigger, 61)).map(([name]) => name)).toEqual(['c3', 'c1', 'c2']);
});

test('a cron check: late from the time its schedule fired after the last ping; a running start: down a grace after it', async () => {
	// The clock starts at 2026-11-27T00:00:00Z.
	const cron = seed(1, { kind: 'cron', schedule: '*/15 * * * *', grace: 300 });
	const started = seed(2, { timeout: 600, grace: 420 });
	server.receivePing(cron.uuid);
	server.receivePing(started.uuid);
	const trigger = poller();
	await trigger.poll();
	clock.advance(540);
	server.receivePing(started.uuid, 'start');
	expect(late(await later(trigger, 361))).toEqual([
		// Due 10 minutes after its ping, running since a start at 9: down 7 minutes after the start.
		['c2', '2026-11-27T00:10:00+00:00', '2026-11-27T00:16:00+00:00'],
		['c1', '2026-11-27T00:15:00+00:00', '2026-11-27T00:20:00+00:00'],
	]);
});

test('Tags: only checks carrying every tag, asked of the server; other tags start afresh', async () => {
	const prod = seed(1, { tags: 'prod db' });
	const dev = seed(2, { tags: 'dev' });
	server.receivePing(prod.uuid);
	server.receivePing(dev.uuid);
	const trigger = poller({ tags: 'prod  db' });
	await trigger.poll();
	expect(late(await later(trigger, 61)).map(([name]) => name)).toEqual(['c1']);
	expect(server.requestLines()).toEqual(['GET /api/v3/checks/?tag=prod&tag=db']);
	// The same node polling with other tags: a start of its own, the check late already not new.
	const other = poller({ tags: 'dev' }, { staticData: trigger.staticData });
	expect(await other.poll()).toBeNull();
	expect(await later(other)).toBeNull();
});

test('a check first listed: late since after the last poll is new; late since before it (tagged into the filter while late) is not', async () => {
	const trigger = poller({ tags: 'prod' });
	await trigger.poll();
	const tagged = seed(1);
	server.receivePing(tagged.uuid);
	clock.advance(61);
	expect(await later(trigger)).toBeNull();
	tagged.tags = 'prod';
	expect(await later(trigger)).toBeNull();
	// Created and pinged since the last poll, late by this one.
	const created = seed(2, { tags: 'prod' });
	server.receivePing(created.uuid);
	expect(late(await later(trigger, 61))).toEqual([['c2', at(-1), at(599)]]);
	// The tagged one's next lateness is new.
	server.receivePing(tagged.uuid);
	expect(late(await later(trigger, 61)).map(([name]) => name)).toEqual(['c1']);
});

test('a read-only key: the check is named by its unique key', async () => {
	const check = seed(1);
	server.receivePing(check.uuid);
	const trigger = poller({}, { apiKey: CM_READ_ONLY_KEY });
	await trigger.poll();
	const result = await later(trigger, 61);
	expect(result?.[0][0].json.check).toEqual({
		id: CheckMonitorServer.uniqueKey(check.uuid),
		unique_key: CheckMonitorServer.uniqueKey(check.uuid),
		name: 'c1',
		slug: '',
		tags: '',
		status: 'grace',
	});
});

test('a failed list loses and repeats nothing', async () => {
	const check = seed(1);
	server.receivePing(check.uuid);
	const trigger = poller();
	await trigger.poll();
	clock.advance(61);
	server.injectFault({ kind: 'status', status: 500 }, 3);
	await expect(trigger.poll()).rejects.toThrow('The Check Monitor API failed with HTTP 500');
	expect(late(await later(trigger))).toHaveLength(1);
	expect(await later(trigger)).toBeNull();
});

test('Fetch Test Event: the newest lateness, the state untouched; nothing late, nothing', async () => {
	const [c1, c2] = [seed(1), seed(2)];
	const trigger = poller();
	expect(await trigger.poll('manual')).toBeNull();
	await trigger.poll();
	server.receivePing(c2.uuid);
	clock.advance(5);
	server.receivePing(c1.uuid);
	clock.advance(61);
	const before = JSON.stringify(trigger.staticData);
	expect(late(await trigger.poll('manual'))).toEqual([['c1', at(-1), at(599)]]);
	expect(JSON.stringify(trigger.staticData)).toBe(before);
	expect(late(await trigger.poll()).map(([name]) => name)).toEqual(['c2', 'c1']);
});

test.each([20, 150])(
	'%i checks: one request a poll, when nothing changed and when one became late',
	async (n) => {
		const checks = Array.from({ length: n }, (_, i) => seed(i + 1, { timeout: 3600 }));
		for (const check of checks) server.receivePing(check.uuid);
		const trigger = poller();
		await trigger.poll();
		expect(server.requests).toHaveLength(1);
		expect(await later(trigger)).toBeNull();
		expect(server.requests).toHaveLength(1);
		checks[n - 3].timeout = 60;
		expect(late(await later(trigger)).map(([name]) => name)).toEqual([`c${n - 2}`]);
		expect(server.requests).toHaveLength(1);
	},
);

test('a state saved by the earlier code (lateState, UNIX seconds) is gone on from, and saved again in that shape', async () => {
	const [listed, tagged] = [seed(1), seed(2)];
	server.receivePing(listed.uuid);
	server.receivePing(tagged.uuid);
	// The last poll, 70 s after both pings, listed c1 before it was late and not c2 (tagged
	// into the filter since), both late since 60 s after their ping.
	const polledAt = clock.seconds() + 70;
	const lateState = { key: 'late:all:', polledAt, checks: { [listed.uuid]: '' } };
	const trigger = poller({}, { staticData: { 'node:Trigger': { lateState } } });
	expect(late(await later(trigger, 75))).toEqual([['c1', at(-15), at(585)]]);
	expect(trigger.staticData['node:Trigger']).toMatchObject({
		lateState: {
			key: 'late:all:',
			polledAt: polledAt + 5,
			checks: { [listed.uuid]: at(-75), [tagged.uuid]: at(-75) },
		},
	});
});
