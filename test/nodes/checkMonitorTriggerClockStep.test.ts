/**
 * Check Monitor Trigger: a clock stepped back during a poll (an NTP correction) does not stall
 * it: the wait before a request is at most one request spacing, and an unpaced poll (one
 * check) never waits, where a wait for the step would be an hour. Shown as the poll finishing
 * within 5 s of real time. A file of its own, so that the mutation state of the other trigger
 * tests stays valid (docs/mutation.md).
 */
import { allChecksFlipTrigger } from '../support/allChecksFlipTrigger';
import { createPoller } from '../support/engine';
import { finishesWithin } from '../support/finishesWithin';
import { useCheckMonitorServer } from '../support/setup';
import { useVirtualClock } from '../support/virtualClock';

const cm = useCheckMonitorServer();
const { server, credentials } = cm;
const clock = useVirtualClock(server);
const allChecks = allChecksFlipTrigger(cm, clock);

/** The clock steps back an hour when the first flips read arrives. */
const stepBackAtFirstFlipsRead = () => server.whenRequested((req) => req.path.endsWith('/flips/'), () => clock.advance(-3600));

test('one check (not paced): the clock stepped back an hour between its requests, the poll goes on at once', async () => {
	const check = server.seedCheck({ name: 'backup' });
	server.receivePing(check.uuid);
	const trigger = createPoller({
		type: 'checkMonitorTrigger',
		parameters: { event: 'newFlip', scope: 'one', checkId: { __rl: true, mode: 'id', value: check.uuid }, options: { requestsPerMinute: 600_000 } } as never,
		credentials: credentials(),
	});
	expect(await trigger.poll()).toBeNull();
	clock.advance(60);
	server.receivePing(check.uuid, 'fail');
	stepBackAtFirstFlipsRead();
	server.clearLog();
	const emitted = await finishesWithin(5000, trigger.poll());
	expect((emitted?.[0] ?? []).map((item) => item.json.to)).toEqual(['down']);
	// The flips, then the check read to name its newest flip: the request after the step.
	expect(server.requestPaths()).toEqual([`GET /api/v3/checks/${check.uuid}/flips/`, `GET /api/v3/checks/${check.uuid}`]);
});

test('all checks, paced at 6,000 a minute: the clock stepped back an hour during the poll, the poll goes on (it finishes within 5 s, not an hour)', async () => {
	const checks = [1, 2, 3].map((n) => allChecks.seed(n));
	for (const check of checks) server.receivePing(check.uuid);
	// 6,000 a minute: 10 ms apart.
	const trigger = allChecks.poller({ requestsPerMinute: 6000 });
	expect(await trigger.poll()).toBeNull();
	clock.advance(60);
	for (const check of checks) server.receivePing(check.uuid, 'fail');
	stepBackAtFirstFlipsRead();
	server.clearLog();
	const emitted = await finishesWithin(5000, trigger.poll());
	expect(allChecks.flips(emitted)).toEqual([
		['c1', 0, 'down'],
		['c2', 0, 'down'],
		['c3', 0, 'down'],
	]);
});
