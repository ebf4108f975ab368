/**
 * Check Monitor Trigger, New Ping for All Checks, at its edges: a check first listed has no
 * gap to report; the list and the pings read disagreeing (a ping between the two, or a pings
 * read with none above what the list counted); the state keeping only the listed checks. A
 * new file, so that the mutation state of the other trigger tests stays valid
 * (docs/mutation.md).
 */
import { allChecksPingTrigger, type PollerOptions } from '../support/allChecksPingTrigger';
import { useCheckMonitorServer } from '../support/setup';
import { useVirtualClock } from '../support/virtualClock';

const cm = useCheckMonitorServer();
const { server } = cm;
const clock = useVirtualClock(server);
const checks = allChecksPingTrigger(cm, clock);
const { items, pings, pingsRead, seed, retag, minuteLater } = checks;
const poller = (more: PollerOptions = {}) => checks.poller('prod', more);
const pingsPathOf = (uuid: string) => `/api/v3/checks/${uuid}/pings/`;
const stateOf = (trigger: ReturnType<typeof poller>) => (trigger.staticData['node:Trigger'] as { pingState: unknown }).pingState;

test('a check created since the last poll: its pings are reported without a gap (there is no number to count from)', async () => {
	seed(1, 'prod');
	const trigger = poller();
	expect(await trigger.poll()).toBeNull();
	clock.advance(10);
	const b = seed(2, 'prod');
	server.receivePing(b.uuid);
	server.receivePing(b.uuid, 'fail');
	const emitted = items(await minuteLater(trigger));
	expect(emitted.map((json) => [(json.check as { name: string }).name, json.n, json.type, 'gap' in json])).toEqual([
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
	server.answerNextGet(pingsPathOf(a.uuid), { pings: [{ n: 1, type: 'success', date: new Date(clock.now()).toISOString() }] });
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
	expect(stateOf(trigger)).toEqual({ key: 'ping:all:prod', polledAt: clock.seconds(), lastN: { [a.uuid]: 1, [b.uuid]: 1 } });
	retag(b.uuid, 'dev');
	expect(await minuteLater(trigger)).toBeNull();
	expect(stateOf(trigger)).toEqual({ key: 'ping:all:prod', polledAt: clock.seconds(), lastN: { [a.uuid]: 1 } });
});
