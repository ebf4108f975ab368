/**
 * Customer Engagement Trigger: what its state belongs to (the event and the filters), the
 * filters as they reach the API, a redeem's identity, Fetch Test Event of New Redeem, and an
 * X-Total-Count that is missing, empty or not a number.
 */
import type { IDataObject } from 'n8n-workflow';
import { byId, createPoller } from '../support/engine';
import { totalCountGateway, useCustomerEngagementServer } from '../support/setup';

const { server, credentials } = useCustomerEngagementServer();

const trigger = (parameters: Record<string, unknown>, staticData?: IDataObject) =>
	createPoller({ type: 'customerEngagementTrigger', parameters: parameters as never, credentials: credentials(), staticData });
type Batches = Awaited<ReturnType<ReturnType<typeof trigger>['poll']>>;
const json = (batches: Batches) => (batches?.[0] ?? []).map((i) => i.json);
const ids = (batches: Batches) => json(batches).map((item) => String(item.id));

/** A clock the server uses for its own dates (visits, registrations), moved by the test. */
function useClock(start = Date.UTC(2026, 10, 1, 12)) {
	let now = start;
	server.now = () => new Date(now);
	return {
		tick: (ms = 1000) => (now += ms),
		at: (offsetMs = 0) => new Date(now + offsetMs).toISOString(),
	};
}

/** A visit of the contact, dated a clock second later than the last; its id. */
function addVisit(contactId: string, clock: ReturnType<typeof useClock>): string {
	clock.tick();
	return String(server.seedVisit({ contactId, date: clock.at() }).id);
}

beforeEach(() => {
	server.now = () => new Date();
});

test('an unknown event (a workflow saved with an event this version lacks) fails with its name, before any request', async () => {
	for (const mode of ['trigger', 'manual'] as const) {
		const poller = trigger({ event: 'newCheckIn' });
		await expect(poller.poll(mode)).rejects.toMatchObject({ message: 'Unknown event "newCheckIn"' });
	}
	expect(server.requests).toEqual([]);
});

describe('New Visit and New Contact: the state belongs to the event and the Contact filter', () => {
	test.each([
		['another contact', 'bob'],
		['every contact', undefined],
	] as const)('changing the Contact filter from one contact to %s starts afresh: earlier visits are not emitted, new ones are', async (_name, next) => {
		const clock = useClock();
		const ann = server.seedContact();
		const bob = server.seedContact();
		server.seedVisit({ contactId: ann.id as string, date: clock.at(-60_000) });
		// Earlier visits of Bob, within the look-back window of Ann's newest one.
		server.seedVisit({ contactId: bob.id as string, date: clock.at(-30_000) });
		server.seedVisit({ contactId: bob.id as string, date: clock.at(-20_000) });
		const annOnly = trigger({ event: 'newVisit', contactId: byId(ann.id as string) });
		expect(await annOnly.poll()).toBeNull();

		const filter = next ? { contactId: byId(bob.id as string) } : {};
		const query = next ? `contactId=${bob.id}&` : '';
		const changed = trigger({ event: 'newVisit', ...filter }, annOnly.staticData);
		server.clearLog();
		expect(await changed.poll()).toBeNull();
		expect(server.requestLines()).toEqual([`GET /v1/visits?${query}page=1&perPage=100`]);

		clock.tick();
		const fresh = server.seedVisit({ contactId: bob.id as string, date: clock.at() });
		expect(ids(await changed.poll())).toEqual([fresh.id]);
		expect(await changed.poll()).toBeNull();
	});

	test('switching the event from New Visit to New Contact starts afresh: contacts registered before are not emitted', async () => {
		const clock = useClock();
		const ann = server.seedContact();
		server.seedContact();
		clock.tick(3_600_000);
		server.seedVisit({ contactId: ann.id as string, date: clock.at() });
		const visits = trigger({ event: 'newVisit' });
		expect(await visits.poll()).toBeNull();

		const contacts = trigger({ event: 'newContact' }, visits.staticData);
		server.clearLog();
		expect(await contacts.poll()).toBeNull();
		expect(server.requestLines()).toEqual(['GET /v1/contacts?sort=REGISTRATION_DATE&order=DESC&page=1&perPage=100']);
		clock.tick();
		const registered = server.seedContact();
		expect(ids(await contacts.poll())).toEqual([registered.id]);
	});
});

