/**
 * The Check Monitor API as the node speaks to it (shared/checkMonitorApi.ts). Its errors as the
 * user reads them: one row per status and path shape the mapping tells apart, with its exact
 * words (pings have their own: ping.send.test.ts). A check By Slug in every operation that takes one, but Ping →
 * Send (which pings by slug: ping.send.test.ts): looked up by its slug first (one GET of the list
 * filtered by slug), then the operation's own request goes to the check's UUID; a look-up whose
 * answer would put the request on the wrong check sends nothing. Through n8n's engine against the
 * stand-in; what reached the server is read from its log.
 */
import { byId, bySlug } from '../../harness/engine';
import { useCheckMonitorServer } from '../support/setup';
import { CM_READ_ONLY_KEY } from '../../harness/servers/checkMonitorServer';
import {
	describeCheckMonitorError,
	READ_ONLY_KEY_ALLOWS,
} from '../../nodes/CheckMonitor/shared/checkMonitorApi';

const { server, run } = useCheckMonitorServer();

const UUID = '5b0e6ad5-0f21-4f43-9f0c-1b6a1c1a7b7e';
const UNIQUE_KEY = 'a1'.repeat(20);
const TOO_LONG_KEY = `${UNIQUE_KEY}b`;
const RW_KEY_NEEDED = `A read-only key can only ${READ_ONLY_KEY_ALLOWS}. Creating, updating, pausing, resuming or deleting checks, pings and channels need the project's read-write key.`;
const CHECK_KEY =
	'Check the API key in the Check Monitor API credential: copy it from Project Settings → API Access.';
const PER_PROJECT = 'API keys are per project; use the key of the project that owns the check.';
/** A value where a check ID goes that is no ID at all: what to send instead. */
const NOT_AN_ID = (id: string) =>
	`"${id}" is neither a check UUID (e.g. 8a3c5b7e-1f2d-4c6a-9b0e-3d5f7a9c1e2b) nor a 40-character unique key. Send the check's UUID, as Check → Get Many lists it; to name the check by its slug, set Check to By Slug.`;
const SERVER_SIDE =
	'This is a problem on the server side. The request only reads data, so running it again is safe.';
const SERVER_SIDE_WRITE = (method: string) =>
	`This is a problem on the server side. The request was a write (${method}) and was not sent again: it may have happened, so check before running it again.`;

type Row = [
	status: number,
	body: unknown,
	method: string,
	url: string,
	message: string,
	description: string | undefined,
];

