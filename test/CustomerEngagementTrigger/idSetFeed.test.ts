/**
 * New Loyalty Reward (nodes/CustomerEngagementTrigger/idSetFeed.ts): each reward exactly once
 * though the list is sorted by points; what the state belongs to.
 */
import { customerEngagementTrigger } from '../support/customerEngagementTrigger';
import { useCustomerEngagementServer } from '../support/setup';

describe('New Loyalty Reward', () => {
	const ce = useCustomerEngagementServer();
	const { server } = ce;
	const { poller, json } = customerEngagementTrigger(ce);

	const createReward = (title: string, points: number) =>
		server.state.rewards.set(`rw_${title}`, {
			id: `rw_${title}`,
			title,
			points,
			quantity: { total: null, perContact: null },
			startDate: null,
			expiredDate: null,
			expires: false,
			type: 'ITEM',
			value: null,
			itemId: null,
			itemName: null,
		});

	test('first poll emits nothing; each new reward once though the list is sorted by points; a poll costs ceil(N/100) requests', async () => {
		for (let i = 0; i < 150; i++) createReward(`old${i}`, i * 10);
		const trigger = poller('newLoyaltyReward');
		expect(await trigger.poll()).toBeNull();
		createReward('cheap', 1);
		createReward('dear', 100_000);
		server.clearLog();
		expect(json(await trigger.poll()).map((r) => r.title)).toEqual(['cheap', 'dear']);
		expect(server.requestLines()).toEqual([
			'GET /v1/loyalty-rewards?page=1&perPage=100',
			'GET /v1/loyalty-rewards?page=2&perPage=100',
		]);
		expect(await trigger.poll()).toBeNull();
	});

	test.each([
		[100, true, 1],
		[200, true, 2],
		[150, false, 2],
		[200, false, 3],
	])(
		'%i rewards (X-Total-Count reported: %p): a poll costs %i requests',
		async (n, reportTotals, requests) => {
			server.reportTotals = reportTotals;
			for (let i = 0; i < n; i++) createReward(`r${i}`, i);
			const trigger = poller('newLoyaltyReward');
			expect(await trigger.poll()).toBeNull();
			createReward('new', n);
			server.state.rewards.delete('rw_r0');
			server.clearLog();
			expect(json(await trigger.poll()).map((r) => r.title)).toEqual(['new']);
			expect(server.requestLines()).toEqual(
				Array.from(
					{ length: requests },
					(_, i) => `GET /v1/loyalty-rewards?page=${i + 1}&perPage=100`,
				),
			);
		},
	);

	test('a deleted reward leaves the state; a failed poll loses and repeats nothing', async () => {
		createReward('a', 1);
		const trigger = poller('newLoyaltyReward');
		await trigger.poll();
		server.state.rewards.delete('rw_a');
		createReward('b', 2);
		server.injectFault({ kind: 'status', status: 500 }, 3);
		await expect(trigger.poll()).rejects.toThrow();
		expect(json(await trigger.poll()).map((r) => r.title)).toEqual(['b']);
		expect(trigger.staticData).toEqual({
			'node:Trigger': { key: 'newLoyaltyReward', rewardIds: ['rw_b'], emitVersion: 1 },
			global: {},
		});
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

describe('what the state belongs to', () => {
	const ce = useCustomerEngagementServer();
	const { server } = ce;
	const { trigger, json } = customerEngagementTrigger(ce);

	beforeEach(() => {
		server.now = () => new Date();
	});

	describe('New Loyalty Reward: the state belongs to the event', () => {
		const createReward = (title: string, points: number) =>
			server.state.rewards.set(`rw_${title}`, {
				id: `rw_${title}`,
				title,
				points,
				quantity: { total: null, perContact: null },
				startDate: null,
				expiredDate: null,
				expires: false,
				type: 'ITEM',
				value: null,
				itemId: null,
				itemName: null,
			});
		const titles = (batches: Parameters<typeof json>[0]) =>
			json(batches).map((reward) => reward.title);

		/** A trigger on New Loyalty Reward, then New Visit for a while (a reward is created meanwhile), then New Loyalty Reward again. */
		const backToRewards = async () => {
			createReward('coffee', 10);
			const rewards = trigger({ event: 'newLoyaltyReward' });
			expect(await rewards.poll()).toBeNull();
			const visits = trigger({ event: 'newVisit' }, rewards.staticData);
			expect(await visits.poll()).toBeNull();
			createReward('cake', 50);
			server.clearLog();
			return trigger({ event: 'newLoyaltyReward' }, visits.staticData);
		};

		test('back to New Loyalty Reward after another event: it starts afresh; rewards created meanwhile are not emitted, later ones are', async () => {
			const again = await backToRewards();
			expect(await again.poll()).toBeNull();
			expect(server.requestLines()).toEqual(['GET /v1/loyalty-rewards?page=1&perPage=100']);
			createReward('tea', 5);
			expect(titles(await again.poll())).toEqual(['tea']);
			expect(await again.poll()).toBeNull();
		});

		test('back to New Loyalty Reward after another event, Fetch Test Event: no reward created since activation, so the first of the list', async () => {
			const again = await backToRewards();
			expect(titles(await again.poll('manual'))).toEqual(['coffee']);
			expect(server.requestLines()).toEqual([
				'GET /v1/loyalty-rewards?page=1&perPage=100',
				'GET /v1/loyalty-rewards?page=1&perPage=1',
			]);
		});
	});
});
