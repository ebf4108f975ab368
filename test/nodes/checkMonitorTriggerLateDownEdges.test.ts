/**
 * Check Monitor Trigger, New Flip for All Checks: which "down" rows wait for their late flip
 * (only a row newly down: after one that was not down), a check read for it with no flip
 * since its floor, and a sweep round longer than Full Sweep Every. The alert worker does not
 * run unless a test says so (sendAlerts): a timeout shows in the list, its flip is not
 * written. A new file, so that the mutation state of the other trigger tests stays valid
 * (docs/mutation.md).
 */
import type { IDataObject } from 'n8n-workflow';
import { allChecksFlipTrigger, type FlipPoller } from '../support/allChecksFlipTrigger';
import { useCheckMonitorServer } from '../support/setup';
import { useVirtualClock } from '../support/virtualClock';

const cm = useCheckMonitorServer();
const { server } = cm;
const clock = useVirtualClock(server);
const checks = allChecksFlipTrigger(cm, clock);
const { flips, flipsRead, minuteLater } = checks;
/** Every check here carries the tag `prod`, the filter's (one test tags a check in). */
const poller = (options: Record<string, unknown>, more: { pollBudgetMs?: number; staticData?: IDataObject } = {}) => checks.poller(options, { ...more, tags: 'prod' });
const seed = (n: number, fields: Record<string, unknown> = {}) => checks.seed(n, { tags: 'prod', ...fields });
/** The checks whose flips each of `count` polls a minute apart read. */
async function readsOfPolls(trigger: FlipPoller, count: number): Promise<string[][]> {
	const reads: string[][] = [];
	for (let poll = 0; poll < count; poll++) {
		await minuteLater(trigger);
		reads.push(flipsRead());
	}
	return reads;
}

test('a check tagged into the filter already down, its flip not written: read once, not waited for (it has no earlier row that was up)', async () => {
	seed(1);
	const late = seed(2, { tags: 'dev', timeout: 60, grace: 60 });
	server.receivePing(late.uuid);
	const trigger = poller({ fullSweepMinutes: 0, lookBackMinutes: 60 });
	await trigger.poll();
	clock.advance(180);
	expect(server.computedStatus(late)).toBe('down');
	server.checks.get(late.uuid)!.tags = 'dev prod';
	expect(await readsOfPolls(trigger, 3)).toEqual([['c2'], [], []]);
});

test('a check down (its row recorded after a Late Flip Window) whose row changes while still down: read once, not waited for again', async () => {
	const check = seed(1, { timeout: 60, grace: 60 });
	server.receivePing(check.uuid);
	const trigger = poller({ fullSweepMinutes: 0, lookBackMinutes: 3 });
	await trigger.poll();
	// 2: grace; 3: down, waited for; 4, 5; 6: a Late Flip Window on, the row recorded.
	expect((await readsOfPolls(trigger, 7)).map((read) => read.length)).toEqual([0, 1, 1, 1, 1, 1, 0]);
	// A start signal: the row changes (pings count, started), the status stays down.
	server.receivePing(check.uuid, 'start');
	expect(server.computedStatus(check)).toBe('down');
	expect(await readsOfPolls(trigger, 3)).toEqual([['c1'], [], []]);
});

test('a check newly down whose flips since its floor are none (its last flip older than the Late Flip Window at activation): waited for, then its late flip reported', async () => {
	const check = seed(1, { timeout: 7200, grace: 60 });
	server.receivePing(check.uuid);
	clock.advance(3600);
	const trigger = poller({ fullSweepMinutes: 0, lookBackMinutes: 3 });
	await trigger.poll();
	// Past its timeout and grace: the list shows it down, no flip written, none since the floor.
	clock.advance(3720);
	expect(server.computedStatus(check)).toBe('down');
	server.clearLog();
	expect(await trigger.poll()).toBeNull();
	expect(flipsRead()).toEqual(['c1']);
	server.sendAlerts();
	expect(flips(await minuteLater(trigger))).toEqual([['c1', 0, 'down']]);
});

test('a sweep round longer than Full Sweep Every goes on where it stopped, rather than starting over (the checks at the end of the list would never be swept)', async () => {
	for (const n of [1, 2, 3, 4]) seed(n);
	const activate = poller({ fullSweepMinutes: 1 });
	await activate.poll();
	// No time: one read a poll beyond the list.
	const trigger = poller({ fullSweepMinutes: 1 }, { pollBudgetMs: 0, staticData: activate.staticData });
	expect(await readsOfPolls(trigger, 6)).toEqual([['c1'], ['c2'], ['c3'], ['c4'], ['c1'], ['c2']]);
});