describe('New Redeem: the state belongs to the Loyalty Reward and Contact filters', () => {
	test.each([
		['Loyalty Reward', { rewardId: 'rw_2', contactId: 'ct_1' }],
		['Contact', { rewardId: 'rw_1', contactId: 'ct_2' }],
	] as const)('changing the %s filter starts afresh: earlier redeems are not emitted, new ones are', async (_name, next) => {
		const t = Date.UTC(2026, 10, 1, 12);
		const at = (ms: number) => new Date(t + ms).toISOString();
		server.seedRedeem({ loyaltyRewardId: 'rw_1', contactId: 'ct_1', date: at(0) });
		// As many earlier redeems of the new filter (or more), dated within the window of the first.
		server.seedRedeem({ loyaltyRewardId: next.rewardId, contactId: next.contactId, date: at(-2000) });
		server.seedRedeem({ loyaltyRewardId: next.rewardId, contactId: next.contactId, date: at(-1000) });
		const before = trigger({ event: 'newRedeem', rewardId: byId('rw_1'), contactId: byId('ct_1') });
		expect(await before.poll()).toBeNull();

		const after = trigger({ event: 'newRedeem', rewardId: byId(next.rewardId), contactId: byId(next.contactId) }, before.staticData);
		server.clearLog();
		expect(await after.poll()).toBeNull();
		expect(server.requestLines()).toEqual([`GET /v1/loyalty-rewards/redeems?contactId=${next.contactId}&loyaltyRewardId=${next.rewardId}&page=1&perPage=100`]);

		const fresh = server.seedRedeem({ loyaltyRewardId: next.rewardId, contactId: next.contactId, date: at(1000) });
		expect(json(await after.poll())).toEqual([fresh]);
		expect(await after.poll()).toBeNull();
	});

	const PAIRS = [
		['reward and contact', { loyaltyRewardId: '1', contactId: '23' }, { loyaltyRewardId: '12', contactId: '3' }],
		['contact and employee', { loyaltyRewardId: 'rw_1', contactId: 'ct_1', employeeId: '23' }, { loyaltyRewardId: 'rw_1', contactId: 'ct_12', employeeId: '3' }],
	] as const;
	test.each((['oldestFirst', 'newestFirst'] as const).flatMap((order) => PAIRS.map(([name, first, second]) => [order, name, first, second] as const)))(
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
			expect(server.requestLines()).toEqual(['GET /v1/loyalty-rewards/redeems?page=1&perPage=100']);
			expect(await poller.poll()).toBeNull();
		},
	);
});

describe('the Contact and Loyalty Reward as they reach the API', () => {
	test('New Visit: an ID given with spaces around it is sent trimmed', async () => {
		const clock = useClock();
		const ann = server.seedContact();
		const bob = server.seedContact();
		const poller = trigger({ event: 'newVisit', contactId: byId(`  ${ann.id as string} `) });
		await poller.poll();
		clock.tick();
		const mine = server.seedVisit({ contactId: ann.id as string, date: clock.at() });
		server.seedVisit({ contactId: bob.id as string, date: clock.at() });
		server.clearLog();
		expect(ids(await poller.poll())).toEqual([mine.id]);
		expect(server.requestLines()).toEqual([`GET /v1/visits?contactId=${ann.id}&page=1&perPage=100`]);
	});

	test('New Redeem: IDs given with spaces around them are sent trimmed', async () => {
		const poller = trigger({ event: 'newRedeem', rewardId: byId(' rw_1  '), contactId: byId('\tct_1 ') });
		await poller.poll();
		server.seedRedeem({ loyaltyRewardId: 'rw_1', contactId: 'ct_2' });
		server.seedRedeem({ loyaltyRewardId: 'rw_2', contactId: 'ct_1' });
		const mine = server.seedRedeem({ loyaltyRewardId: 'rw_1', contactId: 'ct_1' });
		server.clearLog();
		expect(json(await poller.poll())).toEqual([mine]);
		expect(server.requestLines()).toEqual(['GET /v1/loyalty-rewards/redeems?contactId=ct_1&loyaltyRewardId=rw_1&page=1&perPage=100']);
	});

	test('New Visit: a Contact expression that gives nothing means every contact', async () => {
		const clock = useClock();
		const ann = server.seedContact();
		const bob = server.seedContact();
		const poller = trigger({ event: 'newVisit', contactId: byId('={{ null }}') });
		await poller.poll();
		clock.tick();
		const visits = [server.seedVisit({ contactId: ann.id as string, date: clock.at() })];
		clock.tick();
		visits.push(server.seedVisit({ contactId: bob.id as string, date: clock.at() }));
		server.clearLog();
		expect(ids(await poller.poll())).toEqual(visits.map((v) => v.id));
		expect(server.requestLines()).toEqual(['GET /v1/visits?page=1&perPage=100']);
	});

	test('New Redeem: a Loyalty Reward and a Contact expression that give nothing mean every reward and contact', async () => {
		const poller = trigger({ event: 'newRedeem', rewardId: byId('={{ null }}'), contactId: byId('={{ undefined }}') });
		await poller.poll();
		const added = [
			server.seedRedeem({ loyaltyRewardId: 'rw_1', contactId: 'ct_1', date: '2026-11-01T12:00:00.000Z' }),
			server.seedRedeem({ loyaltyRewardId: 'rw_2', contactId: 'ct_2', date: '2026-11-01T12:00:01.000Z' }),
		];
		server.clearLog();
		expect(json(await poller.poll())).toEqual(added);
		expect(server.requestLines()).toEqual(['GET /v1/loyalty-rewards/redeems?page=1&perPage=100']);
	});
});

