/**
 * What a user of the Check Monitor nodes sees differently on each check-monitor server
 * release (docs/api/check-monitor.md, "Server versions"): the nodes through n8n's engine
 * against the stand-in answering as 3.13 or as a 4.x release.
 */
import { byId, bySlug, createPoller, runNode } from '../support/engine';
import { useCheckMonitorServer } from '../support/setup';
import { CM_KEY, CM_PING_KEY, type CheckMonitorVersion } from '../support/servers/checkMonitorServer';

const { server, credentials, run } = useCheckMonitorServer();

const json = (result: Awaited<ReturnType<typeof run>>) => result.items.map((i) => i.json);
const sendPing = (parameters: Record<string, unknown>, pingKey = CM_PING_KEY) =>
	runNode({
		type: 'checkMonitor',
		parameters: { resource: 'ping', operation: 'send', ...parameters } as never,
		credentials: { checkMonitorApi: { baseUrl: server.url, apiKey: CM_KEY, pingKey, pingUrl: '' } },
	});
const trigger = (parameters: Record<string, unknown>) =>
	createPoller({
		type: 'checkMonitorTrigger',
		parameters: { options: { requestsPerMinute: 600_000 }, ...parameters } as never,
		credentials: credentials(),
	});

describe('Check → Pause of a paused check', () => {
	test.each([
		['3.13', [0, 0]],
		['4.0', [0]],
		['4.3', [0]],
	] as const)('on %s, pausing twice answers "paused" both times; Flip → Get Many then lists %j', async (version, ups) => {
		server.version = version;
		const check = server.seedCheck({ name: 'backup' });
		for (let i = 0; i < 2; i++) {
			const paused = await run({ resource: 'check', operation: 'pause', checkId: byId(check.uuid) });
			expect(json(paused)).toEqual([expect.objectContaining({ uuid: check.uuid, status: 'paused' })]);
		}
		const flips = await run({ resource: 'flip', operation: 'getAll', checkId: byId(check.uuid), returnAll: true });
		expect(json(flips).map((flip) => flip.up)).toEqual(ups);
	});

	test.each([
		['3.13', 1],
		['4.0', 0],
		['4.3', 0],
	] as const)('on %s, New Flip for one check (any status) emits %i item(s) for a second pause', async (version, emitted) => {
		server.version = version;
		const check = server.seedCheck({ name: 'backup' });
		const poller = trigger({ event: 'newFlip', scope: 'one', checkId: byId(check.uuid) });
		expect(await poller.poll()).toBeNull();
		server.pause(check.uuid);
		expect((await poller.poll())?.[0].map((item) => item.json.to)).toEqual(['paused']);
		server.pause(check.uuid);
		const second = await poller.poll();
		expect(second?.[0].length ?? 0).toBe(emitted);
		if (emitted) expect(second?.[0][0].json).toMatchObject({ up: 0, to: 'paused' });
	});
});

describe('Ping → Send by a slug with capitals', () => {
	test.each(['3.13', '4.1', '4.3'] as const)('on %s it is refused before any request, with the same words', async (version) => {
		server.version = version;
		server.seedCheck({ slug: 'Nightly' });
		const result = await sendPing({ checkId: bySlug('={{ "Nightly" }}') });
		expect(result.error?.message).toBe('Check (by slug): "Nightly" is not a slug');
		expect(result.error?.description).toBe('A slug has lower-case letters, digits, - and _ only.');
		expect(server.requests).toHaveLength(0);
	});
});

