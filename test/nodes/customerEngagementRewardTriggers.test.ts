/**
 * Customer Engagement Trigger, New Redeem and New Loyalty Reward: each record exactly once,
 * whatever order the API lists redeems in, with the request counts the README states.
 */
import fc from 'fast-check';
import { createPoller } from '../harness/engine';
import { useCustomerEngagementServer } from '../harness/setup';

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
