/** Channel → Get Many (resources/channel/): the project's integrations, one request, through n8n's engine against the stand-in. */
import { useCheckMonitorServer } from '../support/setup';

const { server, run } = useCheckMonitorServer();
const json = (result: Awaited<ReturnType<typeof run>>) => result.items.map((i) => i.json);

test('channel getAll: one item per integration', async () => {
	const channel = server.seedChannel('ops', 'slack');
	const result = await run({ resource: 'channel', operation: 'getAll' });
	expect(server.requestLines()).toEqual(['GET /api/v3/channels/']);
	expect(json(result)).toEqual([channel]);
});

describe('Return All and Limit, one request either way', () => {
	test.each([
		[{ returnAll: true }, ['a', 'b', 'c']],
		[{ returnAll: false, limit: 2 }, ['a', 'b']],
	])('channels %j', async (options, names) => {
		for (const name of ['a', 'b', 'c']) server.seedChannel(name);
		const result = await run({ resource: 'channel', operation: 'getAll', ...options });
		expect(json(result).map((c) => c.name)).toEqual(names);
		expect(server.requestLines()).toEqual(['GET /api/v3/channels/']);
	});
});

test('channel getAll, on 3 items: no expression of its own; the integrations read 3 times', async () => {
	const channel = server.seedChannel('ops', 'slack');
	const result = await run({ resource: 'channel', operation: 'getAll' }, { items: [{}, {}, {}] });
	expect(result.error).toBeUndefined();
	expect(json(result)).toEqual([channel, channel, channel]);
	expect(server.requestLines()).toEqual(Array(3).fill('GET /api/v3/channels/'));
});
