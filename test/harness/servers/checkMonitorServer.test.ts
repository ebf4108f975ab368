/** The local Check Monitor API answers like the real server, as each release does (docs/api/check-monitor.md). */
import axios from 'axios';
import { useCheckMonitorServer } from '../../support/setup';
import {
	CHECK_MONITOR_VERSIONS,
	CheckMonitorServer,
	CM_KEY,
	CM_PING_KEY,
	CM_READ_ONLY_KEY,
	NEWEST_CHECK_MONITOR_VERSION,
} from '../../../harness/servers/checkMonitorServer';

const { server } = useCheckMonitorServer();
const api = (key = CM_KEY) =>
	axios.create({
		baseURL: server.url,
		headers: { 'X-Api-Key': key },
		validateStatus: () => true,
		maxRedirects: 0,
	});

test('flips are an object {flips: [...]}, newest first, with whole-second timestamps', async () => {
	const check = server.seedCheck();
	server.seedFlip(check.uuid, new Date('2026-11-01T10:00:00.500Z'), 1);
	server.seedFlip(check.uuid, new Date('2026-11-02T10:00:00Z'), 0);
	const { status, data } = await api().get(`/api/v3/checks/${check.uuid}/flips/`);
	expect(status).toBe(200);
	expect(data).toEqual({
		flips: [
			{ timestamp: '2026-11-02T10:00:00+00:00', up: 0 },
			{ timestamp: '2026-11-01T10:00:00+00:00', up: 1 },
		],
	});
});

test('flips filters: start inclusive, end exclusive, bad values 400 with an empty body', async () => {
	const check = server.seedCheck();
	server.seedFlip(check.uuid, new Date(1_000_000 * 1000), 1);
	server.seedFlip(check.uuid, new Date(2_000_000 * 1000), 0);
	const start = await api().get(`/api/v3/checks/${check.uuid}/flips/`, {
		params: { start: 1_000_000 },
	});
	expect(start.data.flips).toHaveLength(2);
	const end = await api().get(`/api/v3/checks/${check.uuid}/flips/`, {
		params: { end: 2_000_000 },
	});
	expect(end.data.flips).toHaveLength(1);
	const bad = await api().get(`/api/v3/checks/${check.uuid}/flips/`, { params: { seconds: -1 } });
	expect(bad.status).toBe(400);
	expect(bad.data).toBe('');
});

test('pause and resume write flips with up: 0; resuming a running check is 409', async () => {
	const check = server.seedCheck();
	expect((await api().post(`/api/v3/checks/${check.uuid}/pause`, '')).data.status).toBe('paused');
	expect((await api().post(`/api/v3/checks/${check.uuid}/resume`, '')).data.status).toBe('new');
	const again = await api().post(`/api/v3/checks/${check.uuid}/resume`, '');
	expect(again.status).toBe(409);
	expect(again.data).toBe('check is not paused');
	const flips = await api().get(`/api/v3/checks/${check.uuid}/flips/`);
	expect(flips.data.flips.map((f: { up: number }) => f.up)).toEqual([0, 0]);
});

test.each([
	['3.13', ['paused', 'new', 'paused', 'paused']],
	['4.0', ['paused', 'new', 'paused']],
] as const)(
	'what the list shows of flips (%s): a pause and a resume with no ping between leave the row as it was; so does a pause of a paused check, which writes a flip on 3.13 only',
	async (version, statuses) => {
		server.version = version;
		const check = server.seedCheck();
		const row = async () => {
			const listed = (await api().get('/api/v3/checks/')).data.checks[0];
			return [listed.status, listed.n_pings, listed.last_ping, listed.started];
		};
		const before = await row();
		await api().post(`/api/v3/checks/${check.uuid}/pause`, '');
		await api().post(`/api/v3/checks/${check.uuid}/resume`, '');
		expect(await row()).toEqual(before);
		expect(before).toEqual(['new', 0, null, false]);
		await api().post(`/api/v3/checks/${check.uuid}/pause`, '');
		const paused = await row();
		const again = await api().post(`/api/v3/checks/${check.uuid}/pause`, '');
		expect([again.status, again.data.status]).toEqual([200, 'paused']);
		expect(await row()).toEqual(paused);
		expect(check.flips.map((f) => f.status)).toEqual(statuses);
		// A ping changes the row (n_pings, last_ping) with its flip.
		server.receivePing(check.uuid);
		expect(await row()).toEqual(['up', 1, expect.any(String), false]);
		// A resume clears last_ping (docs/api/check-monitor.md): after a ping, a pause and a resume change the row.
		await api().post(`/api/v3/checks/${check.uuid}/pause`, '');
		await api().post(`/api/v3/checks/${check.uuid}/resume`, '');
		expect(await row()).toEqual(['new', 1, null, false]);
	},
);

