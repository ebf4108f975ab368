/**
 * New Redeem (nodes/CustomerEngagementTrigger/countedFeed.ts): each redeem exactly once, whatever
 * order the API lists redeems in; what the state belongs to; Fetch Test Event.
 */
import { byId } from '../../harness/engine';
import { customerEngagementTrigger, testClock } from '../support/customerEngagementTrigger';
import { useCustomerEngagementServer } from '../support/setup';
import { useVirtualClock } from '../support/virtualClock';

describe('New Redeem', () => {
	const ce = useCustomerEngagementServer();
	const { server } = ce;
	const { poller, json } = customerEngagementTrigger(ce);
	/** A clock for redeem dates, moved by the test. */
	const useClock = (start = Date.UTC(2026, 10, 1)) => testClock(start);

	const ORDERS = ['newestFirst', 'oldestFirst', 'shuffled'] as const;

	/** The dates (ms) of the redeem keys the trigger keeps, oldest first. */
	const keptDates = (trigger: ReturnType<typeof poller>) => {
		const state = (
			trigger.staticData['node:Trigger'] as {
				redeems: { newest: number; counts: Record<string, number> };
			}
		).redeems;
		return {
			newest: state.newest,
			dates: Object.keys(state.counts)
				.map((key) => Number(key.split('|')[0]))
				.sort((a, b) => a - b),
		};
	};

	test.each(ORDERS)(
		'listed %s: first poll emits nothing; each new redeem once; nothing new costs 1 request',
		async (order) => {
			server.redeemOrder = order;
			const clock = useClock();
			for (let i = 0; i < 250; i++)
				server.seedRedeem({
					loyaltyRewardId: `rw_${i % 3}`,
					contactId: `ct_${i % 7}`,
					date: clock.at(i * 1000),
				});
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
		},
	);

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
		const expected = Array.from({ length: 150 }, (_, i) =>
			server.seedRedeem({ loyaltyRewardId: 'rw_1', contactId: `ct_${i}`, date: clock.at(i) }),
		);
		server.responseDelayMs = 100;
		server.clearLog();
		const polling = trigger.poll();
		// Page 1 answered (150 in all), page 2 requested: a redeem arrives in between.
		while (server.requests.length < 2) await new Promise((resolve) => setTimeout(resolve, 5));
		expected.push(
			server.seedRedeem({ loyaltyRewardId: 'rw_1', contactId: 'ct_late', date: clock.at(500) }),
		);
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
		expect(server.requestLines()[0]).toBe(
			'GET /v1/loyalty-rewards/redeems?contactId=ct_1&loyaltyRewardId=rw_1&page=1&perPage=100',
		);
	});

	test('Fetch Test Event returns the newest redeem without moving the cursor', async () => {
		const clock = useClock();
		server.redeemOrder = 'oldestFirst';
		for (let i = 0; i < 150; i++)
			server.seedRedeem({
				loyaltyRewardId: 'rw_1',
				contactId: `ct_${i}`,
				date: clock.at(i * 1000),
			});
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

	test('the state keeps only redeems dated within the window of the newest (its edge included), and moves with new ones', async () => {
		const hour = 3_600_000;
		const t = Date.UTC(2026, 10, 1, 12);
		const at = (ms: number) => new Date(ms).toISOString();
		server.seedRedeem({ loyaltyRewardId: 'rw_1', contactId: 'ct_old', date: at(t - 2 * hour) });
		const edge = server.seedRedeem({
			loyaltyRewardId: 'rw_1',
			contactId: 'ct_edge',
			date: at(t - hour),
		});
		server.seedRedeem({ loyaltyRewardId: 'rw_1', contactId: 'ct_newest', date: at(t) });
		const trigger = poller('newRedeem', { redeemWindowMinutes: 60 });
		expect(await trigger.poll()).toBeNull();
		expect(keptDates(trigger)).toEqual({ newest: t, dates: [t - hour, t] });

		// A new redeem at the newest instant keeps the window where it is: the edge stays known,
		// so the next poll does not report it again.
		const sameInstant = server.seedRedeem({
			loyaltyRewardId: 'rw_2',
			contactId: 'ct_a',
			date: at(t),
		});
		expect(json(await trigger.poll())).toEqual([sameInstant]);
		expect(keptDates(trigger)).toEqual({ newest: t, dates: [t - hour, t, t] });
		const another = server.seedRedeem({ loyaltyRewardId: 'rw_2', contactId: 'ct_b', date: at(t) });
		expect(json(await trigger.poll())).toEqual([another]);
		expect(edge.contactId).toBe('ct_edge');

		// Three hours later the window has moved: only the new redeem's key is kept.
		const later = server.seedRedeem({
			loyaltyRewardId: 'rw_3',
			contactId: 'ct_c',
			date: at(t + 3 * hour),
		});
		expect(json(await trigger.poll())).toEqual([later]);
		expect(keptDates(trigger)).toEqual({ newest: t + 3 * hour, dates: [t + 3 * hour] });
	});

	test('a redeem made while the first poll reads: it counts as before activation, nothing old is emitted later', async () => {
		const clock = useClock();
		for (let i = 0; i < 150; i++)
			server.seedRedeem({ loyaltyRewardId: 'rw_1', contactId: `ct_${i}`, date: clock.at(i) });
		const trigger = poller('newRedeem');
		server.responseDelayMs = 100;
		const polling = trigger.poll();
		// Page 1 answered (150 in all), page 2 requested: a redeem arrives in between.
		while (server.requests.length < 2) await new Promise((resolve) => setTimeout(resolve, 5));
		server.seedRedeem({ loyaltyRewardId: 'rw_1', contactId: 'ct_late', date: clock.at(500) });
		expect(await polling).toBeNull();
		server.responseDelayMs = 0;
		expect(await trigger.poll()).toBeNull();
		const next = server.seedRedeem({
			loyaltyRewardId: 'rw_1',
			contactId: 'ct_next',
			date: clock.at(600),
		});
		expect(json(await trigger.poll())).toEqual([next]);
	});

	test('a list that shrank (an account reset): the trigger starts over from what is there, and a redeem like a removed one is still reported', async () => {
		const twin = { loyaltyRewardId: 'rw_1', contactId: 'ct_1', date: '2026-11-01T10:00:00.000Z' };
		server.seedRedeem(twin);
		server.seedRedeem({
			loyaltyRewardId: 'rw_2',
			contactId: 'ct_2',
			date: '2026-11-01T10:00:01.000Z',
		});
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
	] as const)(
		'listed %s, %i old and %i new: the poll costs %i requests',
		async (order, old, fresh, requests) => {
			server.redeemOrder = order;
			const clock = useClock();
			for (let i = 0; i < old; i++)
				server.seedRedeem({
					loyaltyRewardId: 'rw_old',
					contactId: `ct_${i % 9}`,
					date: clock.at(i * 10),
				});
			const trigger = poller('newRedeem');
			await trigger.poll();
			clock.tick(old * 10);
			const added = Array.from({ length: fresh }, (_, i) =>
				server.seedRedeem({ loyaltyRewardId: 'rw_new', contactId: `ct_${i}`, date: clock.at(i) }),
			);
			server.clearLog();
			expect(json(await trigger.poll())).toEqual(added);
			expect(server.requests).toHaveLength(requests);
		},
	);

	test('150 identical redeems across two pages and one new one: the first page is enough (1 request)', async () => {
		const twin = { loyaltyRewardId: 'rw_1', contactId: 'ct_1', date: '2026-11-01T10:00:00.000Z' };
		for (let i = 0; i < 150; i++) server.seedRedeem(twin);
		const trigger = poller('newRedeem');
		await trigger.poll();
		const added = server.seedRedeem({
			loyaltyRewardId: 'rw_2',
			contactId: 'ct_2',
			date: '2026-11-01T10:00:01.000Z',
		});
		server.clearLog();
		expect(json(await trigger.poll())).toEqual([added]);
		expect(server.requestLines()).toEqual(['GET /v1/loyalty-rewards/redeems?page=1&perPage=100']);
	});
});

