/**
 * Customer Engagement Trigger, New Redeem and New Loyalty Reward: each record exactly once,
 * whatever order the API lists redeems in, with the request counts the README states.
 */
import fc from 'fast-check';
import { createPoller } from '../support/engine';
import { useCustomerEngagementServer } from '../support/setup';

const { server, credentials } = useCustomerEngagementServer();

const poller = (event: string, parameters: Record<string, unknown> = {}, pollBudgetMs?: number | 'unavailable') =>
	createPoller({ type: 'customerEngagementTrigger', parameters: { event, ...parameters } as never, credentials: credentials(), pollBudgetMs });
type Batches = Awaited<ReturnType<ReturnType<typeof poller>['poll']>>;
const json = (batches: Batches) => (batches?.[0] ?? []).map((i) => i.json);
const ORDERS = ['newestFirst', 'oldestFirst', 'shuffled'] as const;

/** A clock for redeem dates, moved by the test. */
function useClock(start = Date.UTC(2026, 10, 1)) {
	let now = start;
	return { tick: (ms = 1000) => (now += ms), at: (offsetMs = 0) => new Date(now + offsetMs).toISOString() };
}

describe('New Redeem', () => {
	test.each(ORDERS)('listed %s: first poll emits nothing; each new redeem once; nothing new costs 1 request', async (order) => {
		server.redeemOrder = order;
		const clock = useClock();
		for (let i = 0; i < 250; i++) server.seedRedeem({ loyaltyRewardId: `rw_${i % 3}`, contactId: `ct_${i % 7}`, date: clock.at(i * 1000) });
		clock.tick(250_000);
		const trigger = poller('newRedeem');
		expect(await trigger.poll()).toBeNull();
		server.clearLog();
		expect(await trigger.poll()).toBeNull();
		expect(server.requestLines()).toEqual(['GET /v1/loyalty-rewards/redeems?page=1&perPage=100']);

		clock.tick();
		const a = server.seedRedeem({ loyaltyRewardId: 'rw_1', contactId: 'ct_1', date: clock.at() });
		clock.tick();
		const b = server.seedRedeem({ loyaltyRewardId: 'rw_2', contactId: 'ct_2', date: clock.at() });
		server.clearLog();
		expect(json(await trigger.poll())).toEqual([a, b]);
		// Page 1 tells the total; newest or oldest first, the new ones are on the first or last page.
		if (order !== 'shuffled') expect(server.requests.length).toBeLessThanOrEqual(2);
		expect(server.requests.length).toBeLessThanOrEqual(3);
		expect(await trigger.poll()).toBeNull();
	});

	test('identical redeems (same reward, contact, second and employee) are counted, not merged', async () => {
		const clock = useClock();
		const trigger = poller('newRedeem');
		await trigger.poll();
		const twin = { loyaltyRewardId: 'rw_1', contactId: 'ct_1', date: clock.at() };
		server.seedRedeem(twin);
		server.seedRedeem(twin);
		expect(json(await trigger.poll())).toHaveLength(2);
		server.seedRedeem(twin);
		expect(json(await trigger.poll())).toHaveLength(1);
		expect(await trigger.poll()).toBeNull();
	});

	test('a redeem made while a poll reads the pages: that poll emits nothing, the next emits each once', async () => {
		const clock = useClock();
		const trigger = poller('newRedeem');
		await trigger.poll();
		const expected = Array.from({ length: 150 }, (_, i) => server.seedRedeem({ loyaltyRewardId: 'rw_1', contactId: `ct_${i}`, date: clock.at(i) }));
		server.responseDelayMs = 100;
		server.clearLog();
		const polling = trigger.poll();
		// Page 1 answered (150 in all), page 2 requested: a redeem arrives in between.
		while (server.requests.length < 2) await new Promise((resolve) => setTimeout(resolve, 5));
		expected.push(server.seedRedeem({ loyaltyRewardId: 'rw_1', contactId: 'ct_late', date: clock.at(500) }));
		expect(await polling).toBeNull();
		server.responseDelayMs = 0;
		expect(json(await trigger.poll())).toEqual(expected);
	});

	test('filters by reward and contact are sent to the API', async () => {
		const trigger = poller('newRedeem', {
			rewardId: { __rl: true, mode: 'id', value: 'rw_1' },
			contactId: { __rl: true, mode: 'id', value: 'ct_1' },
		});
		await trigger.poll();
		server.seedRedeem({ loyaltyRewardId: 'rw_1', contactId: 'ct_2' });
		server.seedRedeem({ loyaltyRewardId: 'rw_1', contactId: 'ct_1' });
		server.clearLog();
		expect(json(await trigger.poll()).map((r) => r.contactId)).toEqual(['ct_1']);
		expect(server.requestLines()[0]).toBe('GET /v1/loyalty-rewards/redeems?contactId=ct_1&loyaltyRewardId=rw_1&page=1&perPage=100');
	});

	test('Fetch Test Event returns the newest redeem without moving the cursor', async () => {
		const clock = useClock();
		server.redeemOrder = 'oldestFirst';
		for (let i = 0; i < 150; i++) server.seedRedeem({ loyaltyRewardId: 'rw_1', contactId: `ct_${i}`, date: clock.at(i * 1000) });
		const trigger = poller('newRedeem');
		await trigger.poll();
		const before = JSON.stringify(trigger.staticData);
		expect(json(await trigger.poll('manual')).map((r) => r.contactId)).toEqual(['ct_149']);
		expect(JSON.stringify(trigger.staticData)).toBe(before);
	});

	test('works without a poll budget function (n8n before 2.38)', async () => {
		const trigger = poller('newRedeem', {}, 'unavailable');
		expect(await trigger.poll()).toBeNull();
		server.seedRedeem({ loyaltyRewardId: 'rw_1', contactId: 'ct_1' });
		expect(json(await trigger.poll())).toHaveLength(1);
	});

	/** The dates (ms) of the redeem keys the trigger keeps, oldest first. */
	const keptDates = (trigger: ReturnType<typeof poller>) => {
		const state = (trigger.staticData['node:Trigger'] as { redeems: { newest: number; counts: Record<string, number> } }).redeems;
		return { newest: state.newest, dates: Object.keys(state.counts).map((key) => Number(key.split('|')[0])).sort((a, b) => a - b) };
	};

	test('the state keeps only redeems dated within the window of the newest (its edge included), and moves with new ones', async () => {
		const hour = 3_600_000;
		const t = Date.UTC(2026, 10, 1, 12);
		const at = (ms: number) => new Date(ms).toISOString();
		server.seedRedeem({ loyaltyRewardId: 'rw_1', contactId: 'ct_old', date: at(t - 2 * hour) });
		const edge = server.seedRedeem({ loyaltyRewardId: 'rw_1', contactId: 'ct_edge', date: at(t - hour) });
		server.seedRedeem({ loyaltyRewardId: 'rw_1', contactId: 'ct_newest', date: at(t) });
		const trigger = poller('newRedeem', { redeemWindowMinutes: 60 });
		expect(await trigger.poll()).toBeNull();
		expect(keptDates(trigger)).toEqual({ newest: t, dates: [t - hour, t] });

		// A new redeem at the newest instant keeps the window where it is: the edge stays known,
		// so the next poll does not report it again.
		const sameInstant = server.seedRedeem({ loyaltyRewardId: 'rw_2', contactId: 'ct_a', date: at(t) });
		expect(json(await trigger.poll())).toEqual([sameInstant]);
		expect(keptDates(trigger)).toEqual({ newest: t, dates: [t - hour, t, t] });
		const another = server.seedRedeem({ loyaltyRewardId: 'rw_2', contactId: 'ct_b', date: at(t) });
		expect(json(await trigger.poll())).toEqual([another]);
		expect(edge.contactId).toBe('ct_edge');

		// Three hours later the window has moved: only the new redeem's key is kept.
		const later = server.seedRedeem({ loyaltyRewardId: 'rw_3', contactId: 'ct_c', date: at(t + 3 * hour) });
		expect(json(await trigger.poll())).toEqual([later]);
		expect(keptDates(trigger)).toEqual({ newest: t + 3 * hour, dates: [t + 3 * hour] });
	});

	test('a redeem made while the first poll reads: it counts as before activation, nothing old is emitted later', async () => {
		const clock = useClock();
		for (let i = 0; i < 150; i++) server.seedRedeem({ loyaltyRewardId: 'rw_1', contactId: `ct_${i}`, date: clock.at(i) });
		const trigger = poller('newRedeem');
		server.responseDelayMs = 100;
		const polling = trigger.poll();
		// Page 1 answered (150 in all), page 2 requested: a redeem arrives in between.
		while (server.requests.length < 2) await new Promise((resolve) => setTimeout(resolve, 5));
		server.seedRedeem({ loyaltyRewardId: 'rw_1', contactId: 'ct_late', date: clock.at(500) });
		expect(await polling).toBeNull();
		server.responseDelayMs = 0;
		expect(await trigger.poll()).toBeNull();
		const next = server.seedRedeem({ loyaltyRewardId: 'rw_1', contactId: 'ct_next', date: clock.at(600) });
		expect(json(await trigger.poll())).toEqual([next]);
	});

	test('a list that shrank (an account reset): the trigger starts over from what is there, and a redeem like a removed one is still reported', async () => {
		const twin = { loyaltyRewardId: 'rw_1', contactId: 'ct_1', date: '2026-11-01T10:00:00.000Z' };
		server.seedRedeem(twin);
		server.seedRedeem({ loyaltyRewardId: 'rw_2', contactId: 'ct_2', date: '2026-11-01T10:00:01.000Z' });
		const trigger = poller('newRedeem');
		await trigger.poll();
		server.state.redeems.length = 0;
		expect(await trigger.poll()).toBeNull();
		const again = server.seedRedeem(twin);
		expect(json(await trigger.poll())).toEqual([again]);
	});

	test.each([
		['newestFirst', 250, 150, 2],
		['oldestFirst', 250, 150, 3],
		['newestFirst', 550, 1, 1],
		['oldestFirst', 550, 1, 2],
	] as const)('listed %s, %i old and %i new: the poll costs %i requests', async (order, old, fresh, requests) => {
		server.redeemOrder = order;
		const clock = useClock();
		for (let i = 0; i < old; i++) server.seedRedeem({ loyaltyRewardId: 'rw_old', contactId: `ct_${i % 9}`, date: clock.at(i * 10) });
		const trigger = poller('newRedeem');
		await trigger.poll();
		clock.tick(old * 10);
		const added = Array.from({ length: fresh }, (_, i) => server.seedRedeem({ loyaltyRewardId: 'rw_new', contactId: `ct_${i}`, date: clock.at(i) }));
		server.clearLog();
		expect(json(await trigger.poll())).toEqual(added);
		expect(server.requests).toHaveLength(requests);
	});

	test('150 identical redeems across two pages and one new one: the first page is enough (1 request)', async () => {
		const twin = { loyaltyRewardId: 'rw_1', contactId: 'ct_1', date: '2026-11-01T10:00:00.000Z' };
		for (let i = 0; i < 150; i++) server.seedRedeem(twin);
		const trigger = poller('newRedeem');
		await trigger.poll();
		const added = server.seedRedeem({ loyaltyRewardId: 'rw_2', contactId: 'ct_2', date: '2026-11-01T10:00:01.000Z' });
		server.clearLog();
		expect(json(await trigger.poll())).toEqual([added]);
		expect(server.requestLines()).toEqual(['GET /v1/loyalty-rewards/redeems?page=1&perPage=100']);
	});

	test('a poll that runs out of its budget emits nothing and keeps its state; the next poll emits each new redeem', async () => {
		server.redeemOrder = 'oldestFirst';
		const clock = useClock();
		for (let i = 0; i < 500; i++) server.seedRedeem({ loyaltyRewardId: 'rw_old', contactId: `ct_${i % 9}`, date: clock.at(i * 10) });
		const slow = poller('newRedeem', {}, 600);
		await slow.poll();
		clock.tick(10_000);
		const added = Array.from({ length: 150 }, (_, i) => server.seedRedeem({ loyaltyRewardId: 'rw_new', contactId: `ct_${i}`, date: clock.at(i) }));
		const before = JSON.stringify(slow.staticData);
		// 300 ms a page, 480 ms of reading (80 % of 600): page 1 and the last page, then it stops.
		server.responseDelayMs = 300;
		server.clearLog();
		expect(await slow.poll()).toBeNull();
		expect(server.requestLines()).toEqual(['GET /v1/loyalty-rewards/redeems?page=1&perPage=100', 'GET /v1/loyalty-rewards/redeems?page=7&perPage=100']);
		expect(JSON.stringify(slow.staticData)).toBe(before);
		server.responseDelayMs = 0;
		expect(json(await slow.poll())).toEqual(added);
	});

	test('randomized: redeems (some identical), polls, failures, restarts, any list order: each redeem exactly once', async () => {
		await fc.assert(
			fc.asyncProperty(
				fc.constantFrom(...ORDERS),
				fc.array(
					fc.oneof(
						fc.record({ kind: fc.constant('redeem' as const), reward: fc.integer({ min: 0, max: 2 }), contact: fc.integer({ min: 0, max: 2 }), copies: fc.integer({ min: 1, max: 3 }), advance: fc.integer({ min: 0, max: 90_000 }) }),
						fc.record({ kind: fc.constant('bulk' as const), count: fc.integer({ min: 50, max: 160 }) }),
						fc.record({ kind: fc.constant('poll' as const) }),
						fc.record({ kind: fc.constant('fail' as const), page: fc.integer({ min: 1, max: 3 }) }),
					),
					{ minLength: 3, maxLength: 25 },
				),
				async (order, steps) => {
					server.reset();
					server.redeemOrder = order;
					const clock = useClock();
					const trigger = poller('newRedeem');
					await trigger.poll();
					const expected: string[] = [];
					const seen: string[] = [];
					const label = (r: Record<string, unknown>) => JSON.stringify([r.loyaltyRewardId, r.contactId, r.date]);
					const pollOnce = async () => {
						try {
							for (const r of json(await trigger.poll())) seen.push(label(r));
						} catch {
							// nothing emitted; the next poll catches up
						}
					};
					for (const step of steps) {
						if (step.kind === 'redeem') {
							clock.tick(step.advance);
							for (let i = 0; i < step.copies; i++) expected.push(label(server.seedRedeem({ loyaltyRewardId: `rw_${step.reward}`, contactId: `ct_${step.contact}`, date: clock.at() })));
						} else if (step.kind === 'bulk') {
							for (let i = 0; i < step.count; i++) {
								clock.tick(10);
								expected.push(label(server.seedRedeem({ loyaltyRewardId: 'rw_bulk', contactId: `ct_${i % 5}`, date: clock.at() })));
							}
						} else if (step.kind === 'poll') await pollOnce();
						else server.injectFault({ kind: 'status', status: 500 }, 1, (r) => r.query.some(([k, v]) => k === 'page' && v === String(step.page)));
					}
					server.clearFaults();
					await pollOnce();
					expect([...seen].sort()).toEqual([...expected].sort());
				},
			),
			{ numRuns: 50, seed: Number(process.env.FC_SEED ?? 20261124) },
		);
	});
});

