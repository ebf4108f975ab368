/** Loyalty Settings (resources/loyaltySettings/), through n8n's engine against the stand-in. */
import { useCustomerEngagementServer } from '../support/setup';

const { server, run } = useCustomerEngagementServer();
const json = (result: Awaited<ReturnType<typeof run>>) => result.items.map((i) => i.json);

test('settings get and update', async () => {
	const got = await run({ resource: 'loyaltySettings', operation: 'get' });
	expect(json(got)[0]).toEqual({ checkin: 1, share: 5, review: 10, pointsPerDollar: 0 });
	const updated = await run({ resource: 'loyaltySettings', operation: 'update', updateFields: { checkin: 2 } });
	expect(server.requests[1].body).toEqual({ checkin: 2 });
	expect(json(updated)[0]).toEqual({ checkin: 2, share: 5, review: 10, pointsPerDollar: 0 });
	expect(server.requestLines()).toEqual(['GET /v1/loyalty-rewards/loyalty-settings', 'PUT /v1/loyalty-rewards/loyalty-settings']);
});