describe('New Redeem: the poll budget, on a clock the test moves', () => {
	const ce = useCustomerEngagementServer();
	const { server } = ce;
	const clock = useVirtualClock(server);
	const { poller, json } = customerEngagementTrigger(ce);

	test('a poll that runs out of its budget emits nothing and keeps its state; the next poll emits each new redeem', async () => {
		server.redeemOrder = 'oldestFirst';
		const dates = testClock(Date.UTC(2026, 10, 1));
		for (let i = 0; i < 500; i++)
			server.seedRedeem({
				loyaltyRewardId: 'rw_old',
				contactId: `ct_${i % 9}`,
				date: dates.at(i * 10),
			});
		const slow = poller('newRedeem', {}, 600);
		await slow.poll();
		dates.tick(10_000);
		const added = Array.from({ length: 150 }, (_, i) =>
			server.seedRedeem({ loyaltyRewardId: 'rw_new', contactId: `ct_${i}`, date: dates.at(i) }),
		);
		const before = JSON.stringify(slow.staticData['node:Trigger']);
		// Each answer takes 300 ms by the clock the node reads, and no real time. 480 ms of reading
		// (80 % of 600): page 1 (300 ms) and the last page (600 ms), then it stops.
		server.responseDelayMs = 300;
		server.delayOnClock = (ms) => clock.advance(ms / 1000);
		server.clearLog();
		expect(await slow.poll()).toBeNull();
		expect(server.requestLines()).toEqual([
			'GET /v1/loyalty-rewards/redeems?page=1&perPage=100',
			'GET /v1/loyalty-rewards/redeems?page=7&perPage=100',
		]);
		expect(JSON.stringify(slow.staticData['node:Trigger'])).toBe(before);
		server.responseDelayMs = 0;
		expect(json(await slow.poll())).toEqual(added);
	});
});