describe('New Redeem, Fetch Test Event: the newest of the first and the last page', () => {
	test.each([0, 1, 100])('%i redeems (one page at most): one request', async (n) => {
		const t = Date.UTC(2026, 10, 1, 12);
		for (let i = 0; i < n; i++) server.seedRedeem({ loyaltyRewardId: 'rw_1', contactId: `ct_${i}`, date: new Date(t + i * 1000).toISOString() });
		const poller = trigger({ event: 'newRedeem' });
		expect(json(await poller.poll('manual')).map((r) => r.contactId)).toEqual(n ? [`ct_${n - 1}`] : []);
		expect(server.requestLines()).toEqual(['GET /v1/loyalty-rewards/redeems?page=1&perPage=100']);
	});

	test.each(['newestFirst', 'oldestFirst'] as const)('250 redeems listed %s: page 1 and the last page (3) are read', async (order) => {
		server.redeemOrder = order;
		const t = Date.UTC(2026, 10, 1, 12);
		for (let i = 0; i < 250; i++) server.seedRedeem({ loyaltyRewardId: 'rw_1', contactId: `ct_${i}`, date: new Date(t + i * 1000).toISOString() });
		const poller = trigger({ event: 'newRedeem' });
		expect(json(await poller.poll('manual')).map((r) => r.contactId)).toEqual(['ct_249']);
		expect(server.requestLines()).toEqual(['GET /v1/loyalty-rewards/redeems?page=1&perPage=100', 'GET /v1/loyalty-rewards/redeems?page=3&perPage=100']);
		expect(poller.staticData).toEqual({});
	});
});

describe('X-Total-Count missing, empty or not a number: no total', () => {
	test.each([
		['missing', undefined],
		['empty', ''],
		['not a number', 'unknown'],
	])('X-Total-Count %s: New Redeem, which cannot tell new redeems without it, says so (polls and Fetch Test Event) and keeps its state', async (_name, header) => {
		const gateway = await totalCountGateway(server, undefined);
		try {
			const poller = createPoller({ type: 'customerEngagementTrigger', parameters: { event: 'newRedeem' } as never, credentials: gateway.credentials });
			server.seedRedeem({ loyaltyRewardId: 'rw_1', contactId: 'ct_1', date: '2026-11-01T10:00:00.000Z' });
			expect(await poller.poll()).toBeNull();
			const kept = poller.staticData;
			expect(kept).not.toEqual({});
			// From now on the total is gone (a proxy in between, say).
			server.reportTotals = header !== undefined;
			gateway.rewrite(header);
			server.seedRedeem({ loyaltyRewardId: 'rw_1', contactId: 'ct_2', date: '2026-11-01T10:00:01.000Z' });
			for (const mode of ['trigger', 'manual'] as const) {
				server.clearLog();
				await expect(poller.poll(mode)).rejects.toMatchObject({
					message: 'The list of redeems did not say how many redeems it holds',
					description:
						'New Redeem needs the X-Total-Count header the API sends with the list to tell new redeems from known ones (redeems have no ID). Check that nothing between n8n and the API, such as a proxy, removes it.',
				});
				expect(server.requestLines()).toEqual(['GET /v1/loyalty-rewards/redeems?page=1&perPage=100']);
				expect(poller.staticData).toEqual(kept);
			}
			// The total back: the redeem made meanwhile is emitted, once.
			server.reportTotals = true;
			gateway.rewrite(undefined);
			expect(json(await poller.poll()).map((r) => r.contactId)).toEqual(['ct_2']);
		} finally {
			await gateway.close();
		}
	});

	test.each([
		['empty', ''],
		['not a number', 'unknown'],
		['a number', undefined],
	])('X-Total-Count %s: New Visit still finds a back-dated visit (a full page says there may be more)', async (_name, header) => {
		const clock = useClock();
		const contact = server.seedContact();
		for (let i = 0; i < 150; i++) server.seedVisit({ contactId: String(contact.id), date: clock.at(-i * 60_000) });
		const gateway = await totalCountGateway(server, header);
		try {
			const poller = createPoller({ type: 'customerEngagementTrigger', parameters: { event: 'newVisit' } as never, credentials: gateway.credentials });
			expect(await poller.poll()).toBeNull();
			// Dated among the old ones (page 2 of newest first), within the 24-hour window.
			const backDated = server.seedVisit({ contactId: String(contact.id), date: clock.at(-120.5 * 60_000) });
			expect(ids(await poller.poll())).toEqual([String(backDated.id)]);
		} finally {
			await gateway.close();
		}
	});
});