describe('each status and path shape', () => {
	const api: Row[] = [
		[
			400,
			'',
			'GET',
			`/api/v3/checks/${UUID}/flips/?seconds=-1`,
			'The server rejected the flips filter',
			'Seconds must be a whole number from 0 to 31536000 (one year); Start and End must be dates between 1970 and 2286.',
		],
		[
			400,
			{ error: 'json validation error: timeout is too small' },
			'POST',
			'/api/v3/checks/',
			'The Check Monitor API rejected the request: timeout is too small',
			'HTTP 400 for POST /api/v3/checks/',
		],
		[
			400,
			'',
			'post',
			'/api/v3/checks/?x=1',
			'The Check Monitor API rejected the request: bad request',
			'HTTP 400 for POST /api/v3/checks/',
		],
		[
			401,
			{ error: 'wrong api key' },
			'POST',
			'/api/v3/checks/',
			'The API key was rejected: it is read-only or does not belong to this project',
			RW_KEY_NEEDED,
		],
		[
			401,
			{ error: 'wrong api key' },
			'POST',
			`/api/v3/checks/${UUID}/pause`,
			'The API key was rejected: it is read-only or does not belong to this project',
			RW_KEY_NEEDED,
		],
		[
			401,
			{ error: 'wrong api key' },
			'GET',
			`/api/v3/checks/${UUID}/pings/`,
			'The API key was rejected: it is read-only or does not belong to this project',
			RW_KEY_NEEDED,
		],
		[
			401,
			{ error: 'wrong api key' },
			'GET',
			'/api/v3/channels/',
			'The API key was rejected: it is read-only or does not belong to this project',
			RW_KEY_NEEDED,
		],
		[
			401,
			{ error: 'wrong api key' },
			'GET',
			'/api/v3/checks/',
			'The API key was rejected (wrong api key)',
			CHECK_KEY,
		],
		[
			401,
			{ error: 'wrong api key' },
			'GET',
			`/api/v3/checks/${UUID}`,
			'The API key was rejected (wrong api key)',
			CHECK_KEY,
		],
		[
			401,
			{ error: 'wrong api key' },
			'GET',
			`/api/v3/checks/${UUID}/flips/`,
			'The API key was rejected (wrong api key)',
			CHECK_KEY,
		],
		[
			401,
			{ error: 'wrong api key' },
			'GET',
			'/api/v3/badges/',
			'The API key was rejected (wrong api key)',
			CHECK_KEY,
		],
		[
			401,
			{ error: 'missing api key' },
			'POST',
			'/api/v3/checks/',
			'The Check Monitor API did not receive a valid API key (missing, or not 32 characters long)',
			CHECK_KEY,
		],
		[
			403,
			'',
			'POST',
			'/api/v3/checks/',
			'The server refused to create the check: the account has reached its check limit',
			PER_PROJECT,
		],
		[
			403,
			'',
			'POST',
			`/api/v3/checks/${UUID}`,
			`Access to check "${UUID}" was refused (403): it belongs to another project`,
			PER_PROJECT,
		],
		[
			403,
			'',
			'GET',
			'/api/v3/checks/',
			'Access to check "/api/v3/checks/" was refused (403): it belongs to another project',
			PER_PROJECT,
		],
		[
			404,
			'<h1>Not Found</h1>',
			'GET',
			`/api/v3/checks/${UUID}/pings/12/body`,
			`Ping #12 of check "${UUID}" has no stored body`,
			'The ping was sent without a body, or it is older than the pings the server keeps (the newest 100 on free accounts).',
		],
		[
			404,
			'',
			'GET',
			`/api/v3/checks/${UNIQUE_KEY}`,
			`No check with unique key "${UNIQUE_KEY}" was found`,
			'The check may have been deleted, or the ID is mistyped.',
		],
		[
			404,
			'<h1>Not Found</h1>',
			'GET',
			`/api/v3/checks/${TOO_LONG_KEY}`,
			`No check with ID "${TOO_LONG_KEY}" was found`,
			NOT_AN_ID(TOO_LONG_KEY),
		],
		// A slug given where an ID goes (By ID, or a model's guess): what to send instead.
		[
			404,
			'<h1>Not Found</h1>',
			'GET',
			'/api/v3/checks/nightly-backup/flips/',
			'No check with ID "nightly-backup" was found',
			NOT_AN_ID('nightly-backup'),
		],
		[
			404,
			'<h1>Not Found</h1>',
			'DELETE',
			`/api/v3/checks/${UUID}`,
			`No check with ID "${UUID}" was found`,
			'The check may have been deleted, or the ID is mistyped.',
		],
		// A UUID with a character more, after it or before it, is no UUID.
		...[`${UUID}0`, `0${UUID}`].map(
			(id): Row => [
				404,
				'<h1>Not Found</h1>',
				'GET',
				`/api/v3/checks/${id}`,
				`No check with ID "${id}" was found`,
				NOT_AN_ID(id),
			],
		),
		[
			404,
			'<h1>Not Found</h1>',
			'GET',
			'/api/v3/nothing/',
			'Nothing was found at /api/v3/nothing/',
			'Check the Base URL in the credential: it is the server root, for example https://healthchecks.io.',
		],
		[
			405,
			'',
			'DELETE',
			'/api/v3/channels/',
			'The server does not allow DELETE on /api/v3/channels/',
			'This is a bug in the node; please report it.',
		],
		[
			409,
			'check is not paused',
			'POST',
			`/api/v3/checks/${UUID}/resume`,
			`Check "${UUID}" is not paused, so it cannot be resumed`,
			'check is not paused',
		],
		[
			409,
			'',
			'POST',
			`/api/v3/checks/${UUID}/resume`,
			`Check "${UUID}" is not paused, so it cannot be resumed`,
			undefined,
		],
		[
			429,
			'',
			'GET',
			'/api/v3/checks/',
			'Rate limit reached: the Check Monitor API answered 429',
			'The hosted service allows about 100 requests per minute. Run fewer items at once (Options → Batching) or wait before running again.',
		],
		[
			500,
			'database is locked',
			'GET',
			'/api/v3/checks/',
			'The Check Monitor API failed with HTTP 500: database is locked',
			SERVER_SIDE,
		],
		[502, '', 'GET', '/api/v3/checks/', 'The Check Monitor API failed with HTTP 502', SERVER_SIDE],
		[
			500,
			'',
			'POST',
			'/api/v3/checks/',
			'The Check Monitor API failed with HTTP 500',
			SERVER_SIDE_WRITE('POST'),
		],
		[
			503,
			'',
			'post',
			`/api/v3/checks/${UUID}/pause`,
			'The Check Monitor API failed with HTTP 503',
			SERVER_SIDE_WRITE('POST'),
		],
		[
			500,
			'',
			'DELETE',
			`/api/v3/checks/${UUID}`,
			'The Check Monitor API failed with HTTP 500',
			SERVER_SIDE_WRITE('DELETE'),
		],
		[
			418,
			"I'm a teapot",
			'GET',
			'/api/v3/checks/?tag=x',
			"The Check Monitor API failed with HTTP 418: I'm a teapot",
			'HTTP 418 for GET /api/v3/checks/',
		],
	];
	test.each(api)('%i %j for %s %s', (statusCode, body, method, url, message, description) => {
		expect(
			describeCheckMonitorError({ statusCode, headers: {}, body }, { method, url }),
		).toStrictEqual({ message, description });
	});
});

