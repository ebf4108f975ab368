/**
 * Check Monitor Trigger, New Ping for All Checks: the cursor belongs to one tag filter
 * (other tags start afresh, as New Flip does), a check first listed counts its pings from
 * the very second the poll before started, and Fetch Test Event picks the check pinged last
 * (by the list's last ping: a success or a failure) wherever the list puts it, within the
 * poll's time. A new file, so that the mutation state of the other trigger tests stays
 * valid (docs/mutation.md).
 */
import { allChecksPingTrigger } from '../support/allChecksPingTrigger';
import { useCheckMonitorServer } from '../support/setup';
import { useVirtualClock } from '../support/virtualClock';

const cm = useCheckMonitorServer();
const { server } = cm;
const clock = useVirtualClock(server);
const { poller, pings, pingsRead, seed, retag, minuteLater } = allChecksPingTrigger(cm, clock);

test.each([
	['prod', 'db'],
	// Tags that run together the same are another filter too.
	['ab c', 'a bc'],
])('other tags start afresh (%j, then %j): the pings of a check only the new tags hold, from before the change, are not emitted', async (before, after) => {
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
});

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
	expect(pings(await poller('', { options: { pingTypes: ['fail'] }, staticData: activate.staticData }).poll('manual'))).toEqual([['c2', 1, 'fail']]);
	expect(pingsRead()).toEqual(['c1', 'c2']);
	server.clearLog();
	expect(await poller('', { options: { pingTypes: ['fail'] }, pollBudgetMs: 0, staticData: activate.staticData }).poll('manual')).toBeNull();
	expect(pingsRead()).toEqual(['c1']);
});
