/** Badge → Get Many (resources/badge/): one badge per tag plus "*", one request, through n8n's engine against the stand-in. */
import { useCheckMonitorServer } from '../support/setup';

const { server, run } = useCheckMonitorServer();
const json = (result: Awaited<ReturnType<typeof run>>) => result.items.map((i) => i.json);

test('badge getAll: one item per tag plus "*"', async () => {
	server.seedCheck({ tags: 'prod' });
	const result = await run({ resource: 'badge', operation: 'getAll' });
	expect(server.requestLines()).toEqual(['GET /api/v3/badges/']);
	expect(json(result).map((b) => [b.tag, b.allChecks])).toEqual([
		['prod', false],
		['*', true],
	]);
	expect(json(result)[0].shields).toMatch(/\.shields$/);
});

describe('Return All and Limit, one request either way', () => {
	test.each([
		[{ returnAll: true }, 3],
		[{ returnAll: false, limit: 1 }, 1],
	])('badges %j: the limit counts badge tags', async (options, count) => {
		server.seedCheck({ tags: 'prod db' });
		const result = await run({ resource: 'badge', operation: 'getAll', ...options });
		expect(json(result)).toHaveLength(count);
		expect(server.requestLines()).toEqual(['GET /api/v3/badges/']);
	});
});

test('badge getAll, on 3 items: no expression of its own; the badges read 3 times', async () => {
	server.seedCheck({ tags: 'prod' });
	const result = await run({ resource: 'badge', operation: 'getAll' }, { items: [{}, {}, {}] });
	expect(result.error).toBeUndefined();
	expect(json(result).map((b) => b.tag)).toEqual(['prod', '*', 'prod', '*', 'prod', '*']);
	expect(server.requestLines()).toEqual(Array(3).fill('GET /api/v3/badges/'));
});