describe('a check by slug is looked up, then the operation goes to its UUID', () => {
	test('Check → Get: the list by slug, then the check', async () => {
		server.seedCheck({ name: 'other', slug: 'other' });
		const check = server.seedCheck({ name: 'Nightly backup', slug: 'nightly-backup' });
		const result = await run({
			resource: 'check',
			operation: 'get',
			checkId: bySlug(' nightly-backup '),
		});
		expect(result.error).toBeUndefined();
		expect(server.requestLines()).toEqual([
			'GET /api/v3/checks/?slug=nightly-backup',
			`GET /api/v3/checks/${check.uuid}`,
		]);
		expect(result.items.map((item) => item.json.name)).toEqual(['Nightly backup']);
	});

	test('Check → Update, a write: one look-up, then exactly one update of that check', async () => {
		const check = server.seedCheck({ name: 'Backup', slug: 'backup' });
		const result = await run({
			resource: 'check',
			operation: 'update',
			checkId: bySlug('backup'),
			updateFields: { name: 'Renamed' },
		});
		expect(result.error).toBeUndefined();
		expect(server.requestLines()).toEqual([
			'GET /api/v3/checks/?slug=backup',
			`POST /api/v3/checks/${check.uuid}`,
		]);
		expect(server.requests[1].body).toEqual({ name: 'Renamed' });
		expect(check.name).toBe('Renamed');
	});

	test('Ping → Get Many and Flip → Get Many take it too', async () => {
		const check = server.seedCheck({ slug: 'job' });
		expect(
			(
				await run({
					resource: 'ping',
					operation: 'getAll',
					checkId: bySlug('job'),
					returnAll: true,
				})
			).error,
		).toBeUndefined();
		expect(
			(
				await run({
					resource: 'flip',
					operation: 'getAll',
					checkId: bySlug('job'),
					returnAll: true,
				})
			).error,
		).toBeUndefined();
		expect(server.requestPaths()).toEqual([
			'GET /api/v3/checks/',
			`GET /api/v3/checks/${check.uuid}/pings/`,
			'GET /api/v3/checks/',
			`GET /api/v3/checks/${check.uuid}/flips/`,
		]);
	});

	test('with a read-only key the list shows unique keys: Check → Get goes to the unique key', async () => {
		server.seedCheck({ name: 'Seen read-only', slug: 'ro' });
		const result = await run(
			{ resource: 'check', operation: 'get', checkId: bySlug('ro') },
			{ apiKey: CM_READ_ONLY_KEY },
		);
		expect(result.error).toBeUndefined();
		expect(server.requestLines()[1]).toMatch(/^GET \/api\/v3\/checks\/[0-9a-f]{40}$/);
		expect(result.items[0].json.name).toBe('Seen read-only');
	});
});

