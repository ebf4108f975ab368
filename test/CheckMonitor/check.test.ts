/**
 * Check (resources/check/): every operation through n8n's engine against the real-server
 * stand-in, with what reached the server; and what differs between server releases
 * (docs/api/check-monitor.md, "Server versions").
 */
import { NodeHelpers, type INodeProperties } from 'n8n-workflow';
import { CheckMonitor } from '../../nodes/CheckMonitor/CheckMonitor.node';
import { byId } from '../../harness/engine';
import { everything, useCheckMonitorServer } from '../support/setup';
import {
	CheckMonitorServer,
	CM_KEY,
	CM_READ_ONLY_KEY,
} from '../../harness/servers/checkMonitorServer';

const { server, run } = useCheckMonitorServer();

/** A valid cron expression of exactly 100 characters, the server's limit. */
const HUNDRED_CHARACTER_CRON = `${Array.from({ length: 34 }, (_, i) => i).join(',')} 23 * * *`;
const json = (result: Awaited<ReturnType<typeof run>>) => result.items.map((i) => i.json);

describe('check', () => {
	test('create sends only the given fields as JSON with integers and booleans, and says "created"', async () => {
		const channel = server.seedChannel('ops');
		const result = await run({
			resource: 'check',
			operation: 'create',
			additionalFields: {
				name: 'Backup',
				slug: 'backup',
				tags: 'prod db',
				timeout: 3600,
				grace: 120,
				manual_resume: true,
				channels: [channel.id],
			},
		});
		expect(result.error).toBeUndefined();
		expect(server.requestLines()).toEqual(['POST /api/v3/checks/']);
		expect(server.requests[0].body).toEqual({
			name: 'Backup',
			slug: 'backup',
			tags: 'prod db',
			timeout: 3600,
			grace: 120,
			manual_resume: true,
			channels: channel.id,
		});
		expect(server.requests[0].headers['x-api-key']).toBe(CM_KEY);
		expect(json(result)[0]).toMatchObject({
			name: 'Backup',
			timeout: 3600,
			channels: channel.id,
			outcome: 'created',
		});
	});

	test('a name and tags an expression gives as numbers are sent as text (the server refuses numbers there); timeout stays a number', async () => {
		const result = await run({
			resource: 'check',
			operation: 'create',
			additionalFields: { name: '={{ 2026 }}', tags: '={{ 7 }}', timeout: '={{ 3600 }}' },
		});
		expect(result.error).toBeUndefined();
		expect(server.requests[0].body).toEqual({ name: '2026', tags: '7', timeout: 3600 });
	});

	test('upsert with unique name twice: one check on the server, the second output says "updated"', async () => {
		const params = {
			resource: 'check',
			operation: 'create',
			additionalFields: { name: 'db', timeout: 600 },
			options: { unique: ['name'] },
		};
		const first = await run(params);
		const second = await run({ ...params, additionalFields: { name: 'db', timeout: 900 } });
		expect(server.checks.size).toBe(1);
		expect(json(first)[0].outcome).toBe('created');
		expect(json(second)[0]).toMatchObject({
			outcome: 'updated',
			timeout: 900,
			uuid: json(first)[0].uuid,
		});
		expect(server.requests[1].body).toEqual({ name: 'db', timeout: 900, unique: ['name'] });
	});

	test('a list of tags from an expression is sent space-separated', async () => {
		await run({
			resource: 'check',
			operation: 'create',
			additionalFields: { tags: '={{ ["a", "b"] }}' },
		});
		expect(server.requests[0].body).toEqual({ tags: 'a b' });
	});

	test('get by unique key works with the read-only key', async () => {
		const check = server.seedCheck({ name: 'nightly' });
		const key = CheckMonitorServer.uniqueKey(check.uuid);
		const result = await run(
			{ resource: 'check', operation: 'get', checkId: byId(key) },
			{ apiKey: CM_READ_ONLY_KEY },
		);
		expect(json(result)[0]).toMatchObject({ name: 'nightly', unique_key: key });
		expect(server.requestLines()).toEqual([`GET /api/v3/checks/${key}`]);
	});

	test('get with Simplify returns the main fields', async () => {
		const check = server.seedCheck({ name: 'nightly', tags: 'prod' });
		const result = await run({
			resource: 'check',
			operation: 'get',
			checkId: byId(check.uuid),
			simplify: true,
		});
		expect(Object.keys(json(result)[0]).sort()).toEqual(
			[
				'grace',
				'last_ping',
				'n_pings',
				'name',
				'next_ping',
				'ping_url',
				'slug',
				'status',
				'tags',
				'timeout',
				'uuid',
			].sort(),
		);
	});

	test('getAll with slug and tags filters, limit applied', async () => {
		server.seedCheck({ name: 'a', slug: 's', tags: 'prod db' });
		server.seedCheck({ name: 'b', slug: 's', tags: 'prod db' });
		server.seedCheck({ name: 'c', slug: 's', tags: 'prod' });
		const result = await run({
			resource: 'check',
			operation: 'getAll',
			returnAll: false,
			limit: 1,
			filters: { slug: 's', tag: 'prod db' },
		});
		expect(server.requestLines()).toEqual(['GET /api/v3/checks/?slug=s&tag=prod&tag=db']);
		expect(json(result).map((c) => c.name)).toEqual(['a']);
	});

	test('tags separated by several spaces are sent one by one', async () => {
		server.seedCheck({ name: 'a', tags: 'prod db' });
		const result = await run({
			resource: 'check',
			operation: 'getAll',
			returnAll: true,
			filters: { tag: ' prod   db ' },
		});
		expect(server.requestLines()).toEqual(['GET /api/v3/checks/?tag=prod&tag=db']);
		expect(json(result).map((c) => c.name)).toEqual(['a']);
	});

	test('getAll returns every check with Return All', async () => {
		server.seedCheck({ name: 'a' });
		server.seedCheck({ name: 'b' });
		const result = await run({ resource: 'check', operation: 'getAll', returnAll: true });
		expect(
			json(result)
				.map((c) => c.name)
				.sort(),
		).toEqual(['a', 'b']);
		expect(server.requestLines()).toEqual(['GET /api/v3/checks/']);
	});

	test('update sends only the changed fields; "unassign all channels" sends an empty string', async () => {
		const channel = server.seedChannel('ops');
		const check = server.seedCheck({ name: 'x', channels: [channel.id], grace: 300 });
		const result = await run({
			resource: 'check',
			operation: 'update',
			checkId: byId(check.uuid),
			updateFields: { name: 'y', unassignAllChannels: true },
		});
		expect(server.requestLines()).toEqual([`POST /api/v3/checks/${check.uuid}`]);
		expect(server.requests[0].body).toEqual({ name: 'y', channels: '' });
		expect(json(result)[0]).toMatchObject({ name: 'y', channels: '', grace: 300 });
	});

	test('"Unassign All Channels" turned off leaves the Channels given as they are', async () => {
		const ops = server.seedChannel('ops');
		const check = server.seedCheck({ name: 'x' });
		const result = await run({
			resource: 'check',
			operation: 'update',
			checkId: byId(check.uuid),
			updateFields: { channels: [ops.id], unassignAllChannels: false },
		});
		expect(server.requests[0].body).toEqual({ channels: ops.id });
		expect(json(result)[0]).toMatchObject({ channels: ops.id });
	});

	test('pause, then resume; resuming a running check gives the 409 message', async () => {
		const check = server.seedCheck();
		const paused = await run({ resource: 'check', operation: 'pause', checkId: byId(check.uuid) });
		expect(json(paused)[0].status).toBe('paused');
		const resumed = await run({
			resource: 'check',
			operation: 'resume',
			checkId: byId(check.uuid),
		});
		expect(json(resumed)[0].status).toBe('new');
		const again = await run({ resource: 'check', operation: 'resume', checkId: byId(check.uuid) });
		expect(again.error?.message).toBe(
			`Check "${check.uuid}" is not paused, so it cannot be resumed`,
		);
		expect(server.requestLines()).toEqual([
			`POST /api/v3/checks/${check.uuid}/pause`,
			`POST /api/v3/checks/${check.uuid}/resume`,
			`POST /api/v3/checks/${check.uuid}/resume`,
		]);
	});

	test('delete returns the deleted check; deleting a missing check says so without HTML', async () => {
		const check = server.seedCheck({ name: 'gone' });
		const deleted = await run({
			resource: 'check',
			operation: 'delete',
			checkId: byId(check.uuid),
		});
		expect(json(deleted)[0]).toMatchObject({ name: 'gone', uuid: check.uuid });
		expect(server.requestLines()).toEqual([`DELETE /api/v3/checks/${check.uuid}`]);
		const again = await run({ resource: 'check', operation: 'delete', checkId: byId(check.uuid) });
		expect(again.error?.message).toBe(`No check with ID "${check.uuid}" was found`);
		expect(everything(again.error)).not.toMatch(/<h1>|<html|doctype/i);
	});

	test('a write with the read-only key says the key is read-only and what it allows', async () => {
		const check = server.seedCheck();
		const result = await run(
			{ resource: 'check', operation: 'pause', checkId: byId(check.uuid) },
			{ apiKey: CM_READ_ONLY_KEY },
		);
		expect(result.error?.message).toBe(
			'The API key was rejected: it is read-only or does not belong to this project',
		);
		expect(result.error?.description).toContain(
			'A read-only key can only list and get checks (also by unique key), list flips and get badges',
		);
		expect(everything(result.run)).not.toContain(CM_READ_ONLY_KEY);
	});

	test("another project's check: 403 explained", async () => {
		const other = server.seedCheck({ project: 'other' });
		const result = await run({ resource: 'check', operation: 'get', checkId: byId(other.uuid) });
		expect(result.error?.message).toBe(
			`Access to check "${other.uuid}" was refused (403): it belongs to another project`,
		);
	});

	test('server-side validation errors are shown without the JSON wrapper', async () => {
		server.seedChannel('ops');
		const result = await run({
			resource: 'check',
			operation: 'create',
			additionalFields: { channels: ['nope'] },
		});
		expect(result.error?.message).toBe(
			'The Check Monitor API rejected the request: invalid channel identifier: nope',
		);
	});

	test.each([
		[{ timeout: 59 }, 'Timeout: must be between 60 and 31536000 seconds, got 59'],
		[{ grace: 31536001 }, 'Grace: must be between 60 and 31536000 seconds, got 31536001'],
		[{ timeout: 90.5 }, 'Timeout: must be a whole number of seconds, got 90.5'],
		// One rule each: a capital alone, a space alone, another character alone.
		[
			{ slug: 'Nightly-backup' },
			'Slug: may contain only lowercase letters, digits, hyphens and underscores, got "Nightly-backup"',
		],
		[
			{ slug: 'nightly backup' },
			'Slug: may contain only lowercase letters, digits, hyphens and underscores, got "nightly backup"',
		],
		[
			{ slug: 'nightly.backup' },
			'Slug: may contain only lowercase letters, digits, hyphens and underscores, got "nightly.backup"',
		],
		// A number from an expression is checked as the text it is sent as.
		[
			{ slug: '={{ 1.5 }}' },
			'Slug: may contain only lowercase letters, digits, hyphens and underscores, got "1.5"',
		],
		[{ methods: 'GET' }, 'Methods: must be empty (HEAD, GET and POST) or "POST", got "GET"'],
		[{ schedule: 'x'.repeat(101) }, 'Schedule: must be at most 100 characters, got 101'],
		[{ tz: ' ' }, 'Timezone: must not be empty; leave the field out to keep UTC'],
	])('create rejects %j before any request', async (fields, message) => {
		const result = await run({ resource: 'check', operation: 'create', additionalFields: fields });
		expect(result.error?.message).toBe(message);
		expect(server.requests).toHaveLength(0);
	});

	test("an empty Slug is sent: it clears the check's slug (the server's own default)", async () => {
		const check = server.seedCheck({ slug: 'old-slug' });
		const result = await run({
			resource: 'check',
			operation: 'update',
			checkId: byId(check.uuid),
			updateFields: { slug: '' },
		});
		expect(result.error).toBeUndefined();
		expect(server.requests[0].body).toEqual({ slug: '' });
		expect(check.slug).toBe('');
	});

	test.each([
		['nightly_backup-2', 'nightly_backup-2'],
		['={{ 42 }}', '42'],
	])(
		'a slug of lowercase letters, digits, hyphens and underscores is sent as text: %s',
		async (slug, sent) => {
			const result = await run({
				resource: 'check',
				operation: 'create',
				additionalFields: { slug },
			});
			expect(result.error).toBeUndefined();
			expect(server.requests[0].body).toEqual({ slug: sent });
		},
	);

	test.each([
		// The edges of each rule are accepted, so a rule moved by one is seen.
		[
			{ timeout: 60, grace: 31536000 },
			{ timeout: 60, grace: 31536000 },
		],
		[{ methods: 'POST' }, { methods: 'POST' }],
		[{ methods: '' }, { methods: '' }],
		// A schedule is trimmed; a blank one is left out (Timeout applies); 100 characters pass.
		[{ schedule: '  0 6 * * *  ' }, { schedule: '0 6 * * *' }],
		[{ schedule: ' ' }, {}],
		[{ schedule: HUNDRED_CHARACTER_CRON }, { schedule: HUNDRED_CHARACTER_CRON }],
		[{ tz: 'Europe/Berlin' }, { tz: 'Europe/Berlin' }],
	])('create accepts %j and sends %j', async (fields, body) => {
		const result = await run({ resource: 'check', operation: 'create', additionalFields: fields });
		expect(result.error).toBeUndefined();
		// Nothing left to send is sent as no body at all.
		expect(server.requests[0].body ?? {}).toEqual(body);
	});

	test('two channels are sent as one comma-separated list', async () => {
		const ops = server.seedChannel('ops');
		const dev = server.seedChannel('dev');
		const result = await run({
			resource: 'check',
			operation: 'create',
			additionalFields: { channels: [ops.id, dev.id] },
		});
		expect(result.error).toBeUndefined();
		expect(server.requests[0].body).toEqual({ channels: `${ops.id},${dev.id}` });
	});

	test('an empty Unique list is not sent (the server would read it as "match nothing")', async () => {
		const result = await run({
			resource: 'check',
			operation: 'create',
			additionalFields: { name: 'a' },
			options: { unique: [] },
		});
		expect(result.error).toBeUndefined();
		expect(server.requests[0].body).toEqual({ name: 'a' });
	});

	test('every unknown Unique value is named', async () => {
		const result = await run({
			resource: 'check',
			operation: 'create',
			options: { unique: ['name', 'desc', 'kind'] },
		});
		expect(result.error?.message).toBe(
			'Unique: allowed values are name, slug, tags, timeout, grace; got "desc", "kind"',
		);
		expect(server.requests).toHaveLength(0);
	});

	test('unique values are checked before any request', async () => {
		const result = await run({
			resource: 'check',
			operation: 'create',
			options: { unique: ['desc'] },
		});
		expect(result.error?.message).toBe(
			'Unique: allowed values are name, slug, tags, timeout, grace; got "desc"',
		);
		expect(server.requests).toHaveLength(0);
	});

	test('with Continue On Fail one bad item does not cost the others', async () => {
		const result = await run(
			{
				resource: 'check',
				operation: 'create',
				additionalFields: { name: '={{ $json.name }}', timeout: '={{ $json.timeout }}' },
			},
			{
				items: [
					{ name: 'ok', timeout: 600 },
					{ name: 'bad', timeout: 5 },
				],
				continueOnFail: true,
			},
		);
		expect(result.items[0].json).toMatchObject({ name: 'ok', outcome: 'created' });
		expect(result.items[1].json.error).toBe(
			'Timeout: must be between 60 and 31536000 seconds, got 5',
		);
		expect(server.requests).toHaveLength(1);
	});

	test('Create, every value an expression: each evaluated only as often as n8n needs; 3 checks sent', async () => {
		const result = await run(
			{ resource: 'check', operation: 'create', additionalFields: { name: '={{ $json.name }}' } },
			{ items: [0, 1, 2].map((i) => ({ name: `N${i}` })) },
		);
		expect(result.error).toBeUndefined();
		expect(json(result).map((c) => [c.name, c.outcome])).toEqual(
			[0, 1, 2].map((i) => [`N${i}`, 'created']),
		);
		expect(server.requestLines()).toEqual(Array(3).fill('POST /api/v3/checks/'));
		expect(server.requests.map((r) => r.body)).toEqual([
			{ name: 'N0' },
			{ name: 'N1' },
			{ name: 'N2' },
		]);
	});

	test('Get, every value an expression: each evaluated only as often as n8n needs; 3 checks read', async () => {
		const uuids = [0, 1, 2].map((i) => server.seedCheck({ name: `c${i}` }).uuid);
		const result = await run(
			{ resource: 'check', operation: 'get', checkId: byId('={{ $json.check }}') },
			{ items: uuids.map((check) => ({ check })) },
		);
		expect(result.error).toBeUndefined();
		expect(json(result).map((c) => c.name)).toEqual(['c0', 'c1', 'c2']);
		expect(server.requestLines()).toEqual(uuids.map((uuid) => `GET /api/v3/checks/${uuid}`));
	});

	test('Get Many, every value an expression: each evaluated only as often as n8n needs; 3 searches by slug sent', async () => {
		for (const i of [0, 1, 2]) server.seedCheck({ name: `c${i}`, slug: `c${i}` });
		const result = await run(
			{
				resource: 'check',
				operation: 'getAll',
				returnAll: true,
				filters: { slug: '={{ $json.slug }}' },
			},
			{ items: [0, 1, 2].map((i) => ({ slug: `c${i}` })) },
		);
		expect(result.error).toBeUndefined();
		expect(json(result).map((c) => c.slug)).toEqual(['c0', 'c1', 'c2']);
		expect(server.requestLines()).toEqual([
			'GET /api/v3/checks/?slug=c0',
			'GET /api/v3/checks/?slug=c1',
			'GET /api/v3/checks/?slug=c2',
		]);
	});

	test('Update, every value an expression: each evaluated only as often as n8n needs; 3 updates sent', async () => {
		const uuids = [0, 1, 2].map((i) => server.seedCheck({ name: `c${i}` }).uuid);
		const result = await run(
			{
				resource: 'check',
				operation: 'update',
				checkId: byId('={{ $json.check }}'),
				updateFields: { desc: '={{ $json.desc }}' },
			},
			{ items: uuids.map((check, i) => ({ check, desc: `D${i}` })) },
		);
		expect(result.error).toBeUndefined();
		expect(json(result).map((c) => [c.name, c.desc])).toEqual(
			[0, 1, 2].map((i) => [`c${i}`, `D${i}`]),
		);
		expect(server.requestLines()).toEqual(uuids.map((uuid) => `POST /api/v3/checks/${uuid}`));
		expect(server.requests.map((r) => r.body)).toEqual([
			{ desc: 'D0' },
			{ desc: 'D1' },
			{ desc: 'D2' },
		]);
	});

	test('Pause, every value an expression: each evaluated only as often as n8n needs; 3 checks paused', async () => {
		const uuids = [0, 1, 2].map(() => server.seedCheck().uuid);
		const result = await run(
			{ resource: 'check', operation: 'pause', checkId: byId('={{ $json.check }}') },
			{ items: uuids.map((check) => ({ check })) },
		);
		expect(result.error).toBeUndefined();
		expect(json(result).map((c) => c.status)).toEqual(['paused', 'paused', 'paused']);
		expect(server.requestLines()).toEqual(uuids.map((uuid) => `POST /api/v3/checks/${uuid}/pause`));
	});

	test('Resume, every value an expression: each evaluated only as often as n8n needs; 3 checks resumed', async () => {
		const uuids = [0, 1, 2].map(() => server.seedCheck({ status: 'paused' }).uuid);
		const result = await run(
			{ resource: 'check', operation: 'resume', checkId: byId('={{ $json.check }}') },
			{ items: uuids.map((check) => ({ check })) },
		);
		expect(result.error).toBeUndefined();
		expect(json(result).map((c) => c.status)).toEqual(['new', 'new', 'new']);
		expect(server.requestLines()).toEqual(
			uuids.map((uuid) => `POST /api/v3/checks/${uuid}/resume`),
		);
	});

	test('Delete, every value an expression: each evaluated only as often as n8n needs; 3 checks deleted', async () => {
		const uuids = [0, 1, 2].map(() => server.seedCheck().uuid);
		const result = await run(
			{ resource: 'check', operation: 'delete', checkId: byId('={{ $json.check }}') },
			{ items: uuids.map((check) => ({ check })) },
		);
		expect(result.error).toBeUndefined();
		expect(json(result)).toHaveLength(3);
		expect(server.requestLines()).toEqual(uuids.map((uuid) => `DELETE /api/v3/checks/${uuid}`));
		expect(server.checks.size).toBe(0);
	});
});