describe('New Loyalty Reward', () => {
	const createReward = (title: string, points: number) =>
		server.state.rewards.set(`rw_${title}`, { id: `rw_${title}`, title, points, quantity: { total: null, perContact: null }, startDate: null, expiredDate: null, expires: false, type: 'ITEM', value: null, itemId: null, itemName: null });

	test('first poll emits nothing; each new reward once though the list is sorted by points; a poll costs ceil(N/100) requests', async () => {
		for (let i = 0; i < 150; i++) createReward(`old${i}`, i * 10);
		const trigger = poller('newLoyaltyReward');
		expect(await trigger.poll()).toBeNull();
		createReward('cheap', 1);
		createReward('dear', 100_000);
		server.clearLog();
		expect(json(await trigger.poll()).map((r) => r.title)).toEqual(['cheap', 'dear']);
		expect(server.requestLines()).toEqual(['GET /v1/loyalty-rewards?page=1&perPage=100', 'GET /v1/loyalty-rewards?page=2&perPage=100']);
		expect(await trigger.poll()).toBeNull();
	});

	test.each([
		[100, true, 1],
		[200, true, 2],
		[150, false, 2],
		[200, false, 3],
	])('%i rewards (X-Total-Count reported: %p): a poll costs %i requests', async (n, reportTotals, requests) => {
		server.reportTotals = reportTotals;
		for (let i = 0; i < n; i++) createReward(`r${i}`, i);
		const trigger = poller('newLoyaltyReward');
		expect(await trigger.poll()).toBeNull();
		createReward('new', n);
		server.state.rewards.delete('rw_r0');
		server.clearLog();
		expect(json(await trigger.poll()).map((r) => r.title)).toEqual(['new']);
		expect(server.requestLines()).toEqual(Array.from({ length: requests }, (_, i) => `GET /v1/loyalty-rewards?page=${i + 1}&perPage=100`));
	});

	test('a deleted reward leaves the state; a failed poll loses and repeats nothing', async () => {
		createReward('a', 1);
		const trigger = poller('newLoyaltyReward');
		await trigger.poll();
		server.state.rewards.delete('rw_a');
		createReward('b', 2);
		server.injectFault({ kind: 'status', status: 500 }, 3);
		await expect(trigger.poll()).rejects.toThrow();
		expect(json(await trigger.poll()).map((r) => r.title)).toEqual(['b']);
		expect(trigger.staticData).toEqual({ 'node:Trigger': { key: 'newLoyaltyReward', rewardIds: ['rw_b'] } });
	});

	test('Fetch Test Event returns a reward without moving the cursor', async () => {
		createReward('a', 1);
		const trigger = poller('newLoyaltyReward');
		await trigger.poll();
		createReward('b', 2);
		const before = JSON.stringify(trigger.staticData);
		expect(json(await trigger.poll('manual')).map((r) => r.title)).toEqual(['b']);
		expect(JSON.stringify(trigger.staticData)).toBe(before);
		expect(json(await trigger.poll()).map((r) => r.title)).toEqual(['b']);
	});
});
