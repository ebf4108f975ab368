/**
 * Flip → Get Many (resources/flip/): the flips of a check, through n8n's engine against the
 * stand-in; its filters at their bounds (what the server would refuse with an empty 400 is
 * refused here, by name).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { byId, runNode } from '../../harness/engine';
import { useCheckMonitorServer } from '../support/setup';

const { server, credentials, run } = useCheckMonitorServer();
const json = (result: Awaited<ReturnType<typeof run>>) => result.items.map((i) => i.json);

describe('flip', () => {
	test('reads {"flips": [...]}, converts start/end to UNIX seconds, and names the check', async () => {
		const check = server.seedCheck();
		server.seedFlip(check.uuid, new Date('2026-11-01T10:00:00Z'), 1);
		server.seedFlip(check.uuid, new Date('2026-11-03T10:00:00Z'), 0);
		const result = await run({
			resource: 'flip',
			operation: 'getAll',
			checkId: byId(check.uuid),
			returnAll: true,
			filters: { start: '2026-11-01T10:00:00.000Z', end: '2026-11-05T00:00:00.000Z' },
		});
		const start = Date.parse('2026-11-01T10:00:00Z') / 1000;
		const end = Date.parse('2026-11-05T00:00:00Z') / 1000;
		expect(server.requestLines()).toEqual([
			`GET /api/v3/checks/${check.uuid}/flips/?end=${end}&start=${start}`,
		]);
		expect(json(result)).toEqual([
			{ checkId: check.uuid, timestamp: '2026-11-03T10:00:00+00:00', up: 0, to: 'not up' },
			{ checkId: check.uuid, timestamp: '2026-11-01T10:00:00+00:00', up: 1, to: 'up' },
		]);
	});

	test("a start without zone is read in the workflow timezone, not the machine's", async () => {
		const check = server.seedCheck();
		await runNode({
			type: 'checkMonitor',
			parameters: {
				resource: 'flip',
				operation: 'getAll',
				checkId: byId(check.uuid),
				returnAll: true,
				filters: { start: '2026-11-01T10:00:00' },
			} as never,
			credentials: credentials(),
			timezone: 'America/New_York',
		});
		expect(server.requestLines()).toEqual([
			`GET /api/v3/checks/${check.uuid}/flips/?start=${Date.parse('2026-11-01T15:00:00Z') / 1000}`,
		]);
	});

	test("also reads a bare array (the spec's shape)", async () => {
		const check = server.seedCheck();
		server.injectFault({
			kind: 'status',
			status: 200,
			body: [{ timestamp: '2026-11-01T10:00:00+00:00', up: 1 }],
		});
		const result = await run({
			resource: 'flip',
			operation: 'getAll',
			checkId: byId(check.uuid),
			returnAll: true,
		});
		expect(json(result)).toEqual([
			{ checkId: check.uuid, timestamp: '2026-11-01T10:00:00+00:00', up: 1, to: 'up' },
		]);
	});

	test('seconds is sent as given; a bad seconds value is rejected before any request', async () => {
		const check = server.seedCheck();
		await run({
			resource: 'flip',
			operation: 'getAll',
			checkId: byId(check.uuid),
			returnAll: true,
			filters: { seconds: 600 },
		});
		expect(server.requestLines()).toEqual([`GET /api/v3/checks/${check.uuid}/flips/?seconds=600`]);
		server.clearLog();
		const bad = await run({
			resource: 'flip',
			operation: 'getAll',
			checkId: byId(check.uuid),
			returnAll: true,
			filters: { seconds: 1.5 },
		});
		expect(bad.error?.message).toBe(
			'Seconds: must be a whole number from 0 to 31536000 (one year), got 1.5',
		);
		expect(server.requests).toHaveLength(0);
	});

	test('an empty-body 400 from the server becomes a clear message', async () => {
		const check = server.seedCheck();
		server.injectFault({ kind: 'status', status: 400 });
		const result = await run({
			resource: 'flip',
			operation: 'getAll',
			checkId: byId(check.uuid),
			returnAll: true,
		});
		expect(result.error?.message).toBe('The server rejected the flips filter');
	});

	test('Get Many, every value an expression: each evaluated only as often as n8n needs; the flips of 3 checks read', async () => {
		const uuids = [0, 1, 2].map(() => server.seedCheck().uuid);
		for (const uuid of uuids) server.seedFlip(uuid, new Date(Date.now() - 60_000), 1);
		const result = await run(
			{
				resource: 'flip',
				operation: 'getAll',
				returnAll: true,
				checkId: byId('={{ $json.check }}'),
				filters: { seconds: '={{ $json.seconds }}' },
			},
			{ items: uuids.map((check, i) => ({ check, seconds: 3600 + i })) },
		);
		expect(result.error).toBeUndefined();
		expect(json(result).map((f) => [f.checkId, f.to])).toEqual(uuids.map((uuid) => [uuid, 'up']));
		expect(server.requestLines()).toEqual(
			uuids.map((uuid, i) => `GET /api/v3/checks/${uuid}/flips/?seconds=${3600 + i}`),
		);
	});
});

describe('filters at their bounds', () => {
	const withFilters = async (filters: Record<string, unknown>) => {
		const check = server.seedCheck();
		server.clearLog();
		return await runNode({
			type: 'checkMonitor',
			parameters: {
				resource: 'flip',
				operation: 'getAll',
				checkId: byId(check.uuid),
				returnAll: true,
				filters,
			} as never,
			credentials: credentials(),
		});
	};

	test.each([
		[{ seconds: -1 }, 'Seconds: must be a whole number from 0 to 31536000 (one year), got -1'],
		[{ seconds: 1.5 }, 'Seconds: must be a whole number from 0 to 31536000 (one year), got 1.5'],
		[
			{ seconds: 31536001 },
			'Seconds: must be a whole number from 0 to 31536000 (one year), got 31536001',
		],
		[{ start: '1969-12-31T23:59:59Z' }, 'Start: must be a valid date between 1970 and 2286'],
		[{ end: '2286-11-20T17:46:41Z' }, 'End: must be a valid date between 1970 and 2286'],
		[{ start: '={{ "yesterday" }}' }, 'Start: must be a valid date between 1970 and 2286'],
	])('%j is refused before any request: %s', async (filters, message) => {
		const result = await withFilters(filters);
		expect(result.error?.message).toBe(message);
		expect(server.requestLines()).toEqual([]);
	});

	test.each([
		[{ seconds: 0 }, 'seconds=0'],
		[{ seconds: 31536000 }, 'seconds=31536000'],
		[{ start: '1970-01-01T00:00:00Z' }, 'start=0'],
		[{ end: '2286-11-20T17:46:40Z' }, 'end=10000000000'],
	])('%j, at the bound, is sent: %s', async (filters, query) => {
		const result = await withFilters(filters);
		expect(result.error).toBeUndefined();
		expect(server.requestLines()).toEqual([
			expect.stringMatching(new RegExp(`/flips/\\?${query}$`)),
		]);
	});
});

test("the output schema the editor shows before a run has every field of a flip's item, each explained", async () => {
	const check = server.seedCheck();
	server.seedFlip(check.uuid, new Date('2026-11-01T10:00:00Z'), 1);
	const result = await run({
		resource: 'flip',
		operation: 'getAll',
		checkId: byId(check.uuid),
		returnAll: true,
	});
	const schema = JSON.parse(
		readFileSync(
			path.join(__dirname, '../../nodes/CheckMonitor/__schema__/v1.0.0/flip/getAll.json'),
			'utf8',
		),
	) as { properties: Record<string, { description?: string }> };
	expect(Object.keys(schema.properties).sort()).toEqual(Object.keys(json(result)[0]).sort());
	// up and to both say the status: the schema says which to read.
	expect(schema.properties.up.description).toMatch(/1 for a change to up, 0 for any other/);
	expect(schema.properties.to.description).toMatch(/^What the check changed to/);
	expect(Object.entries(schema.properties).filter(([, field]) => !field.description)).toEqual([]);
});
