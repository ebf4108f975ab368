/**
 * Loyalty Reward (resources/loyaltyReward/) and the redeems it lists, through n8n's engine
 * against the stand-in. Update is the safe update: it carries every field the API's PUT would
 * null, one row per field, so a field dropped from mergeReward names itself (the read before
 * the write: test/CustomerEngagement/contact.update.test.ts).
 */
import type { IDataObject } from 'n8n-workflow';
import { byId } from '../../harness/engine';
import { useCustomerEngagementServer } from '../support/setup';
import { mergeReward } from '../../nodes/CustomerEngagement/resources/loyaltyReward/update';

const { server, run } = useCustomerEngagementServer();
const json = (result: Awaited<ReturnType<typeof run>>) => result.items.map((i) => i.json);

describe('loyalty reward, redeem', () => {
	test('create, with dates converted', async () => {
		const result = await run({
			resource: 'loyaltyReward',
			operation: 'create',
			title: 'Coffee',
			points: 10,
			additionalFields: {
				type: 'PERCENT_DISCOUNT',
				value: 15,
				startDate: '2026-01-01T00:00:00Z',
				quantity: { total: 50, perContact: 1 },
			},
		});
		expect(server.requestLines()).toEqual(['POST /v1/loyalty-rewards']);
		expect(server.requests[0].body).toEqual({
			title: 'Coffee',
			points: 10,
			type: 'PERCENT_DISCOUNT',
			value: 15,
			startDate: '2026-01-01T00:00:00.000Z',
			quantity: { total: 50, perContact: 1 },
		});
		expect(json(result)[0]).toMatchObject({
			title: 'Coffee',
			quantity: { total: 50, perContact: 1 },
		});
	});

	test.each([
		[
			{ points: 1, additionalFields: { type: 'PERCENT_DISCOUNT', value: 120 } },
			'Value: a percent discount must be between 0 and 100, got 120',
		],
		[
			{ points: 1, additionalFields: { type: 'CASH_DISCOUNT', value: -1 } },
			'Value: must be a number of at least 0, got -1',
		],
		[{ points: -1 }, 'Points: must be a number of at least 0, got -1'],
		[{ points: '={{ $json.nothing }}' }, 'Points: must be a number of at least 0, got undefined'],
	])('reward create %j is rejected before any request', async (params, message) => {
		const result = await run({
			resource: 'loyaltyReward',
			operation: 'create',
			title: 'X',
			...params,
		});
		expect(result.error?.message).toBe(message);
		expect(server.requests).toHaveLength(0);
	});

	test.each([
		[{ points: -1 }, 'Points: must be a number of at least 0, got -1'],
		[{ points: '={{ $json.nothing }}' }, 'Points: must be a number of at least 0, got undefined'],
		[{ value: -5 }, 'Value: must be a number of at least 0, got -5'],
		[{ value: '={{ $json.nothing }}' }, 'Value: must be a number of at least 0, got undefined'],
	])('reward update %j is rejected before any request', async (updateFields, message) => {
		const result = await run({
			resource: 'loyaltyReward',
			operation: 'update',
			rewardId: byId('rw_1'),
			updateFields,
		});
		expect(result.error?.message).toBe(message);
		expect(server.requests).toHaveLength(0);
	});

	test('the bounds themselves are accepted: 0 points, a value of 0, 100 percent, 150 in cash', async () => {
		const created = await Promise.all(
			[
				{ points: 0, additionalFields: { type: 'CASH_DISCOUNT', value: 0 } },
				{ points: 1, additionalFields: { type: 'PERCENT_DISCOUNT', value: 100 } },
				{ points: 1, additionalFields: { type: 'CASH_DISCOUNT', value: 150 } },
			].map((params) =>
				run({ resource: 'loyaltyReward', operation: 'create', title: 'X', ...params }),
			),
		);
		expect(created.map((r) => r.error?.message)).toEqual([undefined, undefined, undefined]);
		expect(
			server.requests
				.map(
					(r) => [r.body as { points: number; value: number }].map((b) => [b.points, b.value])[0],
				)
				.sort(),
		).toEqual([
			[0, 0],
			[1, 100],
			[1, 150],
		]);
	});

	test('update changes only the given fields (the API would null the rest)', async () => {
		const created = await run({
			resource: 'loyaltyReward',
			operation: 'create',
			title: 'Coffee',
			points: 10,
			additionalFields: { itemName: 'Latte', quantity: { total: 5 } },
		});
		const id = json(created)[0].id as string;
		server.clearLog();
		const result = await run({
			resource: 'loyaltyReward',
			operation: 'update',
			rewardId: byId(id),
			updateFields: { points: 12 },
		});
		expect(server.requestLines()).toEqual([
			`GET /v1/loyalty-rewards/${id}`,
			`PUT /v1/loyalty-rewards/${id}`,
		]);
		expect(json(result)[0]).toMatchObject({
			title: 'Coffee',
			points: 12,
			itemName: 'Latte',
			quantity: { total: 5, perContact: null },
		});
	});

	test('update keeps the other half of Quantity: changing the points keeps both, changing Per Contact keeps Total', async () => {
		const created = await run({
			resource: 'loyaltyReward',
			operation: 'create',
			title: 'Coffee',
			points: 10,
			additionalFields: { quantity: { total: 5, perContact: 2 } },
		});
		const id = json(created)[0].id as string;
		server.clearLog();
		await run({
			resource: 'loyaltyReward',
			operation: 'update',
			rewardId: byId(id),
			updateFields: { points: 12 },
		});
		expect((server.requests[1].body as { quantity: unknown }).quantity).toEqual({
			total: 5,
			perContact: 2,
		});
		server.clearLog();
		const result = await run({
			resource: 'loyaltyReward',
			operation: 'update',
			rewardId: byId(id),
			updateFields: { quantity: { perContact: 3 } },
		});
		expect((server.requests[1].body as { quantity: unknown }).quantity).toEqual({
			total: 5,
			perContact: 3,
		});
		expect(json(result)[0]).toMatchObject({ points: 12, quantity: { total: 5, perContact: 3 } });
	});

	test('get (with contactId), getAll, delete', async () => {
		const contact = server.seedContact();
		const reward = await run({
			resource: 'loyaltyReward',
			operation: 'create',
			title: 'Tea',
			points: 3,
		});
		const id = json(reward)[0].id as string;
		server.clearLog();
		const got = await run({
			resource: 'loyaltyReward',
			operation: 'get',
			rewardId: byId(id),
			options: { contactId: contact.id },
		});
		expect(json(got)[0]).toMatchObject({ id, contactId: contact.id });
		const list = await run({ resource: 'loyaltyReward', operation: 'getAll', returnAll: true });
		expect(json(list).map((r) => r.id)).toEqual([id]);
		const deleted = await run({
			resource: 'loyaltyReward',
			operation: 'delete',
			rewardId: byId(id),
		});
		expect(json(deleted)[0]).toMatchObject({ id, title: 'Tea' });
		expect(server.requestLines()).toEqual([
			`GET /v1/loyalty-rewards/${id}?contactId=${contact.id}`,
			'GET /v1/loyalty-rewards?page=1&perPage=100',
			`DELETE /v1/loyalty-rewards/${id}`,
		]);
	});

	test('redeem (204) says what happened; redeems list by reward', async () => {
		const contact = server.seedContact({ loyaltyPointsCount: 20 });
		const reward = json(
			await run({ resource: 'loyaltyReward', operation: 'create', title: 'Tea', points: 3 }),
		)[0];
		server.clearLog();
		const result = await run({
			resource: 'loyaltyReward',
			operation: 'redeem',
			rewardId: byId(reward.id as string),
			contactId: byId(contact.id as string),
			redeemFields: { note: 'counter' },
		});
		expect(server.requestLines()).toEqual([`POST /v1/loyalty-rewards/${reward.id}/redeem`]);
		expect(server.requests[0].body).toEqual({ contactId: contact.id, note: 'counter' });
		expect(json(result)).toEqual([{ success: true, rewardId: reward.id, contactId: contact.id }]);
		const redeems = await run({
			resource: 'redeem',
			operation: 'getAll',
			returnAll: true,
			filters: { loyaltyRewardId: reward.id },
		});
		expect(json(redeems)).toEqual([
			expect.objectContaining({
				loyaltyRewardId: reward.id,
				contactId: contact.id,
				points: 3,
				note: 'counter',
			}),
		]);
		expect(server.requestLines()[1]).toBe(
			`GET /v1/loyalty-rewards/redeems?loyaltyRewardId=${reward.id}&page=1&perPage=100`,
		);
	});

	test('Create, every value an expression: each evaluated only as often as n8n needs; 3 rewards sent', async () => {
		const result = await run(
			{
				resource: 'loyaltyReward',
				operation: 'create',
				title: '={{ $json.title }}',
				points: '={{ $json.points }}',
			},
			{ items: [0, 1, 2].map((i) => ({ title: `R${i}`, points: i + 1 })) },
		);
		expect(result.error).toBeUndefined();
		expect(json(result).map((r) => [r.title, r.points])).toEqual([
			['R0', 1],
			['R1', 2],
			['R2', 3],
		]);
		expect(server.requestLines()).toEqual(Array(3).fill('POST /v1/loyalty-rewards'));
		expect(server.requests.map((r) => r.body)).toEqual(
			[0, 1, 2].map((i) => ({ title: `R${i}`, points: i + 1 })),
		);
	});

	test('Get, every value an expression: each evaluated only as often as n8n needs; 3 rewards read', async () => {
		const ids = seedRewards();
		const result = await run(
			{ resource: 'loyaltyReward', operation: 'get', rewardId: byId('={{ $json.reward }}') },
			{ items: ids.map((reward) => ({ reward })) },
		);
		expect(result.error).toBeUndefined();
		expect(json(result).map((r) => r.id)).toEqual(ids);
		expect(server.requestLines()).toEqual(ids.map((id) => `GET /v1/loyalty-rewards/${id}`));
	});

	test('Update, every value an expression: each evaluated only as often as n8n needs; 3 rewards read and written', async () => {
		const ids = seedRewards();
		const result = await run(
			{
				resource: 'loyaltyReward',
				operation: 'update',
				rewardId: byId('={{ $json.reward }}'),
				updateFields: { points: '={{ $json.points }}' },
			},
			{ items: ids.map((reward, i) => ({ reward, points: i + 2 })) },
		);
		expect(result.error).toBeUndefined();
		expect(json(result).map((r) => [r.id, r.title, r.points])).toEqual(
			ids.map((id, i) => [id, `Coffee ${i}`, i + 2]),
		);
		// The items run side by side: each its read, then its write.
		const puts = server.requests.filter((r) => r.method === 'PUT');
		expect(server.requestLines().sort()).toEqual(
			[
				...ids.map((id) => `GET /v1/loyalty-rewards/${id}`),
				...ids.map((id) => `PUT /v1/loyalty-rewards/${id}`),
			].sort(),
		);
		expect(ids.map((id) => puts.find((r) => r.path === `/v1/loyalty-rewards/${id}`)?.body)).toEqual(
			[0, 1, 2].map((i) => ({
				points: i + 2,
				startDate: null,
				expiredDate: null,
				expires: false,
				type: 'ITEM',
				value: null,
				itemId: null,
				itemName: null,
				quantity: { total: null, perContact: null },
			})),
		);
	});

	test('Get Many, on 3 items: no expression of its own; the rewards read 3 times', async () => {
		const ids = seedRewards();
		const result = await run(
			{ resource: 'loyaltyReward', operation: 'getAll', returnAll: true },
			{ items: [{}, {}, {}] },
		);
		expect(result.error).toBeUndefined();
		expect(json(result).map((r) => r.id)).toEqual([...ids, ...ids, ...ids]);
		expect(server.requestLines()).toEqual(
			Array(3).fill('GET /v1/loyalty-rewards?page=1&perPage=100'),
		);
	});

	test('Redeem, every value an expression: each evaluated only as often as n8n needs; 3 redeems sent', async () => {
		const [rewardId] = seedRewards();
		const contacts = [0, 1, 2].map(
			() => server.seedContact({ loyaltyPointsCount: 100 }).id as string,
		);
		const result = await run(
			{
				resource: 'loyaltyReward',
				operation: 'redeem',
				rewardId: byId('={{ $json.reward }}'),
				contactId: byId('={{ $json.id }}'),
			},
			{ items: contacts.map((id) => ({ reward: rewardId, id })) },
		);
		expect(result.error).toBeUndefined();
		expect(json(result)).toEqual(
			contacts.map((contactId) => ({ success: true, rewardId, contactId })),
		);
		expect(server.requestLines()).toEqual(
			Array(3).fill(`POST /v1/loyalty-rewards/${rewardId}/redeem`),
		);
		expect(server.requests.map((r) => r.body)).toEqual(
			contacts.map((contactId) => ({ contactId })),
		);
	});

	test('Delete, every value an expression: each evaluated only as often as n8n needs; 3 rewards deleted', async () => {
		const ids = seedRewards();
		const result = await run(
			{ resource: 'loyaltyReward', operation: 'delete', rewardId: byId('={{ $json.reward }}') },
			{ items: ids.map((reward) => ({ reward })) },
		);
		expect(result.error).toBeUndefined();
		expect(json(result).map((r) => r.id)).toEqual(ids);
		expect(server.requestLines()).toEqual(ids.map((id) => `DELETE /v1/loyalty-rewards/${id}`));
		expect(server.state.rewards.size).toBe(0);
	});

	test('redeem Get Many, every value an expression: each evaluated only as often as n8n needs; the redeems of 3 contacts read', async () => {
		const [rewardId] = seedRewards();
		const contacts = [0, 1, 2].map(() => server.seedContact().id as string);
		for (const contactId of contacts) server.seedRedeem({ loyaltyRewardId: rewardId, contactId });
		const result = await run(
			{
				resource: 'redeem',
				operation: 'getAll',
				returnAll: true,
				filters: { contactId: '={{ $json.id }}' },
			},
			{ items: contacts.map((id) => ({ id })) },
		);
		expect(result.error).toBeUndefined();
		expect(json(result).map((r) => [r.loyaltyRewardId, r.contactId])).toEqual(
			contacts.map((id) => [rewardId, id]),
		);
		expect(server.requestLines()).toEqual(
			contacts.map((id) => `GET /v1/loyalty-rewards/redeems?contactId=${id}&page=1&perPage=100`),
		);
	});
});

