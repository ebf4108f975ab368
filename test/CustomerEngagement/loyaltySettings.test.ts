/** Loyalty Settings (resources/loyaltySettings/), through n8n's engine against the stand-in. */
import { useCustomerEngagementServer } from '../support/setup';

const { server, run } = useCustomerEngagementServer();
const json = (result: Awaited<ReturnType<typeof run>>) => result.items.map((i) => i.json);

test('settings get and update', async () => {
	const got = await run({ resource: 'loyaltySettings', operation: 'get' });
	expect(json(got)[0]).toEqual({ checkin: 1, share: 5, review: 10, pointsPerDollar: 0 });
	const updated = await run({
		resource: 'loyaltySettings',
		operation: 'update',
		updateFields: { checkin: 2 },
	});
	expect(server.requests[1].body).toEqual({ checkin: 2 });
	expect(json(updated)[0]).toEqual({ checkin: 2, share: 5, review: 10, pointsPerDollar: 0 });
	expect(server.requestLines()).toEqual([
		'GET /v1/loyalty-rewards/loyalty-settings',
		'PUT /v1/loyalty-rewards/loyalty-settings',
	]);
});

test('settings get, on 3 items: no expression of its own; the settings read 3 times', async () => {
	const result = await run(
		{ resource: 'loyaltySettings', operation: 'get' },
		{ items: [{}, {}, {}] },
	);
	expect(result.error).toBeUndefined();
	expect(json(result)).toEqual(
		Array(3).fill({ checkin: 1, share: 5, review: 10, pointsPerDollar: 0 }),
	);
	expect(server.requestLines()).toEqual(Array(3).fill('GET /v1/loyalty-rewards/loyalty-settings'));
});

test('settings update, every value an expression: each evaluated only as often as n8n needs; 3 updates sent', async () => {
	const result = await run(
		{
			resource: 'loyaltySettings',
			operation: 'update',
			updateFields: { checkin: '={{ $json.points }}' },
		},
		{ items: [0, 1, 2].map((i) => ({ points: i })) },
	);
	expect(result.error).toBeUndefined();
	expect(json(result).map((s) => s.checkin)).toEqual([0, 1, 2]);
	expect(server.requestLines()).toEqual(Array(3).fill('PUT /v1/loyalty-rewards/loyalty-settings'));
	expect(server.requests.map((r) => r.body)).toEqual([
		{ checkin: 0 },
		{ checkin: 1 },
		{ checkin: 2 },
	]);
});
