/** Label (resources/label/), through n8n's engine against the stand-in. */
import { byId } from '../../harness/engine';
import { useCustomerEngagementServer } from '../support/setup';

const { server, run } = useCustomerEngagementServer();
const json = (result: Awaited<ReturnType<typeof run>>) => result.items.map((i) => i.json);

describe('label', () => {
	test('create with a color', async () => {
		const result = await run({
			resource: 'label',
			operation: 'create',
			name: 'VIP',
			additionalFields: { color: 'AMBER' },
		});
		expect(server.requests[0].body).toEqual({ name: 'VIP', color: 'AMBER' });
		expect(json(result)[0]).toMatchObject({ name: 'VIP', color: 'AMBER' });
	});

	test('a color outside the list is rejected before any request', async () => {
		const result = await run({
			resource: 'label',
			operation: 'create',
			name: 'VIP',
			additionalFields: { color: '={{ "GOLD" }}' },
		});
		expect(result.error?.message).toMatch(
			/^Color: "GOLD" is not a label color; use one of AMBER, BLUE_GREY/,
		);
		expect(server.requests).toHaveLength(0);
	});

	test('Create, every value an expression: each evaluated only as often as n8n needs; 3 labels sent', async () => {
		const result = await run(
			{ resource: 'label', operation: 'create', name: '={{ $json.name }}' },
			{ items: [0, 1, 2].map((i) => ({ name: `L${i}` })) },
		);
		expect(result.error).toBeUndefined();
		expect(json(result).map((l) => l.name)).toEqual(['L0', 'L1', 'L2']);
		expect(server.requestLines()).toEqual(Array(3).fill('POST /v1/labels'));
		expect(server.requests.map((r) => r.body)).toEqual([
			{ name: 'L0' },
			{ name: 'L1' },
			{ name: 'L2' },
		]);
	});

	test('Get, every value an expression: each evaluated only as often as n8n needs; 3 labels read', async () => {
		for (const id of ['lb_0', 'lb_1', 'lb_2'])
			server.state.labels.set(id, { id, name: id, color: 'GREY' });
		const result = await run(
			{ resource: 'label', operation: 'get', labelId: byId('={{ $json.label }}') },
			{ items: [0, 1, 2].map((i) => ({ label: `lb_${i}` })) },
		);
		expect(result.error).toBeUndefined();
		expect(json(result).map((l) => l.id)).toEqual(['lb_0', 'lb_1', 'lb_2']);
		expect(server.requestLines()).toEqual([
			'GET /v1/labels/lb_0',
			'GET /v1/labels/lb_1',
			'GET /v1/labels/lb_2',
		]);
	});

	test('Get Many, on 3 items: no expression of its own; the labels read 3 times', async () => {
		server.state.labels.set('lb_1', { id: 'lb_1', name: 'VIP', color: 'GREY' });
		const result = await run(
			{ resource: 'label', operation: 'getAll', returnAll: true },
			{ items: [{}, {}, {}] },
		);
		expect(result.error).toBeUndefined();
		expect(json(result).map((l) => l.id)).toEqual(['lb_1', 'lb_1', 'lb_1']);
		expect(server.requestLines()).toEqual(Array(3).fill('GET /v1/labels?page=1&perPage=100'));
	});
});
