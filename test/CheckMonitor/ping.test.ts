/**
 * Ping → Get Many and Get Body (resources/ping/) through n8n's engine against the stand-in, and
 * what differs between server releases (docs/api/check-monitor.md, "Server versions"). Ping →
 * Send: ping.send.test.ts (its output schema here, with the other texts the panel shows).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { byId } from '../../harness/engine';
import { useCheckMonitorServer } from '../support/setup';

const { server, run } = useCheckMonitorServer();
const json = (result: Awaited<ReturnType<typeof run>>) => result.items.map((i) => i.json);

describe('ping', () => {
	test('getAll lists pings newest first, naming the check', async () => {
		const check = server.seedCheck();
		server.receivePing(check.uuid, 'start');
		server.receivePing(check.uuid, '', 'done');
		const result = await run({
			resource: 'ping',
			operation: 'getAll',
			checkId: byId(check.uuid),
			returnAll: true,
		});
		expect(server.requestLines()).toEqual([`GET /api/v3/checks/${check.uuid}/pings/`]);
		expect(json(result).map((p) => [p.n, p.type, p.checkId])).toEqual([
			[2, 'success', check.uuid],
			[1, 'start', check.uuid],
		]);
		expect(json(result)[0].duration).toEqual(expect.any(Number));
	});

	test('getBody returns the body verbatim as text (JSON stays text) and as binary on request', async () => {
		const check = server.seedCheck();
		server.receivePing(check.uuid, '', '{"rows": 42, "note": "é"}');
		const result = await run({
			resource: 'ping',
			operation: 'getBody',
			checkId: byId(check.uuid),
			pingNumber: 1,
			options: { binaryPropertyName: 'data' },
		});
		expect(server.requestLines()).toEqual([`GET /api/v3/checks/${check.uuid}/pings/1/body`]);
		expect(result.items[0].json).toEqual({
			checkId: check.uuid,
			pingNumber: 1,
			body: '{"rows": 42, "note": "é"}',
			size: 26,
		});
		expect(result.items[0].binary?.data).toMatchObject({
			mimeType: 'text/plain',
			fileName: 'ping-1.txt',
		});
		expect(Buffer.from(result.items[0].binary!.data.data, 'base64').toString('utf8')).toBe(
			'{"rows": 42, "note": "é"}',
		);
	});

	test('getBody without a binary property name gives text only', async () => {
		const check = server.seedCheck();
		server.receivePing(check.uuid, '', 'done');
		const result = await run({
			resource: 'ping',
			operation: 'getBody',
			checkId: byId(check.uuid),
			pingNumber: 1,
		});
		expect(result.items[0].json).toEqual({
			checkId: check.uuid,
			pingNumber: 1,
			body: 'done',
			size: 4,
		});
		expect(result.items[0].binary).toBeUndefined();
	});

	test('getBody of a ping without a body, or outside the kept log, says so', async () => {
		const check = server.seedCheck();
		server.receivePing(check.uuid, '');
		const result = await run({
			resource: 'ping',
			operation: 'getBody',
			checkId: byId(check.uuid),
			pingNumber: 1,
		});
		expect(result.error?.message).toBe(`Ping #1 of check "${check.uuid}" has no stored body`);
		expect(result.error?.description).toContain('older than the pings the server keeps');
	});

	test('getBody with a Ping Number expression that comes out empty is refused before any request, naming the field', async () => {
		const check = server.seedCheck();
		server.clearLog();
		const result = await run({
			resource: 'ping',
			operation: 'getBody',
			checkId: byId(check.uuid),
			pingNumber: '={{ "" }}',
		});
		expect(result.error?.message).toBe('Ping Number: is empty');
		expect(server.requests).toHaveLength(0);
	});

	test('Get Many, every value an expression: each evaluated only as often as n8n needs; the pings of 3 checks read', async () => {
		const uuids = [0, 1, 2].map(() => server.seedCheck().uuid);
		for (const uuid of uuids) server.receivePing(uuid, '', 'body');
		const result = await run(
			{
				resource: 'ping',
				operation: 'getAll',
				returnAll: true,
				checkId: byId('={{ $json.check }}'),
			},
			{ items: uuids.map((check) => ({ check })) },
		);
		expect(result.error).toBeUndefined();
		expect(json(result).map((p) => [p.checkId, p.n])).toEqual(uuids.map((uuid) => [uuid, 1]));
		expect(server.requestLines()).toEqual(uuids.map((uuid) => `GET /api/v3/checks/${uuid}/pings/`));
	});

	test('Get Body, every value an expression: each evaluated only as often as n8n needs; 3 bodies read', async () => {
		const uuids = [0, 1, 2].map(() => server.seedCheck().uuid);
		uuids.forEach((uuid, i) => server.receivePing(uuid, '', `body ${i}`));
		const result = await run(
			{
				resource: 'ping',
				operation: 'getBody',
				checkId: byId('={{ $json.check }}'),
				pingNumber: '={{ $json.n }}',
			},
			{ items: uuids.map((check) => ({ check, n: 1 })) },
		);
		expect(result.error).toBeUndefined();
		expect(json(result)).toEqual(
			uuids.map((checkId, i) => ({ checkId, pingNumber: 1, body: `body ${i}`, size: 6 })),
		);
		expect(server.requestLines()).toEqual(
			uuids.map((uuid) => `GET /api/v3/checks/${uuid}/pings/1/body`),
		);
	});
});

describe('on each server release: pings beyond 1,000 (an account whose log keeps 1,500)', () => {
	const logged = (count: number) => {
		server.pingLogLimit = 1500;
		const check = server.seedCheck({ name: 'busy' });
		for (let i = 0; i < count; i++) server.receivePing(check.uuid, '', `run ${i + 1}`);
		return check;
	};

	test.each([
		['3.13', 1200],
		['4.0', 1000],
		['4.3', 1000],
	] as const)(
		'on %s, Ping → Get Many with Return All gives %i of 1,200 pings; Get Body still reads the oldest',
		async (version, listed) => {
			server.version = version;
			const check = logged(1200);
			const result = await run({
				resource: 'ping',
				operation: 'getAll',
				checkId: byId(check.uuid),
				returnAll: true,
			});
			expect(json(result).map((ping) => ping.n)).toEqual(
				Array.from({ length: listed }, (_, i) => 1200 - i),
			);
			const body = await run({
				resource: 'ping',
				operation: 'getBody',
				checkId: byId(check.uuid),
				pingNumber: 1,
			});
			expect(json(body)).toEqual([{ checkId: check.uuid, pingNumber: 1, body: 'run 1', size: 5 }]);
		},
	);
});

test.each([
	['3.13', 1.286],
	['4.0', 1.29],
] as const)(
	'on %s, Ping → Get Many gives a run of 1.286 s as duration %d',
	async (version, duration) => {
		server.version = version;
		let now = new Date('2026-11-27T10:00:00.000Z');
		server.now = () => now;
		const check = server.seedCheck();
		server.receivePing(check.uuid, 'start');
		now = new Date('2026-11-27T10:00:01.286Z');
		server.receivePing(check.uuid);
		const result = await run({
			resource: 'ping',
			operation: 'getAll',
			checkId: byId(check.uuid),
			returnAll: true,
		});
		expect(json(result)[0]).toMatchObject({ n: 2, type: 'success', duration });
	},
);

test("Ping → Send's output schema, which the editor shows before a run, has every field of its item, each explained", async () => {
	const check = server.seedCheck();
	const result = await run({
		resource: 'ping',
		operation: 'send',
		checkId: byId(check.uuid),
		signal: 'exitStatus',
		exitStatus: 0,
	});
	expect(result.error).toBeUndefined();
	const schema = JSON.parse(
		readFileSync(
			path.join(__dirname, '../../nodes/CheckMonitor/__schema__/v1.0.0/ping/send.json'),
			'utf8',
		),
	) as { properties: Record<string, { description?: string }> };
	// warning: only for a body longer than the server keeps.
	expect(Object.keys(schema.properties).sort()).toEqual(
		[...Object.keys(json(result)[0]), 'warning'].sort(),
	);
	expect(json(result)[0]).toMatchObject({ created: false, rid: null });
	expect(schema.properties.created.description).toMatch(/^true only when this ping created/);
	expect(schema.properties.rid.description).toMatch(/null when none was sent/);
	expect(Object.entries(schema.properties).filter(([, field]) => !field.description)).toEqual([]);
});
