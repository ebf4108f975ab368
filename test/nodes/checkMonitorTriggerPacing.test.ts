/**
 * Check Monitor Trigger, Max Requests per Minute: a request waits only for what is left of the
 * spacing since the one before it. The first request of a poll goes at once, and so does one
 * after a response that took longer than the spacing. A file of its own, so that the mutation
 * state of the other trigger tests stays valid (docs/mutation.md).
 */
import { allChecksFlipTrigger } from '../support/allChecksFlipTrigger';
import { finishesWithin } from '../support/finishesWithin';
import { useCheckMonitorServer } from '../support/setup';
import { useVirtualClock } from '../support/virtualClock';

const cm = useCheckMonitorServer();
const { server } = cm;
const clock = useVirtualClock(server);
const { poller } = allChecksFlipTrigger(cm, clock);

test('paced at 1 request a minute: the list goes at once, and the flips read after a list that took 61 s goes at once too', async () => {
	const check = server.seedCheck({ name: 'backup' });
	server.receivePing(check.uuid);
	const trigger = poller({ requestsPerMinute: 1 });
	// The list's answer takes 61 s by the clock the node reads.
	server.whenRequested((req) => req.path === '/api/v3/checks/', () => clock.advance(61));
	// A wait of a whole spacing would be 60 s: the poll fails at 5 s instead.
	expect(await finishesWithin(5000, trigger.poll())).toBeNull();
	expect(server.requestPaths()).toEqual(['GET /api/v3/checks/', `GET /api/v3/checks/${check.uuid}/flips/`]);
});