test.each([
	['3.13', false],
	['4.0', true],
	['4.3', true],
] as const)(
	'a start on a paused check, then a pause (%s): 3.13 pauses it again and forgets the start; from 4.0 the pause changes nothing',
	async (version, stillStarted) => {
		server.version = version;
		const check = server.seedCheck();
		await api().post(`/api/v3/checks/${check.uuid}/pause`, '');
		server.receivePing(check.uuid, 'start');
		expect((await api().get(`/api/v3/checks/${check.uuid}`)).data).toMatchObject({
			status: 'paused',
			started: true,
		});
		const again = await api().post(`/api/v3/checks/${check.uuid}/pause`, '');
		expect(again.data).toMatchObject({ status: 'paused', started: stillStarted });
		expect(check.flips).toHaveLength(stillStarted ? 1 : 2);
	},
);

test('a pause or a resume forgets a running start, on every version', async () => {
	for (const version of CHECK_MONITOR_VERSIONS) {
		server.version = version;
		const check = server.seedCheck();
		server.receivePing(check.uuid, 'start');
		const paused = await api().post(`/api/v3/checks/${check.uuid}/pause`, '');
		server.receivePing(check.uuid, 'start');
		const resumed = await api().post(`/api/v3/checks/${check.uuid}/resume`, '');
		expect([version, paused.data.started, resumed.data.started]).toEqual([version, false, false]);
	}
});

test('a timeout: the list reads down at once; the down flip comes with the alert worker, dated when it was due', async () => {
	let now = new Date('2026-11-27T10:00:00Z');
	server.now = () => now;
	const check = server.seedCheck({ timeout: 60, grace: 60 });
	server.receivePing(check.uuid);
	now = new Date('2026-11-27T10:05:00Z');
	expect((await api().get('/api/v3/checks/')).data.checks[0].status).toBe('down');
	expect((await api().get(`/api/v3/checks/${check.uuid}/flips/`)).data.flips).toEqual([
		{ timestamp: '2026-11-27T10:00:00+00:00', up: 1 },
	]);
	server.sendAlerts();
	server.sendAlerts();
	expect((await api().get(`/api/v3/checks/${check.uuid}/flips/`)).data.flips).toEqual([
		{ timestamp: '2026-11-27T10:02:00+00:00', up: 0 },
		{ timestamp: '2026-11-27T10:00:00+00:00', up: 1 },
	]);
	// A ping before the worker ran: no timeout flip.
	const pinged = server.seedCheck({ timeout: 60, grace: 60 });
	server.receivePing(pinged.uuid);
	now = new Date('2026-11-27T10:09:00Z');
	server.receivePing(pinged.uuid);
	server.sendAlerts();
	expect(pinged.flips.map((f) => f.status)).toEqual(['up']);
});