describe('refused, and nothing else sent', () => {
	/** The next slug look-up answers this list (200), as a server that ignores the filter. */
	const answerLookUp = (checks: object[]) => server.answerNextGet('/api/v3/checks/', { checks });

	test('the look-up answers a check with another slug (the filter ignored): Check → Delete sends nothing to it', async () => {
		const only = server.seedCheck({ name: 'The only check', slug: 'prod-backup' });
		answerLookUp([{ uuid: only.uuid, slug: 'prod-backup', name: 'The only check' }]);
		const result = await run({
			resource: 'check',
			operation: 'delete',
			checkId: bySlug('staging-backup'),
		});
		expect(result.error?.message).toBe(
			`Check (by slug): looking up the slug "staging-backup" answered the check "${only.uuid}" with the slug "prod-backup"; nothing was sent to it`,
		);
		expect(result.error?.description).toBe(
			"Check the Base URL in the credential: it must be the monitoring API's own address.",
		);
		expect(server.requestLines()).toEqual(['GET /api/v3/checks/?slug=staging-backup']);
		expect(server.checks.has(only.uuid)).toBe(true);
	});

	test('the look-up answers a check without an ID: Check → Pause sends nothing', async () => {
		answerLookUp([{ slug: 'backup', name: 'No id' }]);
		const result = await run({ resource: 'check', operation: 'pause', checkId: bySlug('backup') });
		expect(result.error?.message).toBe(
			'Check (by slug): looking up the slug "backup" answered a check without an ID; nothing was sent to it',
		);
		expect(server.requestLines()).toEqual(['GET /api/v3/checks/?slug=backup']);
	});

	test('no check has the slug: the look-up only', async () => {
		server.seedCheck({ slug: 'backup' });
		const result = await run({
			resource: 'check',
			operation: 'delete',
			checkId: bySlug('backups'),
		});
		expect(result.error?.message).toBe('Check (by slug): no check has the slug "backups"');
		expect(result.error?.description).toBe('Check the slug, or pick the check from the list.');
		expect(server.requestLines()).toEqual(['GET /api/v3/checks/?slug=backups']);
	});

	test('two checks have the slug: neither is deleted', async () => {
		const first = server.seedCheck({ slug: 'twin' });
		const second = server.seedCheck({ slug: 'twin' });
		const result = await run({ resource: 'check', operation: 'delete', checkId: bySlug('twin') });
		expect(result.error?.message).toBe('Check (by slug): 2 checks have the slug "twin"');
		expect(result.error?.description).toBe(
			'Pick the check from the list or by ID, or give the checks different slugs.',
		);
		expect(server.requestLines()).toEqual(['GET /api/v3/checks/?slug=twin']);
		expect([server.checks.has(first.uuid), server.checks.has(second.uuid)]).toEqual([true, true]);
	});

	test('not a slug (capitals) from an expression: no request at all', async () => {
		server.seedCheck({ slug: 'nightly-backup' });
		const result = await run({
			resource: 'check',
			operation: 'pause',
			checkId: bySlug('={{ "Nightly-Backup" }}'),
		});
		expect(result.error?.message).toBe('Check (by slug): "Nightly-Backup" is not a slug');
		expect(result.error?.description).toBe('A slug has lower-case letters, digits, - and _ only.');
		expect(server.requests).toHaveLength(0);
	});

	test("typed, n8n checks it with the mode's own rule", async () => {
		const result = await run({
			resource: 'check',
			operation: 'pause',
			checkId: bySlug('Nightly-Backup'),
		});
		expect(result.error?.message).toBe(
			"The 'Node' node has issues:\n- A slug has lower-case letters, digits, - and _ only",
		);
		expect(server.requests).toHaveLength(0);
	});

	test('empty from an expression: no request at all', async () => {
		const result = await run({
			resource: 'check',
			operation: 'get',
			checkId: bySlug('={{ "  " }}'),
		});
		expect(result.error?.message).toBe('Check: is empty');
		expect(server.requests).toHaveLength(0);
	});

	test('with Continue On Fail an unknown slug does not cost the other items their results', async () => {
		const check = server.seedCheck({ name: 'Known', slug: 'known' });
		const result = await run(
			{ resource: 'check', operation: 'get', checkId: bySlug('={{ $json.slug }}') },
			{ items: [{ slug: 'known' }, { slug: 'unknown' }, { slug: 'known' }], continueOnFail: true },
		);
		expect(result.items.map((item) => item.json.name ?? item.json.error)).toEqual([
			'Known',
			'Check (by slug): no check has the slug "unknown"',
			'Known',
		]);
		expect(server.requestLines().filter((line) => line.endsWith(check.uuid))).toHaveLength(2);
	});
});

test('a slug look-up answering a check whose UUID is empty: Check → Pause sends nothing', async () => {
	const check = server.seedCheck({ name: 'Backup', slug: 'backup' });
	server.answerNextGet('/api/v3/checks/', {
		checks: [{ uuid: '', slug: 'backup', name: 'Backup' }],
	});
	const result = await run({ resource: 'check', operation: 'pause', checkId: bySlug('backup') });
	expect(result.error?.message).toBe(
		'Check (by slug): looking up the slug "backup" answered a check without an ID; nothing was sent to it',
	);
	expect(server.requestLines()).toEqual(['GET /api/v3/checks/?slug=backup']);
	expect(server.checks.get(check.uuid)).toMatchObject({ status: 'new' });
});

test("a slug where the check's ID goes (from an expression, as $fromAI gives it): the error says what to send instead", async () => {
	server.seedCheck({ slug: 'nightly-backup' });
	const result = await run({
		resource: 'check',
		operation: 'get',
		checkId: byId('={{ "nightly-backup" }}'),
	});
	expect(server.requestLines()).toEqual(['GET /api/v3/checks/nightly-backup']);
	expect(result.error?.message).toBe('No check with ID "nightly-backup" was found');
	expect(result.error?.description).toBe(NOT_AN_ID('nightly-backup'));
});