describe('New Loyalty Reward: the state belongs to the event', () => {
	const createReward = (title: string, points: number) =>
		server.state.rewards.set(`rw_${title}`, { id: `rw_${title}`, title, points, quantity: { total: null, perContact: null }, startDate: null, expiredDate: null, expires: false, type: 'ITEM', value: null, itemId: null, itemName: null });
	const titles = (batches: Batches) => json(batches).map((reward) => reward.title);

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
		expect(server.requestLines()).toEqual(['GET /v1/loyalty-rewards?page=1&perPage=100', 'GET /v1/loyalty-rewards?page=1&perPage=1']);
	});
});

describe('New Redeem: a first poll that finds the list moving', () => {
	test('keeps nothing, and the state it replaced is gone: back on New Visit, the trigger starts afresh', async () => {
		const clock = useClock();
		const contact = String(server.seedContact().id);
		addVisit(contact, clock);
		const visits = trigger({ event: 'newVisit' });
		expect(await visits.poll()).toBeNull();
		for (let i = 0; i < 150; i++) server.seedRedeem({ loyaltyRewardId: 'rw_1', contactId: `ct_${i}`, date: clock.at(-i * 1000) });
		// A redeem made while the first New Redeem poll reads page 2.
		server.whenRequested(
			(req) => req.query.some(([name, value]) => name === 'page' && value === '2'),
			() => server.seedRedeem({ loyaltyRewardId: 'rw_1', contactId: 'ct_new', date: clock.at() }),
		);
		const redeems = trigger({ event: 'newRedeem' }, visits.staticData);
		expect(await redeems.poll()).toBeNull();
		expect(redeems.staticData).toEqual({ 'node:Trigger': { key: 'newRedeem:*:*', feed: expect.anything() } });
		// A visit while the trigger was on New Redeem is not new to a New Visit trigger started after it.
		addVisit(contact, clock);
		const back = trigger({ event: 'newVisit' }, redeems.staticData);
		expect(await back.poll()).toBeNull();
		const later = addVisit(contact, clock);
		expect(ids(await back.poll())).toEqual([later]);
	});
});

describe('window options from expressions: checked before any request', () => {
	test.each([
		[{ event: 'newRedeem', redeemWindowMinutes: '={{ "soon" }}' }, 'Late Redeem Window (Minutes): must be a number from 1 to 1440, got "soon"'],
		[{ event: 'newRedeem', redeemWindowMinutes: '={{ 0 }}' }, 'Late Redeem Window (Minutes): must be a number from 1 to 1440, got 0'],
		[{ event: 'newRedeem', redeemWindowMinutes: '={{ 1441 }}' }, 'Late Redeem Window (Minutes): must be a number from 1 to 1440, got 1441'],
		[{ event: 'newVisit', lookBackHours: '={{ "a day" }}' }, 'Back-Dated Visits Window (Hours): must be a number from 0 to 720, got "a day"'],
		[{ event: 'newVisit', lookBackHours: '={{ -1 }}' }, 'Back-Dated Visits Window (Hours): must be a number from 0 to 720, got -1'],
	])('%o: "%s"', async (parameters, message) => {
		await expect(trigger(parameters).poll()).rejects.toMatchObject({ message });
		expect(server.requestLines()).toEqual([]);
	});

	test.each([
		['={{ "1" }}', 1],
		['={{ undefined }}', 60],
	])('Late Redeem Window %s: a redeem dated %i minutes before the newest is still caught, one dated more is not', async (redeemWindowMinutes, minutes) => {
		const t = Date.UTC(2026, 10, 1, 12);
		server.seedRedeem({ loyaltyRewardId: 'rw_1', contactId: 'ct_newest', date: new Date(t).toISOString() });
		const poller = trigger({ event: 'newRedeem', redeemWindowMinutes });
		expect(await poller.poll()).toBeNull();
		const inside = server.seedRedeem({ loyaltyRewardId: 'rw_1', contactId: 'ct_inside', date: new Date(t - minutes * 60_000).toISOString() });
		server.seedRedeem({ loyaltyRewardId: 'rw_1', contactId: 'ct_outside', date: new Date(t - minutes * 60_000 - 1000).toISOString() });
		expect(json(await poller.poll())).toEqual([inside]);
	});
});
