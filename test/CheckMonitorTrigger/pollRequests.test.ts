/**
 * The requests of one poll (nodes/CheckMonitorTrigger/pollRequests.ts): Max Requests per Minute
 * spaces the All Checks events' requests, one check's are not paced, a clock stepped back
 * does not stall a poll, and an answer's time is the server's (its Date header).
 */
import { allChecksFlipTrigger } from '../support/allChecksFlipTrigger';
import { byId, createPoller } from '../../harness/engine';
import { serverSeconds } from '../../nodes/CheckMonitorTrigger/pollRequests';
import { finishesWithin } from '../support/finishesWithin';
import { flipTrigger } from '../support/flipTrigger';
import { useCheckMonitorServer } from '../support/setup';
import { useVirtualClock } from '../support/virtualClock';

describe('pacing', () => {
	const cm = useCheckMonitorServer();
	const { server } = cm;
	const { poller } = flipTrigger(cm);

	test('pacing: requests in All Checks mode are spaced to the requests-per-minute setting', async () => {
		const checks = [0, 1, 2].map((i) => server.seedCheck({ name: `c${i}` }));
		const trigger = poller({ scope: 'all', options: { requestsPerMinute: 600 } });
		await trigger.poll();
		// The list and the flips of the three checks, each 100 ms after the one before it.
		for (const check of checks) server.receivePing(check.uuid);
		const started = Date.now();
		await trigger.poll();
		expect(Date.now() - started).toBeGreaterThanOrEqual(3 * 100 - 5);
	});
});

describe('one check is not paced', () => {
	const cm = useCheckMonitorServer();
	const { server } = cm;
	const { poller, flips, seed } = flipTrigger(cm);

	test('One Check: requests are not paced (Max Requests per Minute is for All Checks)', async () => {
		const check = seed(1);
		// 12 a minute: All Checks would wait 5 s between requests.
		const trigger = poller({
			scope: 'one',
			checkId: byId(check.uuid),
			options: { requestsPerMinute: 12 },
		});
		await trigger.poll();
		server.receivePing(check.uuid, 'fail');
		server.clearLog();
		const started = Date.now();
		expect(flips(await trigger.poll())).toEqual([['c1', 0, 'down']]);
		expect(flips(await trigger.poll('manual'))).toEqual([['c1', 0, 'down']]);
		expect(Date.now() - started).toBeLessThan(2500);
		// Two polls, each reading the flips and then the check.
		expect(server.requests).toHaveLength(4);
	});
});

/**
 * Check Monitor Trigger, Max Requests per Minute: a request waits only for what is left of the
 * spacing since the one before it. The first request of a poll goes at once, and so does one
 * after a response that took longer than the spacing.
 */
describe('a request waits only for what is left of the spacing', () => {
	const cm = useCheckMonitorServer();
	const { server } = cm;
	const clock = useVirtualClock(server);
	const { poller } = allChecksFlipTrigger(cm, clock);

	test('paced at 1 request a minute: the list goes at once, and the flips read after a list that took 61 s goes at once too', async () => {
		const check = server.seedCheck({ name: 'backup' });
		const trigger = poller({ requestsPerMinute: 1 });
		expect(await trigger.poll()).toBeNull();
		clock.advance(60);
		server.receivePing(check.uuid);
		// The list's answer takes 61 s by the clock the node reads.
		server.whenRequested(
			(req) => req.path === '/api/v3/checks/',
			() => clock.advance(61),
		);
		server.clearLog();
		// A wait of a whole spacing would be 60 s: the poll fails at 5 s instead.
		expect((await finishesWithin(5000, trigger.poll()))?.[0]).toHaveLength(1);
		expect(server.requestPaths()).toEqual([
			'GET /api/v3/checks/',
			`GET /api/v3/checks/${check.uuid}/flips/`,
		]);
	});
});

/**
 * Check Monitor Trigger: a clock stepped back during a poll (an NTP correction) does not stall
 * it: the wait before a request is at most one request spacing, and an unpaced poll (one
 * check) never waits, where a wait for the step would be an hour. Shown as the poll finishing
 * within 5 s of real time.
 */
describe('a clock stepped back', () => {
	const cm = useCheckMonitorServer();
	const { server, credentials } = cm;
	const clock = useVirtualClock(server);
	const allChecks = allChecksFlipTrigger(cm, clock);

	/** The clock steps back an hour when the first flips read arrives. */
	const stepBackAtFirstFlipsRead = () =>
		server.whenRequested(
			(req) => req.path.endsWith('/flips/'),
			() => clock.advance(-3600),
		);

	test('one check (not paced): the clock stepped back an hour between its requests, the poll goes on at once', async () => {
		const check = server.seedCheck({ name: 'backup' });
		server.receivePing(check.uuid);
		const trigger = createPoller({
			type: 'checkMonitorTrigger',
			parameters: {
				event: 'newFlip',
				scope: 'one',
				checkId: { __rl: true, mode: 'id', value: check.uuid },
				options: { requestsPerMinute: 600_000 },
			} as never,
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
		expect(server.requestPaths()).toEqual([
			`GET /api/v3/checks/${check.uuid}/flips/`,
			`GET /api/v3/checks/${check.uuid}`,
		]);
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
});

describe("the server's time of an answer", () => {
	// The machine's clock is read when the test runs, not when the table is built: on a loaded
	// machine the two are seconds apart.
	const now = () => Math.floor(Date.now() / 1000);
	test.each([
		[
			'a Date header: its time, in whole seconds',
			{ date: 'Sat, 28 Nov 2026 20:37:15 GMT' },
			() => Date.UTC(2026, 10, 28, 20, 37, 15) / 1000,
		],
		["no Date header: this machine's clock", {}, now],
		["a Date header that is no date: this machine's clock", { date: 'soon' }, now],
	])('%s', (_what, headers, expected) => {
		expect(Math.abs(serverSeconds(headers) - expected())).toBeLessThanOrEqual(1);
	});
});