describe('grace: computed when the check is read, from its last ping, its period and its grace', () => {
	let now: Date;
	beforeEach(() => {
		now = new Date('2026-11-27T10:00:00Z');
		server.now = () => now;
	});
	const listed = async () => {
		const check = (await api().get('/api/v3/checks/')).data.checks[0];
		return [check.status, check.next_ping];
	};

	test('a simple check: grace from its last ping plus its timeout, down from there plus its grace; next_ping is when grace starts', async () => {
		const check = server.seedCheck({ timeout: 60, grace: 120 });
		expect(await listed()).toEqual(['new', null]);
		server.receivePing(check.uuid);
		now = new Date('2026-11-27T10:00:59Z');
		expect(await listed()).toEqual(['up', '2026-11-27T10:01:00+00:00']);
		now = new Date('2026-11-27T10:01:00Z');
		expect(await listed()).toEqual(['grace', '2026-11-27T10:01:00+00:00']);
		now = new Date('2026-11-27T10:02:59Z');
		expect(await listed()).toEqual(['grace', '2026-11-27T10:01:00+00:00']);
		now = new Date('2026-11-27T10:03:00Z');
		expect(await listed()).toEqual(['down', '2026-11-27T10:01:00+00:00']);
		// Once the alert worker has written it down, there is no next ping.
		server.sendAlerts();
		expect(await listed()).toEqual(['down', null]);
		expect(check.flips.at(-1)?.created.toISOString()).toBe('2026-11-27T10:03:00.000Z');
	});

	test.each([
		['cron', '*/15 * * * *', 'UTC', '2026-11-27T10:15:00+00:00'],
		['OnCalendar', 'Mon..Fri 10:30', 'UTC', '2026-11-27T10:30:00+00:00'],
		['cron in a time zone', '0 12 * * *', 'Asia/Kolkata', '2026-11-28T06:30:00+00:00'],
	])(
		'a %s check: grace from the first time its schedule fires after the last ping',
		async (_kind, schedule, tz, due) => {
			const check = (await api().post('/api/v3/checks/', { schedule, tz, grace: 60 })).data;
			expect(check.timeout).toBeUndefined();
			now = new Date('2026-11-27T10:00:20Z');
			server.receivePing(check.uuid);
			expect(await listed()).toEqual(['up', due]);
			now = new Date(Date.parse(due));
			expect(await listed()).toEqual(['grace', due]);
			now = new Date(Date.parse(due) + 60_000);
			expect(await listed()).toEqual(['down', due]);
			server.sendAlerts();
			expect(server.checks.get(check.uuid)!.flips.at(-1)).toMatchObject({
				created: new Date(Date.parse(due) + 60_000),
				up: 0,
			});
		},
	);

	test('a schedule that never fires again keeps the check up', async () => {
		const check = (await api().post('/api/v3/checks/', { schedule: '2026-11-27 09:00', grace: 60 }))
			.data;
		server.receivePing(check.uuid);
		now = new Date('2027-11-27T10:00:00Z');
		expect(await listed()).toEqual(['up', null]);
	});

	test('a running start: next_ping is the start when earlier; its grace passed, the check is down, its flip dated then', async () => {
		const check = server.seedCheck({ timeout: 3600, grace: 60 });
		server.receivePing(check.uuid);
		now = new Date('2026-11-27T10:10:00Z');
		server.receivePing(check.uuid, 'start');
		expect(await listed()).toEqual(['up', '2026-11-27T10:10:00+00:00']);
		now = new Date('2026-11-27T10:11:00Z');
		expect(await listed()).toEqual(['down', '2026-11-27T10:10:00+00:00']);
		server.sendAlerts();
		expect(check.flips.at(-1)?.created.toISOString()).toBe('2026-11-27T10:11:00.000Z');
		// A new check that started and never ended goes down the same way, its flip too.
		const started = server.seedCheck({ grace: 60 });
		server.receivePing(started.uuid, 'start');
		now = new Date('2026-11-27T10:12:30Z');
		expect(server.computedStatus(started)).toBe('down');
		server.sendAlerts();
		expect(started.flips.map((f) => [f.created.toISOString(), f.status])).toEqual([
			['2026-11-27T10:12:00.000Z', 'down'],
		]);
	});
});

test('the read-only key reads checks (with unique_key) but is rejected on writes, pings and channels', async () => {
	const check = server.seedCheck({ name: 'nightly' });
	const list = await api(CM_READ_ONLY_KEY).get('/api/v3/checks/');
	expect(list.status).toBe(200);
	expect(list.data.checks[0].unique_key).toBe(CheckMonitorServer.uniqueKey(check.uuid));
	expect(list.data.checks[0].uuid).toBeUndefined();
	const byKey = await api(CM_READ_ONLY_KEY).get(
		`/api/v3/checks/${CheckMonitorServer.uniqueKey(check.uuid)}`,
	);
	expect(byKey.data.name).toBe('nightly');
	for (const [method, path] of [
		['post', '/api/v3/checks/'],
		['post', `/api/v3/checks/${check.uuid}/pause`],
		['delete', `/api/v3/checks/${check.uuid}`],
		['get', `/api/v3/checks/${check.uuid}/pings/`],
		['get', '/api/v3/channels/'],
	] as const) {
		const response = await api(CM_READ_ONLY_KEY).request({
			method,
			url: path,
			data: method === 'post' ? {} : undefined,
		});
		expect([path, response.status, response.data]).toEqual([path, 401, { error: 'wrong api key' }]);
	}
});

test('missing or short keys are "missing api key"', async () => {
	const response = await api('short').get('/api/v3/checks/');
	expect(response.status).toBe(401);
	expect(response.data).toEqual({ error: 'missing api key' });
});