describe('on each server release: Check → Pause of a paused check', () => {
	test.each([
		['3.13', [0, 0]],
		['4.0', [0]],
		['4.3', [0]],
	] as const)(
		'on %s, pausing twice answers "paused" both times; Flip → Get Many then lists %j',
		async (version, ups) => {
			server.version = version;
			const check = server.seedCheck({ name: 'backup' });
			for (let i = 0; i < 2; i++) {
				const paused = await run({
					resource: 'check',
					operation: 'pause',
					checkId: byId(check.uuid),
				});
				expect(json(paused)).toEqual([
					expect.objectContaining({ uuid: check.uuid, status: 'paused' }),
				]);
			}
			const flips = await run({
				resource: 'flip',
				operation: 'getAll',
				checkId: byId(check.uuid),
				returnAll: true,
			});
			expect(json(flips).map((flip) => flip.up)).toEqual(ups);
		},
	);
});

describe('Check → Create in the panel', () => {
	const description = new CheckMonitor().description;
	const shownNotices = (operation: string) =>
		description.properties
			.filter(
				(p) =>
					p.type === 'notice' &&
					NodeHelpers.displayParameter({ resource: 'check', operation }, p, null, description),
			)
			.map((p) => p.displayName);

	test('says, above its fields, that each run creates a new check unless Unique is set, and what Unique does', () => {
		expect(shownNotices('create')).toEqual([
			expect.stringMatching(
				/^Each run creates a new check.*add Options → Unique and pick Name.*updates the check whose Unique fields match/,
			),
		]);
		expect(shownNotices('update')).toEqual([]);
	});

	test("Unique's choices read as the fields' names, and send the API's values", () => {
		const options = description.properties.find(
			(p) =>
				p.name === 'options' &&
				NodeHelpers.displayParameter(
					{ resource: 'check', operation: 'create' },
					p,
					null,
					description,
				),
		)?.options as INodeProperties[];
		const unique = options.find((o) => o.name === 'unique');
		expect(unique?.options).toEqual([
			{ name: 'Name', value: 'name' },
			{ name: 'Slug', value: 'slug' },
			{ name: 'Tags', value: 'tags' },
			{ name: 'Timeout', value: 'timeout' },
			{ name: 'Grace', value: 'grace' },
		]);
		expect(unique?.description).toMatch(/^Update rather than duplicate/);
	});
});
