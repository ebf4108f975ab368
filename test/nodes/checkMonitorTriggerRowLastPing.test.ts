/**
 * Check Monitor Trigger, New Flip for All Checks: the list row a poll compares includes the
 * check's last ping, because a resume clears it (real-server notes, manual_resume). A paused
 * check resumed and paused again between two polls is listed `paused` with the same pings
 * count both times; only its last ping, gone, shows the two flips, so the next poll reports
 * them instead of the sweep up to Full Sweep Every later. A file of its own, so that the
 * mutation state of the other trigger tests stays valid (docs/mutation.md).
 */
import { allChecksFlipTrigger } from '../support/allChecksFlipTrigger';
import { useCheckMonitorServer } from '../support/setup';
import { useVirtualClock } from '../support/virtualClock';

const cm = useCheckMonitorServer();
const { server } = cm;
const clock = useVirtualClock(server);
const { poller } = allChecksFlipTrigger(cm, clock);

test('a check pinged, paused, then resumed and paused again between two polls: the next poll reports both flips', async () => {
	const check = server.seedCheck({ name: 'Backup' });
	server.receivePing(check.uuid);
	server.pause(check.uuid);
	const trigger = poller({ fullSweepMinutes: 1440 });
	expect(await trigger.poll()).toBeNull();
	clock.advance(30);
	server.resume(check.uuid);
	server.pause(check.uuid);
	clock.advance(30);
	server.clearLog();
	const emitted = await trigger.poll();
	expect((emitted?.[0] ?? []).map((item) => item.json.to)).toEqual(['not up', 'paused']);
	// The list, the check's flips, and the check read to name its newest flip (away from up).
	expect(server.requestPaths()).toEqual([
		'GET /api/v3/checks/',
		`GET /api/v3/checks/${check.uuid}/flips/`,
		`GET /api/v3/checks/${check.uuid}`,
	]);
});