describe('Ping → Send by slug with Create Missing Check', () => {
	const CREATE_REFUSED =
		"The server creates a missing check only while the project holds fewer than twice the checks its plan allows (servers since 4.3, and the hosted service), and only for this project's Ping Key. Delete checks the project no longer needs or raise its check limit, or correct the Ping Key in the credential, then send the ping again.";

	test.each(['3.13', '4.2'] as const)('on %s, a project at twice its check limit still gets the check', async (version) => {
		server.version = version;
		server.checkLimit = 1;
		server.seedCheck({ slug: 'a' });
		server.seedCheck({ slug: 'b' });
		const result = await sendPing({ checkId: bySlug('nightly'), additionalFields: { create: true } });
		expect(result.error).toBeUndefined();
		expect(json(result)).toEqual([expect.objectContaining({ check: { slug: 'nightly' }, answer: 'Created', created: true })]);
		expect(server.checks.size).toBe(3);
	});

	test('on 4.3, a project at twice its check limit: the 404 is worded as the refused creation it is, and nothing is created', async () => {
		server.checkLimit = 1;
		server.seedCheck({ slug: 'a' });
		server.seedCheck({ slug: 'b' });
		const result = await sendPing({ checkId: bySlug('nightly'), additionalFields: { create: true } });
		expect(server.requestLines()).toEqual([`POST /ping/${CM_PING_KEY}/nightly?create=1`]);
		expect(result.error?.message).toBe('No check has the slug "nightly" and the server did not create it (404 not found)');
		expect(result.error?.description).toBe(CREATE_REFUSED);
		expect(server.checks.size).toBe(2);
	});

	test('on 4.3, under twice the limit (over the limit itself) the check is created', async () => {
		server.checkLimit = 2;
		server.seedCheck({ slug: 'a' });
		server.seedCheck({ slug: 'b' });
		server.seedCheck({ slug: 'c' });
		const result = await sendPing({ checkId: bySlug('nightly'), additionalFields: { create: true } });
		expect(json(result)).toEqual([expect.objectContaining({ answer: 'Created', created: true })]);
	});

	test.each(['3.13', '4.3'] as const)('on %s, a ping key of no project: the same words, which name the ping key', async (version) => {
		server.version = version;
		const result = await sendPing({ checkId: bySlug('nightly'), additionalFields: { create: true } }, 'wrongKey0123456789abcd');
		expect(result.error?.message).toBe('No check has the slug "nightly" and the server did not create it (404 not found)');
		expect(result.error?.description).toBe(CREATE_REFUSED);
	});

	test('without Create Missing Check a 404 still reads as an unknown slug', async () => {
		const result = await sendPing({ checkId: bySlug('nightly') });
		expect(result.error?.message).toBe('No check with the slug "nightly" was found (404 not found)');
	});
});

describe('pings beyond 1,000 (an account whose log keeps 1,500)', () => {
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
	] as const)('on %s, Ping → Get Many with Return All gives %i of 1,200 pings; Get Body still reads the oldest', async (version, listed) => {
		server.version = version;
		const check = logged(1200);
		const result = await run({ resource: 'ping', operation: 'getAll', checkId: byId(check.uuid), returnAll: true });
		expect(json(result).map((ping) => ping.n)).toEqual(Array.from({ length: listed }, (_, i) => 1200 - i));
		const body = await run({ resource: 'ping', operation: 'getBody', checkId: byId(check.uuid), pingNumber: 1 });
		expect(json(body)).toEqual([{ checkId: check.uuid, pingNumber: 1, body: 'run 1', size: 5 }]);
	});

	test.each([
		['3.13', 1200, undefined],
		['4.0', 1000, { missed: 200, fromN: 2, toN: 201 }],
	] as const)('on %s, New Ping for one check after 1,200 pings between two polls emits %i, gap %j', async (version, emitted, gap) => {
		server.version = version as CheckMonitorVersion;
		const check = logged(1);
		const poller = trigger({ event: 'newPing', checkId: byId(check.uuid) });
		expect(await poller.poll()).toBeNull();
		for (let i = 0; i < 1200; i++) server.receivePing(check.uuid);
		const items = (await poller.poll())?.[0].map((item) => item.json) ?? [];
		expect(items).toHaveLength(emitted);
		expect(items[0].gap).toEqual(gap === undefined ? undefined : expect.objectContaining(gap));
	});
});

test.each([
	['3.13', 1.286],
	['4.0', 1.29],
] as const)('on %s, Ping → Get Many gives a run of 1.286 s as duration %d', async (version, duration) => {
	server.version = version;
	let now = new Date('2026-11-27T10:00:00.000Z');
	server.now = () => now;
	const check = server.seedCheck();
	server.receivePing(check.uuid, 'start');
	now = new Date('2026-11-27T10:00:01.286Z');
	server.receivePing(check.uuid);
	const result = await run({ resource: 'ping', operation: 'getAll', checkId: byId(check.uuid), returnAll: true });
	expect(json(result)[0]).toMatchObject({ n: 2, type: 'success', duration });
});