describe('what the state belongs to, the filters as they reach the API, Fetch Test Event', () => {
	const ce = useCustomerEngagementServer();
	const { server } = ce;
	const { trigger, json, ids } = customerEngagementTrigger(ce);
	/** A clock the server uses for its own dates (visits, registrations), moved by the test. */
	const useClock = (start = Date.UTC(2026, 10, 1, 12)) => testClock(start, server);

	/** A visit of the contact, dated a clock second later than the last; its id. */
	function addVisit(contactId: string, clock: ReturnType<typeof useClock>): string {
		clock.tick();
		return String(server.seedVisit({ contactId, date: clock.at() }).id);
	}

	beforeEach(() => {
		server.now = () => new Date();
	});

	describe('New Redeem: the state belongs to the Loyalty Reward and Contact filters', () => {
		test.each([
			['Loyalty Reward', { rewardId: 'rw_2', contactId: 'ct_1' }],
			['Contact', { rewardId: 'rw_1', contactId: 'ct_2' }],
		] as const)(
			'changing the %s filter starts afresh: earlier redeems are not emitted, new ones are',
			async (_name, next) => {
				const t = Date.UTC(2026, 10, 1, 12);
				const at = (ms: number) => new Date(t + ms).toISOString();
				server.seedRedeem({ loyaltyRewardId: 'rw_1', contactId: 'ct_1', date: at(0) });
				// As many earlier redeems of the new filter (or more), dated within the window of the first.
				server.seedRedeem({
					loyaltyRewardId: next.rewardId,
					contactId: next.contactId,
					date: at(-2000),
				});
				server.seedRedeem({
					loyaltyRewardId: next.rewardId,
					contactId: next.contactId,
					date: at(-1000),
				});
				const before = trigger({
					event: 'newRedeem',
					rewardId: byId('rw_1'),
					contactId: byId('ct_1'),
				});
				expect(await before.poll()).toBeNull();

				const after = trigger(
					{ event: 'newRedeem', rewardId: byId(next.rewardId), contactId: byId(next.contactId) },
					before.staticData,
				);
				server.clearLog();
				expect(await after.poll()).toBeNull();
				expect(server.requestLines()).toEqual([
					`GET /v1/loyalty-rewards/redeems?contactId=${next.contactId}&loyaltyRewardId=${next.rewardId}&page=1&perPage=100`,
				]);

				const fresh = server.seedRedeem({
					loyaltyRewardId: next.rewardId,
					contactId: next.contactId,
					date: at(1000),
				});
				expect(json(await after.poll())).toEqual([fresh]);
				expect(await after.poll()).toBeNull();
			},
		);

		const PAIRS = [
			[
				'reward and contact',
				{ loyaltyRewardId: '1', contactId: '23' },
				{ loyaltyRewardId: '12', contactId: '3' },
			],
			[
				'contact and employee',
				{ loyaltyRewardId: 'rw_1', contactId: 'ct_1', employeeId: '23' },
				{ loyaltyRewardId: 'rw_1', contactId: 'ct_12', employeeId: '3' },
			],
		] as const;
		test.each(
			(['oldestFirst', 'newestFirst'] as const).flatMap((order) =>
				PAIRS.map(([name, first, second]) => [order, name, first, second] as const),
			),
		)(
			'listed %s: two redeems at the same instant whose %s read alike run together are two redeems: each is emitted once',
			async (order, _name, first, second) => {
				server.redeemOrder = order;
				const date = '2026-11-01T12:00:00.000Z';
				const poller = trigger({ event: 'newRedeem' });
				expect(await poller.poll()).toBeNull();
				const a = server.seedRedeem({ ...first, date });
				expect(json(await poller.poll())).toEqual([a]);
				const b = server.seedRedeem({ ...second, date });
				server.clearLog();
				expect(json(await poller.poll())).toEqual([b]);
				expect(server.requestLines()).toEqual([
					'GET /v1/loyalty-rewards/redeems?page=1&perPage=100',
				]);
				expect(await poller.poll()).toBeNull();
			},
		);
	});

	describe('the Contact and Loyalty Reward as they reach the API', () => {
		test('New Redeem: IDs given with spaces around them are sent trimmed', async () => {
			const poller = trigger({
				event: 'newRedeem',
				rewardId: byId(' rw_1  '),
				contactId: byId('\tct_1 '),
			});
			await poller.poll();
			server.seedRedeem({ loyaltyRewardId: 'rw_1', contactId: 'ct_2' });
			server.seedRedeem({ loyaltyRewardId: 'rw_2', contactId: 'ct_1' });
			const mine = server.seedRedeem({ loyaltyRewardId: 'rw_1', contactId: 'ct_1' });
			server.clearLog();
			expect(json(await poller.poll())).toEqual([mine]);
			expect(server.requestLines()).toEqual([
				'GET /v1/loyalty-rewards/redeems?contactId=ct_1&loyaltyRewardId=rw_1&page=1&perPage=100',
			]);
		});

		test('New Redeem: a Loyalty Reward and a Contact expression that give nothing mean every reward and contact', async () => {
			const poller = trigger({
				event: 'newRedeem',
				rewardId: byId('={{ null }}'),
				contactId: byId('={{ undefined }}'),
			});
			await poller.poll();
			const added = [
				server.seedRedeem({
					loyaltyRewardId: 'rw_1',
					contactId: 'ct_1',
					date: '2026-11-01T12:00:00.000Z',
				}),
				server.seedRedeem({
					loyaltyRewardId: 'rw_2',
					contactId: 'ct_2',
					date: '2026-11-01T12:00:01.000Z',
				}),
			];
			server.clearLog();
			expect(json(await poller.poll())).toEqual(added);
			expect(server.requestLines()).toEqual(['GET /v1/loyalty-rewards/redeems?page=1&perPage=100']);
		});
	});

	describe('New Redeem, Fetch Test Event: the newest of the first and the last page', () => {
		test.each([0, 1, 100])('%i redeems (one page at most): one request', async (n) => {
			const t = Date.UTC(2026, 10, 1, 12);
			for (let i = 0; i < n; i++)
				server.seedRedeem({
					loyaltyRewardId: 'rw_1',
					contactId: `ct_${i}`,
					date: new Date(t + i * 1000).toISOString(),
				});
			const poller = trigger({ event: 'newRedeem' });
			expect(json(await poller.poll('manual')).map((r) => r.contactId)).toEqual(
				n ? [`ct_${n - 1}`] : [],
			);
			expect(server.requestLines()).toEqual(['GET /v1/loyalty-rewards/redeems?page=1&perPage=100']);
		});

		test.each(['newestFirst', 'oldestFirst'] as const)(
			'250 redeems listed %s: page 1 and the last page (3) are read',
			async (order) => {
				server.redeemOrder = order;
				const t = Date.UTC(2026, 10, 1, 12);
				for (let i = 0; i < 250; i++)
					server.seedRedeem({
						loyaltyRewardId: 'rw_1',
						contactId: `ct_${i}`,
						date: new Date(t + i * 1000).toISOString(),
					});
				const poller = trigger({ event: 'newRedeem' });
				expect(json(await poller.poll('manual')).map((r) => r.contactId)).toEqual(['ct_249']);
				expect(server.requestLines()).toEqual([
					'GET /v1/loyalty-rewards/redeems?page=1&perPage=100',
					'GET /v1/loyalty-rewards/redeems?page=3&perPage=100',
				]);
				expect(poller.staticData).toEqual({});
			},
		);
	});

	describe('New Redeem: a first poll that finds the list moving', () => {
		test('keeps nothing, and the state it replaced is gone: back on New Visit, the trigger starts afresh', async () => {
			const clock = useClock();
			const contact = String(server.seedContact().id);
			addVisit(contact, clock);
			const visits = trigger({ event: 'newVisit' });
			expect(await visits.poll()).toBeNull();
			for (let i = 0; i < 150; i++)
				server.seedRedeem({
					loyaltyRewardId: 'rw_1',
					contactId: `ct_${i}`,
					date: clock.at(-i * 1000),
				});
			// A redeem made while the first New Redeem poll reads page 2.
			server.whenRequested(
				(req) => req.query.some(([name, value]) => name === 'page' && value === '2'),
				() => server.seedRedeem({ loyaltyRewardId: 'rw_1', contactId: 'ct_new', date: clock.at() }),
			);
			const redeems = trigger({ event: 'newRedeem' }, visits.staticData);
			expect(await redeems.poll()).toBeNull();
			// The start New Visit kept is dropped too: the node has moved on from it.
			expect(redeems.staticData).toEqual({
				'node:Trigger': { key: 'newRedeem:*:*', feed: expect.anything() },
				global: {},
			});
			// A visit while the trigger was on New Redeem is not new to a New Visit trigger started after it.
			addVisit(contact, clock);
			const back = trigger({ event: 'newVisit' }, redeems.staticData);
			expect(await back.poll()).toBeNull();
			const later = addVisit(contact, clock);
			expect(ids(await back.poll())).toEqual([later]);
		});
	});
});