/** Three rewards of 1 point, as the API stores them. */
function seedRewards(): string[] {
	return [0, 1, 2].map((i) => {
		const id = `rw_${i}`;
		server.state.rewards.set(id, {
			id,
			title: `Coffee ${i}`,
			points: 1,
			quantity: { total: null, perContact: null },
			startDate: null,
			expiredDate: null,
			expires: false,
			type: 'ITEM',
			value: null,
			itemId: null,
			itemName: null,
		});
		return id;
	});
}

function valueAt(record: unknown, path: string): unknown {
	return path
		.split('.')
		.reduce<unknown>((value, key) => (value as IDataObject | undefined)?.[key], record);
}

describe('the safe update carries every field the API would null', () => {
	// Spec, reward update: points required, the other fields as in create except title;
	// "parameters not provided are set to null".
	const rewardFields: Array<[field: string, seeded: unknown]> = [
		['points', 25],
		['quantity.total', 5],
		['quantity.perContact', 2],
		['startDate', '2026-01-01T00:00:00.000Z'],
		['expiredDate', '2027-01-01T00:00:00.000Z'],
		['expires', true],
		['type', 'CASH_DISCOUNT'],
		['value', 15],
		['itemId', 'sku-1'],
		['itemName', 'Latte'],
	];

	/** A reward as the stand-in stores it, every field at its default but the one under test. */
	function seedReward(field: string, seeded: unknown): string {
		const id = server.nextId('rw_');
		const reward: IDataObject = {
			id,
			title: 'Coffee',
			points: 10,
			quantity: { total: null, perContact: null },
			startDate: null,
			expiredDate: null,
			expires: false,
			type: 'ITEM',
			value: null,
			itemId: null,
			itemName: null,
		};
		const [key, half] = field.split('.');
		if (half) (reward[key] as IDataObject)[half] = seeded as IDataObject[string];
		else reward[key] = seeded as IDataObject[string];
		server.state.rewards.set(id, reward);
		return id;
	}

	test.each(rewardFields)(
		'loyalty reward Update keeps %s (seeded %j) while changing another field',
		async (field, seeded) => {
			const id = seedReward(field, seeded);
			const change: IDataObject = field === 'points' ? { itemName: 'Changed' } : { points: 40 };
			const result = await run({
				resource: 'loyaltyReward',
				operation: 'update',
				rewardId: byId(id),
				updateFields: change,
			});
			expect(result.error).toBeUndefined();
			expect(server.requestLines()).toEqual([
				`GET /v1/loyalty-rewards/${id}`,
				`PUT /v1/loyalty-rewards/${id}`,
			]);
			const sent = server.requests[1].body as IDataObject;
			expect(sent).toMatchObject(change);
			expect(valueAt(sent, field)).toEqual(seeded);
			const stored = server.state.rewards.get(id)!;
			expect(stored).toMatchObject({ ...change, title: 'Coffee' });
			expect(valueAt(stored, field)).toEqual(seeded);
		},
	);
});

describe('mergeReward', () => {
	test('a change without a value keeps the stored value; a missing quantity half is null; fields the reward lacks are not sent', () => {
		const merged = mergeReward(
			{ points: 10, itemName: 'Latte', quantity: { total: 5 } },
			{ points: undefined, quantity: undefined },
		);
		expect(merged).toStrictEqual({
			points: 10,
			itemName: 'Latte',
			quantity: { total: 5, perContact: null },
		});
	});

	test('one half of quantity changes, the other is kept', () => {
		expect(
			mergeReward(
				{ points: 1, quantity: { total: 5, perContact: 2 } },
				{ quantity: { perContact: 3 } },
			),
		).toStrictEqual({ points: 1, quantity: { total: 5, perContact: 3 } });
	});
});
