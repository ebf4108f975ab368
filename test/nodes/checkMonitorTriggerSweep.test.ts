/**
 * Check Monitor Trigger, New Flip for All Checks: a poll reads the check list and the flips
 * only of the checks whose row changed (or that are new to the list); a sweep reads every
 * check's flips once per Full Sweep Every, for what the list cannot show (a pause and a
 * resume between two polls). The clock is virtual: polls a minute apart, an hour in a second.
 */
import type { IDataObject } from 'n8n-workflow';
import { allChecksFlipTrigger } from '../support/allChecksFlipTrigger';
import { useCheckMonitorServer } from '../support/setup';
import { useVirtualClock } from '../support/virtualClock';

const cm = useCheckMonitorServer();
const { server } = cm;
const clock = useVirtualClock(server);
const { poller, flips, uuidOf, seed, flipsRead, minuteLater } = allChecksFlipTrigger(cm, clock);

describe('what a poll costs over 1,000 checks', () => {
	test('a quiet poll is the list alone; k changed checks cost 1 + k, plus a read of each check whose newest flip is away from up (to name it)', async () => {
		const checks = Array.from({ length: 1000 }, (_, i) => seed(i + 1));
		for (const check of checks) server.receivePing(check.uuid);
		const trigger = poller();
		expect(await trigger.poll()).toBeNull();
		// Activation: where every check stands (the list and each check's flips).
		expect(server.requests).toHaveLength(1001);
		expect(await minuteLater(trigger)).toBeNull();
		expect(server.requestLines()).toEqual(['GET /api/v3/checks/']);
		// 10 checks go down: their flips, and each read again to name its down.
		for (const check of checks.slice(100, 110)) server.receivePing(check.uuid, 'fail');
		expect(flips(await minuteLater(trigger))).toEqual(checks.slice(100, 110).map((c) => [c.name, 0, 'down']));
		expect(server.requests).toHaveLength(1 + 10 + 10);
		// 10 come back up: up needs no naming read.
		for (const check of checks.slice(100, 110)) server.receivePing(check.uuid);
		expect(flips(await minuteLater(trigger))).toEqual(checks.slice(100, 110).map((c) => [c.name, 1, 'up']));
		expect(server.requests).toHaveLength(1 + 10);
		// A ping that flips nothing still changes the row: one flips read, nothing emitted.
		server.receivePing(checks[500].uuid, 'log');
		expect(await minuteLater(trigger)).toBeNull();
		expect(flipsRead()).toEqual(['c501']);
		expect(await minuteLater(trigger)).toBeNull();
		expect(server.requests).toHaveLength(1);
	});
});

describe('the sweep: what the list cannot show', () => {
	test('a pause and a resume between two polls leave the row as it was: their flips come with the sweep, within Full Sweep Every', async () => {
		const [c1, c2] = [seed(1), seed(2)];
		const trigger = poller({ fullSweepMinutes: 10 });
		expect(await trigger.poll()).toBeNull();
		clock.advance(30);
		server.pause(c1.uuid);
		server.resume(c1.uuid);
		const polls: Array<[number, number, unknown[]]> = [];
		for (let minute = 1; minute <= 12; minute++) {
			const emitted = flips(await minuteLater(trigger));
			polls.push([minute, server.requests.length, emitted]);
		}
		// Polls at 1.5, 2.5, ... minutes: the round starts at 9.5 (the poll at 10.5 would be
		// past the period since activation). Both checks' flips, and c1 read to name them.
		expect(polls.filter(([, requests]) => requests > 1)).toEqual([
			[
				9,
				4,
				[
					['c1', 0, 'paused'],
					['c1', 0, 'new'],
				],
			],
		]);
		expect(c2.flips).toEqual([]);
	});

	test('rounds come every Full Sweep Every, measured from the start of the last one; polls between cost 1 request', async () => {
		[1, 2, 3].forEach((n) => seed(n));
		const trigger = poller({ fullSweepMinutes: 5 });
		await trigger.poll();
		const sweeps: number[] = [];
		for (let minute = 1; minute <= 16; minute++) {
			await minuteLater(trigger);
			if (server.requests.length > 1) sweeps.push(minute);
			expect([minute, server.requests.length]).toEqual([minute, server.requests.length > 1 ? 4 : 1]);
		}
		expect(sweeps).toEqual([5, 10, 15]);
	});

	test('polls five minutes apart with a 12-minute sweep: a round every 10 minutes (the next one would be late)', async () => {
		seed(1);
		const trigger = poller({ fullSweepMinutes: 12 });
		await trigger.poll();
		const sweeps: number[] = [];
		for (let minute = 5; minute <= 40; minute += 5) {
			clock.advance(300);
			server.clearLog();
			await trigger.poll();
			if (server.requests.length > 1) sweeps.push(minute);
		}
		expect(sweeps).toEqual([10, 20, 30, 40]);
	});

	test('Full Sweep Every 0: no sweep, every poll is the list alone', async () => {
		const check = seed(1);
		const trigger = poller({ fullSweepMinutes: 0 });
		await trigger.poll();
		server.pause(check.uuid);
		server.resume(check.uuid);
		for (let minute = 1; minute <= 180; minute += 1) {
			expect(await minuteLater(trigger)).toBeNull();
			expect(server.requests).toHaveLength(1);
		}
	});

	test('a round that does not fit in one poll goes on where it stopped; each check once per round; changed checks first', async () => {
		const checks = [1, 2, 3, 4].map((n) => seed(n));
		const activate = poller({ fullSweepMinutes: 5 });
		await activate.poll();
		// No time: one read a poll beyond the list.
		const trigger = poller({ fullSweepMinutes: 5 }, { pollBudgetMs: 0, staticData: activate.staticData });
		const reads: Array<[number, string[]]> = [];
		for (let minute = 1; minute <= 11; minute++) {
			if (minute === 6) server.receivePing(checks[3].uuid);
			await minuteLater(trigger);
			reads.push([minute, flipsRead()]);
		}
		expect(reads).toEqual([
			[1, []],
			[2, []],
			[3, []],
			[4, []],
			[5, ['c1']],
			// c4 changed: read first; the sweep has no time left this poll.
			[6, ['c4']],
			[7, ['c2']],
			[8, ['c3']],
			[9, ['c4']],
			// The next round, 5 minutes after the last one started.
			[10, ['c1']],
			[11, ['c2']],
		]);
	});

	test('a timeout: the list shows the check down before the server writes its flip; the check is read again each poll, so the flip comes at the poll after it is written, not with the sweep', async () => {
		const check = seed(1, { timeout: 60, grace: 60 });
		server.receivePing(check.uuid);
		const trigger = poller({ fullSweepMinutes: 10, lookBackMinutes: 60 });
		await trigger.poll();
		const emitted: Array<[number, unknown[]]> = [];
		const reads: Array<[number, string[]]> = [];
		for (let minute = 1; minute <= 6; minute++) {
			// The alert worker runs late (its flip is written after the polls that saw "down").
			if (minute === 4) server.sendAlerts();
			const items = flips(await minuteLater(trigger));
			reads.push([minute, flipsRead()]);
			if (items.length) emitted.push([minute, items]);
		}
		expect(emitted).toEqual([[4, [['c1', 0, 'down']]]]);
		// 2: grace (its row changed); 3: down, its flip not written yet, so read again at 4,
		// where it is found (and the check read to name it); quiet after.
		expect(reads).toEqual([[1, []], [2, ['c1']], [3, ['c1']], [4, ['c1']], [5, []], [6, []]]);
	});

	test('a timeout whose flip the server never writes (no alert worker): the check is read each poll for a Late Flip Window, then left to the sweep', async () => {
		const check = seed(1, { timeout: 60, grace: 60 });
		server.receivePing(check.uuid);
		const trigger = poller({ fullSweepMinutes: 0, lookBackMinutes: 3 });
		await trigger.poll();
		const reads: number[] = [];
		for (let minute = 1; minute <= 8; minute++) {
			await minuteLater(trigger);
			if (flipsRead().length) reads.push(minute);
		}
		// 2: grace (its row changed); 3: down, the flip awaited from here; 4, 5: still none;
		// 6: a Late Flip Window (3 minutes) after 3, the row recorded; quiet after.
		expect(reads).toEqual([2, 3, 4, 5, 6]);
	});
});

