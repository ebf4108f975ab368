/**
 * Check Monitor Trigger, New Ping for All Checks: a check first listed (tagged into the filter)
 * that a poll out of time could not read keeps the instant its pings count from, until it is
 * read or leaves the list. A new file, so that the mutation state of the other trigger tests
 * stays valid (docs/mutation.md).
 */
import { allChecksPingTrigger, type PollerOptions } from '../support/allChecksPingTrigger';
import { useCheckMonitorServer } from '../support/setup';
import { useVirtualClock } from '../support/virtualClock';

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
