/** Label (resources/label/), through n8n's engine against the stand-in. */
import { useCustomerEngagementServer } from '../support/setup';

const { server, run } = useCustomerEngagementServer();
const json = (result: Awaited<ReturnType<typeof run>>) => result.items.map((i) => i.json);

describe('label', () => {
	test('create with a color', async () => {
		const result = await run({ resource: 'label', operation: 'create', name: 'VIP', additionalFields: { color: 'AMBER' } });
		expect(server.requests[0].body).toEqual({ name: 'VIP', color: 'AMBER' });
		expect(json(result)[0]).toMatchObject({ name: 'VIP', color: 'AMBER' });
	});

	test('a color outside the list is rejected before any request', async () => {
		const result = await run({ resource: 'label', operation: 'create', name: 'VIP', additionalFields: { color: '={{ "GOLD" }}' } });
		expect(result.error?.message).toMatch(/^Color: "GOLD" is not a label color; use one of AMBER, BLUE_GREY/);
		expect(server.requests).toHaveLength(0);
	});
});