describe('upgrading: a trigger running with the state of the earlier version', () => {
	/** The state as the earlier version wrote it: per check only the flip cursor; no rows, no sweep. */
	const earlierVersion = (staticData: IDataObject, resumeAt?: string) => {
		const state = (staticData['node:Trigger'] as { state: Record<string, unknown> }).state;
		const checks = state.checks as Record<string, Record<string, unknown>>;
		for (const cursor of Object.values(checks)) delete cursor.listed;
		delete state.sweepStartedAt;
		if (resumeAt) state.resumeAt = resumeAt;
		return staticData;
	};

	test('its first poll reads every check once: the flips seen before are not emitted again, the flips since are, once; then quiet polls cost 1 request', async () => {
		const checks = [1, 2, 3].map((n) => seed(n));
		for (const check of checks) server.receivePing(check.uuid);
		const before = poller();
		await before.poll();
		clock.advance(60);
		server.receivePing(checks[1].uuid, 'fail');
		// Flips the earlier version already emitted (its cursor saw them)...
		await before.poll();
		// ...and flips since its last poll, one of them the list cannot show.
		clock.advance(30);
		server.receivePing(checks[0].uuid, 'fail');
		server.pause(checks[2].uuid);
		const upgraded = poller({}, { staticData: earlierVersion(before.staticData, uuidOf(2)) });
		clock.advance(30);
		server.clearLog();
		expect(flips(await upgraded.poll())).toEqual([
			['c3', 0, 'paused'],
			['c1', 0, 'down'],
		]);
		// From where the earlier version stopped (c2), each check once, and the two named.
		expect(flipsRead()).toEqual(['c2', 'c3', 'c1']);
		expect(await minuteLater(upgraded)).toBeNull();
		expect(server.requests).toHaveLength(1);
		// Now the rows are known: the next pause and resume show in the list.
		server.resume(checks[2].uuid);
		expect(flips(await minuteLater(upgraded))).toEqual([['c3', 0, 'new']]);
	});
});

describe('options from expressions: checked before any request', () => {
	test.each([
		[{ fullSweepMinutes: '={{ -1 }}' }, 'Full Sweep Every (Minutes): must be a number of at least 0, got -1'],
		[{ fullSweepMinutes: '={{ "hourly" }}' }, 'Full Sweep Every (Minutes): must be a number of at least 0, got "hourly"'],
	])('%o: "%s"', async (options, message) => {
		await expect(poller(options).poll()).rejects.toMatchObject({ message });
		expect(server.requestLines()).toEqual([]);
	});

	test('Full Sweep Every from an expression that gives nothing: the default, 60 minutes', async () => {
		seed(1);
		const trigger = poller({ fullSweepMinutes: '={{ undefined }}' });
		await trigger.poll();
		const sweeps: number[] = [];
		for (let minute = 1; minute <= 61; minute++) {
			await minuteLater(trigger);
			if (server.requests.length > 1) sweeps.push(minute);
		}
		expect(sweeps).toEqual([60]);
	});
});