test('collection paths without the slash get 301; single-check paths with a slash get the HTML 404', async () => {
	const check = server.seedCheck();
	const redirect = await api().get('/api/v3/checks');
	expect(redirect.status).toBe(301);
	expect(redirect.headers.location).toBe('/api/v3/checks/');
	const slashed = await api().get(`/api/v3/checks/${check.uuid}/`);
	expect(slashed.status).toBe(404);
	expect(slashed.data).toContain('<h1>Not Found</h1>');
});

test('unknown uuid: HTML 404; unknown unique_key: empty 404; another project: empty 403', async () => {
	const unknown = await api().get('/api/v3/checks/5d0c4b6e-0000-4000-8000-000000000000');
	expect(unknown.status).toBe(404);
	expect(unknown.data).toContain('<h1>Not Found</h1>');
	const unknownKey = await api().get(`/api/v3/checks/${'a'.repeat(40)}`);
	expect([unknownKey.status, unknownKey.data]).toEqual([404, '']);
	const other = server.seedCheck({ project: 'other' });
	const forbidden = await api().get(`/api/v3/checks/${other.uuid}`);
	expect([forbidden.status, forbidden.data]).toEqual([403, '']);
});

test('validation errors are {"error": "json validation error: ..."}', async () => {
	const cases: Array<[unknown, string]> = [
		[{ timeout: 30 }, 'json validation error: timeout is too small'],
		[{ timeout: '3600' }, 'json validation error: timeout is not a number'],
		[{ timeout: true }, 'json validation error: timeout is too small'],
		[{ name: null }, 'json validation error: name is not a string'],
		[{ slug: 'Bad Slug' }, 'json validation error: slug does not match pattern'],
		[{ methods: 'GET' }, 'json validation error: methods has unexpected value'],
		[{ unique: ['desc'] }, "json validation error: an item in 'unique' has unexpected value"],
		[{ channels: 'nope' }, 'invalid channel identifier: nope'],
	];
	for (const [body, error] of cases) {
		const response = await api().post('/api/v3/checks/', body);
		expect([body, response.status, response.data]).toEqual([body, 400, { error }]);
	}
	const notJson = await api().post('/api/v3/checks/', 'name=x', {
		headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
	});
	expect(notJson.data).toEqual({ error: 'could not parse request body' });
});

test('create is 201, an upsert match is 200 and updates the matched check', async () => {
	const first = await api().post('/api/v3/checks/', { name: 'db', unique: ['name'], timeout: 120 });
	expect(first.status).toBe(201);
	const second = await api().post('/api/v3/checks/', {
		name: 'db',
		unique: ['name'],
		timeout: 300,
	});
	expect(second.status).toBe(200);
	expect(second.data.uuid).toBe(first.data.uuid);
	expect(second.data.timeout).toBe(300);
	expect(server.checks.size).toBe(1);
});

test('ping bodies are text/plain verbatim; pings without a body or outside the log are HTML 404', async () => {
	const check = server.seedCheck();
	server.receivePing(check.uuid, '', 'héllo {"a":1}');
	server.receivePing(check.uuid, '');
	const body = await api().get(`/api/v3/checks/${check.uuid}/pings/1/body`, {
		responseType: 'arraybuffer',
	});
	expect(body.headers['content-type']).toBe('text/plain');
	expect(Buffer.from(body.data).toString('utf8')).toBe('héllo {"a":1}');
	const none = await api().get(`/api/v3/checks/${check.uuid}/pings/2/body`);
	expect(none.status).toBe(404);
	server.pingLogLimit = 1;
	const gone = await api().get(`/api/v3/checks/${check.uuid}/pings/1/body`);
	expect(gone.status).toBe(404);
});

test("every answer carries the server's time in its Date header (its clock, `now`); none when it is set not to send one", async () => {
	server.now = () => new Date('2026-11-28T20:37:15.700Z');
	const list = await api().get('/api/v3/checks/');
	expect(list.headers.date).toBe('Sat, 28 Nov 2026 20:37:15 GMT');
	expect((await api().get('/api/v3/checks/nope/')).headers.date).toBe(
		'Sat, 28 Nov 2026 20:37:15 GMT',
	);
	server.sendsDate = false;
	expect((await api().get('/api/v3/checks/')).headers.date).toBeUndefined();
});

test('status needs no key and answers OK as text', async () => {
	const response = await axios.get(`${server.url}/api/v3/status/`);
	expect(response.data).toBe('OK');
	expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
});

describe('server versions', () => {
	const ping = (path: string) =>
		axios.post(`${server.url}/ping/${path}`, '', { validateStatus: () => true });

	test('the newest release by default, the hosted service runs it; reset() returns to the one the stand-in was built with', async () => {
		expect(server.version).toBe(NEWEST_CHECK_MONITOR_VERSION);
		expect(NEWEST_CHECK_MONITOR_VERSION).toBe('4.3');
		server.version = '3.13';
		server.reset();
		expect(server.version).toBe('4.3');
		const older = new CheckMonitorServer('3.13');
		older.version = '4.1';
		older.reset();
		expect(older.version).toBe('3.13');
	});

	test.each([
		['3.13', 200, 'OK', 201, 'Created'],
		['4.0', 200, 'OK', 201, 'Created'],
		['4.1', 400, 'invalid url format', 400, 'invalid url format'],
		['4.3', 400, 'invalid url format', 400, 'invalid url format'],
	] as const)(
		'a ping by a slug with capitals (%s): %i %s; with create=1: %i %s',
		async (version, status, answer, createStatus, createAnswer) => {
			server.version = version;
			const check = server.seedCheck({ slug: 'Nightly' });
			const existing = await ping(`${CM_PING_KEY}/Nightly`);
			expect([existing.status, existing.data, check.n_pings]).toEqual([
				status,
				answer,
				status === 200 ? 1 : 0,
			]);
			const created = await ping(`${CM_PING_KEY}/Weekly?create=1`);
			expect([created.status, created.data]).toEqual([createStatus, createAnswer]);
			expect([...server.checks.values()].map((c) => c.slug)).toEqual(
				createStatus === 201 ? ['Nightly', 'Weekly'] : ['Nightly'],
			);
		},
	);

	test.each([
		['3.13', 201, 'Created'],
		['4.2', 201, 'Created'],
		['4.3', 404, 'not found'],
	] as const)(
		'a ping by slug with create=1 when the project holds twice its check limit (%s): %i %s',
		async (version, status, answer) => {
			server.version = version;
			server.checkLimit = 2;
			server.seedCheck({ slug: 'a' });
			server.seedCheck({ slug: 'b' });
			server.seedCheck({ slug: 'c' });
			// Beyond the limit but under twice it: created on every version.
			const third = await ping(`${CM_PING_KEY}/d?create=1`);
			expect([third.status, third.data]).toEqual([201, 'Created']);
			const fifth = await ping(`${CM_PING_KEY}/e?create=1`);
			expect([fifth.status, fifth.data]).toEqual([status, answer]);
			expect(server.checks.size).toBe(status === 201 ? 5 : 4);
			// The API's own create stops at the limit itself, on every version.
			const viaApi = await api().post('/api/v3/checks/', { name: 'f' });
			expect([viaApi.status, viaApi.data]).toEqual([403, '']);
		},
	);

	test.each([
		['3.13', 1200],
		['4.0', 1000],
		['4.3', 1000],
	] as const)(
		'the pings list (%s) returns %i of 1,200 pings when the log keeps 1,500; the bodies of all 1,200 stay readable',
		async (version, listed) => {
			server.version = version;
			server.pingLogLimit = 1500;
			const check = server.seedCheck();
			for (let i = 0; i < 1200; i++) server.receivePing(check.uuid, '', `body ${i + 1}`);
			const { data } = await api().get(`/api/v3/checks/${check.uuid}/pings/`);
			expect(data.pings).toHaveLength(listed);
			expect([data.pings[0].n, data.pings[listed - 1].n]).toEqual([1200, 1200 - listed + 1]);
			const oldest = await api().get(`/api/v3/checks/${check.uuid}/pings/1/body`);
			expect([oldest.status, oldest.data]).toEqual([200, 'body 1']);
		},
	);

	test.each([
		['3.13', 1.286, '/api/v3/'],
		['4.0', 1.29, '/api/v1/'],
	] as const)(
		'a ping (%s): duration %d, body_url under %s when listed through /api/v1/',
		async (version, duration, bodyPath) => {
			server.version = version;
			let now = new Date('2026-11-27T10:00:00.000Z');
			server.now = () => now;
			const check = server.seedCheck();
			server.receivePing(check.uuid, 'start');
			now = new Date('2026-11-27T10:00:01.286Z');
			server.receivePing(check.uuid, '', 'done');
			const { data } = await api().get(`/api/v1/checks/${check.uuid}/pings/`);
			expect(data.pings[0].duration).toBe(duration);
			expect(data.pings[0].body_url).toBe(
				`${server.url}${bodyPath}checks/${check.uuid}/pings/2/body`,
			);
		},
	);
});
