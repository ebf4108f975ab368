/**
 * Ping → Send (resources/ping/send.ts) through n8n's engine against the stand-in, which answers
 * pings as the real server does (text "OK" / 201 "Created", 404 "not found", 409 "ambiguous
 * slug", 400s). Asserts what reached the server (the request a monitored service receives: its
 * headers, the run id's inputs, the server's own body limit), what the node returned, and that
 * the ping URL, the UUID inside it and the ping key never appear in an error; then what differs
 * between server releases (docs/api/check-monitor.md, "Server versions").
 */
import { byId, bySlug, registerTestNode, runNode, testNodeDescription } from '../../harness/engine';
import { everything, useCheckMonitorServer } from '../support/setup';
import { CM_KEY, CM_PING_KEY } from '../../harness/servers/checkMonitorServer';
import type { Fault } from '../../harness/servers/apiServer';
import {
	describePingError,
	pingRoot,
	runIdFromExecution,
} from '../../nodes/CheckMonitor/resources/ping/send';

const { server } = useCheckMonitorServer();

interface Options {
	items?: object[];
	continueOnFail?: boolean;
	/** The credential's Ping Key; null: a credential without one. */
	pingKey?: string | null;
	pingUrl?: string;
	executionId?: string;
}
const run = (parameters: Record<string, unknown>, options: Options = {}) => {
	const pingKey = options.pingKey === undefined ? CM_PING_KEY : options.pingKey;
	return runNode({
		type: 'checkMonitor',
		parameters: { resource: 'ping', operation: 'send', ...parameters } as never,
		credentials: {
			checkMonitorApi: {
				baseUrl: server.url,
				apiKey: CM_KEY,
				...(pingKey === null ? {} : { pingKey }),
				pingUrl: options.pingUrl ?? '',
			},
		},
		items: options.items as never,
		continueOnFail: options.continueOnFail,
		executionId: options.executionId,
	});
};
const json = (result: Awaited<ReturnType<typeof run>>) => result.items.map((i) => i.json);
const RID = '3f1b6c2e-8a4d-4e5f-9c7b-1a2d3e4f5a6b';

describe('ping send', () => {
	test.each([
		['success', '', 'success'],
		['start', '/start', 'start'],
		['fail', '/fail', 'fail'],
		['log', '/log', 'log'],
	])(
		'signal %s: POST <ping root>/<uuid>%s, no API key, the server logs a %s ping',
		async (signal, suffix, type) => {
			const check = server.seedCheck({ name: 'backup' });
			const result = await run({ checkId: byId(check.uuid), signal });
			expect(result.error).toBeUndefined();
			expect(server.requestLines()).toEqual([`POST /ping/${check.uuid}${suffix}`]);
			expect(server.requests[0].headers['x-api-key']).toBeUndefined();
			expect(check.pings.map((p) => p.type)).toEqual([type]);
			expect(result.items.map((i) => i.json)).toEqual([
				{
					signal,
					check: { id: check.uuid },
					rid: null,
					answer: 'OK',
					created: false,
					bodyBytes: 0,
				},
			]);
		},
	);

	test.each([
		[0, 'success'],
		[1, 'fail'],
		[255, 'fail'],
	])('exit status %i: POST /ping/<uuid>/%i, logged as %s', async (exitStatus, type) => {
		const check = server.seedCheck();
		const result = await run({ checkId: byId(check.uuid), signal: 'exitStatus', exitStatus });
		expect(server.requestLines()).toEqual([`POST /ping/${check.uuid}/${exitStatus}`]);
		expect(check.pings.map((p) => p.type)).toEqual([type]);
		expect(result.items[0].json).toMatchObject({ signal: 'exitStatus', exitStatus, answer: 'OK' });
	});

	test('by slug: POST <ping root>/<ping key>/<slug>; the output names the slug, never the key', async () => {
		const check = server.seedCheck({ slug: 'nightly-backup' });
		const result = await run({ checkId: bySlug('nightly-backup'), signal: 'start' });
		expect(server.requestLines()).toEqual([`POST /ping/${CM_PING_KEY}/nightly-backup/start`]);
		expect(check.pings.map((p) => p.type)).toEqual(['start']);
		expect(result.items[0].json).toEqual({
			signal: 'start',
			check: { slug: 'nightly-backup' },
			rid: null,
			answer: 'OK',
			created: false,
			bodyBytes: 0,
		});
		expect(everything(result.items)).not.toContain(CM_PING_KEY);
	});

	test('by slug with Create Missing Check: ?create=1, the server answers 201 Created, the check exists', async () => {
		const result = await run({ checkId: bySlug('new-job'), additionalFields: { create: true } });
		expect(server.requestLines()).toEqual([`POST /ping/${CM_PING_KEY}/new-job?create=1`]);
		expect([...server.checks.values()].map((c) => c.slug)).toEqual(['new-job']);
		expect(result.items[0].json).toMatchObject({ answer: 'Created', created: true });
	});

	test('a body is sent as text, logged by the server, and counted', async () => {
		const check = server.seedCheck();
		const result = await run({
			checkId: byId(check.uuid),
			signal: 'fail',
			additionalFields: { body: 'disk full: 0 bytes left' },
		});
		expect(server.requests[0].rawBody).toBe('disk full: 0 bytes left');
		expect(String(server.requests[0].headers['content-type'])).toMatch(/^text\/plain/);
		expect(check.pings[0].body?.toString('utf8')).toBe('disk full: 0 bytes left');
		expect(result.items[0].json).toMatchObject({ bodyBytes: 23 });
		expect(result.items[0].json.warning).toBeUndefined();
	});

	test('every value an expression: each evaluated only as often as n8n needs; 3 pings sent with their bodies', async () => {
		const checks = [0, 1, 2].map(() => server.seedCheck());
		const result = await run(
			{
				checkId: byId('={{ $json.check }}'),
				signal: '={{ $json.signal }}',
				additionalFields: { body: '={{ $json.body }}' },
			},
			{
				items: checks.map((check, i) => ({ check: check.uuid, signal: 'fail', body: `log ${i}` })),
			},
		);
		expect(result.error).toBeUndefined();
		expect(json(result)).toEqual(
			checks.map((check) => ({
				signal: 'fail',
				check: { id: check.uuid },
				rid: null,
				answer: 'OK',
				created: false,
				bodyBytes: 5,
			})),
		);
		expect(server.requestLines()).toEqual(checks.map((check) => `POST /ping/${check.uuid}/fail`));
		expect(server.requests.map((r) => r.rawBody)).toEqual(['log 0', 'log 1', 'log 2']);
		expect(checks.map((check) => check.pings.map((p) => p.type))).toEqual([
			['fail'],
			['fail'],
			['fail'],
		]);
	});

	test("a body over the server's Ping-Body-Limit is sent, and the output warns what the server kept", async () => {
		const check = server.seedCheck();
		const body = 'x'.repeat(12_000);
		const result = await run({ checkId: byId(check.uuid), additionalFields: { body } });
		expect(check.pings[0].body?.length).toBe(10_000);
		expect(result.items[0].json.warning).toBe(
			'The body has 12000 bytes; the server keeps the first 10000 (its Ping-Body-Limit) and its keyword filters read only those.',
		);
	});

	test("a body can turn the signal into another type through the check's keyword filter", async () => {
		const check = server.seedCheck({
			filter_http_body: true,
			failure_kw: 'ERROR',
			success_kw: '',
			start_kw: '',
		});
		await run({
			checkId: byId(check.uuid),
			signal: 'success',
			additionalFields: { body: 'ERROR: backup failed' },
		});
		expect(check.pings.map((p) => p.type)).toEqual(['fail']);
	});

	test('run ID: sent as ?rid=, stored on the ping, returned', async () => {
		const check = server.seedCheck();
		const result = await run({
			checkId: byId(check.uuid),
			signal: 'start',
			additionalFields: { rid: ` ${RID.toUpperCase()} ` },
		});
		expect(server.requestLines()).toEqual([`POST /ping/${check.uuid}/start?rid=${RID}`]);
		expect(check.pings[0].rid).toBe(RID);
		expect(result.items[0].json.rid).toBe(RID);
	});

	test('Run ID From Execution: a version-5 UUID, the same for every ping of one execution, different for another', async () => {
		const check = server.seedCheck();
		const result = await run(
			{ checkId: byId(check.uuid), signal: 'start', additionalFields: { ridFromExecution: true } },
			{ items: [{}, {}] },
		);
		const rids = result.items.map((i) => i.json.rid as string);
		expect(rids[0]).toMatch(
			/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
		);
		expect(rids[1]).toBe(rids[0]);
		expect(check.pings.map((p) => p.rid)).toEqual(rids);
		expect(runIdFromExecution('i', 'wf', '1')).not.toBe(runIdFromExecution('i', 'wf', '2'));
		expect(runIdFromExecution('i', 'wf', '1')).not.toBe(
			runIdFromExecution('other instance', 'wf', '1'),
		);
		expect(runIdFromExecution('i', 'wf', '1')).toBe(runIdFromExecution('i', 'wf', '1'));
	});

	test("the credential's Ping URL is where pings go (here: the same server under another root would 404)", async () => {
		const check = server.seedCheck();
		const result = await run(
			{ checkId: byId(check.uuid) },
			{ pingUrl: `${server.url}/ping/`, continueOnFail: true },
		);
		expect(server.requestLines()).toEqual([`POST /ping/${check.uuid}`]);
		expect(result.items[0].json.answer).toBe('OK');
		const elsewhere = await run(
			{ checkId: byId(check.uuid) },
			{ pingUrl: `${server.url}/other-root`, continueOnFail: true },
		);
		expect(server.requestLines()[1]).toBe(`POST /other-root/${check.uuid}`);
		expect(elsewhere.items[0].json.error).toBe('No check with this UUID was found (404)');
	});
});

describe('ping send: errors in plain words, without the ping URL, the UUID in it or the ping key', () => {
	// The error object also carries the node's parameters (n8n's own), which hold the UUID the
	// user entered; the message and description the user reads must not.
	const expectNoSecrets = (
		error: { message?: string; description?: string | null } | undefined,
		uuid?: string,
	) => {
		const text = everything(error);
		expect(text).not.toContain(CM_PING_KEY);
		expect(text).not.toContain(server.url);
		if (uuid) expect(`${error?.message} ${error?.description}`).not.toContain(uuid);
	};

	test('unknown check by UUID: 404 not found', async () => {
		const uuid = '8a3c5b7e-1f2d-4c6a-9b0e-3d5f7a9c1e2b';
		const result = await run({ checkId: byId(uuid) });
		expect(result.error?.message).toBe('No check with this UUID was found (404 not found)');
		expect(result.error?.description).toBe(
			'The check may have been deleted, or the Ping URL in the credential points to another server.',
		);
		expectNoSecrets(result.error, uuid);
	});

	test('unknown slug: 404, with what to check', async () => {
		const result = await run({ checkId: bySlug('nope') });
		expect(result.error?.message).toBe('No check with the slug "nope" was found (404 not found)');
		expect(result.error?.description).toBe(
			"Check the slug, turn on Create Missing Check to create it, or check the Ping Key in the credential: it must be this project's.",
		);
		expectNoSecrets(result.error);
	});

	test('a wrong ping key: 404, the key not repeated', async () => {
		server.seedCheck({ slug: 'job' });
		const result = await run({ checkId: bySlug('job') }, { pingKey: 'wrongKey0123456789abcd' });
		expect(result.error?.message).toBe('No check with the slug "job" was found (404 not found)');
		expect(everything(result.error)).not.toContain('wrongKey0123456789abcd');
	});

	test('ambiguous slug: 409', async () => {
		server.seedCheck({ slug: 'twin' });
		server.seedCheck({ slug: 'twin' });
		const result = await run({ checkId: bySlug('twin') });
		expect(result.error?.message).toBe(
			'More than one check has the slug "twin" (409 ambiguous slug)',
		);
		expect(result.error?.description).toBe('Ping it by UUID, or give the checks different slugs.');
	});

	test('ambiguous slug with Create Missing Check: still 409, not worded as a refused creation', async () => {
		server.seedCheck({ slug: 'twin' });
		server.seedCheck({ slug: 'twin' });
		const result = await run({ checkId: bySlug('twin'), additionalFields: { create: true } });
		expect(server.requestLines()).toEqual([`POST /ping/${CM_PING_KEY}/twin?create=1`]);
		expect(result.error?.message).toBe(
			'More than one check has the slug "twin" (409 ambiguous slug)',
		);
		expect(server.checks.size).toBe(2);
	});

	test.each([
		[
			{ signal: 'exitStatus', exitStatus: 256 },
			'Exit Status: 256 is not a whole number from 0 to 255',
		],
		[
			{ signal: 'exitStatus', exitStatus: -1 },
			'Exit Status: -1 is not a whole number from 0 to 255',
		],
		[
			{ signal: 'exitStatus', exitStatus: 1.5 },
			'Exit Status: 1.5 is not a whole number from 0 to 255',
		],
		[{ additionalFields: { rid: 'run-42' } }, 'Run ID: "run-42" is not a UUID'],
		[{ checkId: byId('={{ "" }}') }, 'Check: is empty'],
		[{ checkId: byId('={{ "nightly-backup" }}') }, 'Check: "nightly-backup" is not a check UUID'],
		// A pasted ping URL: its UUID is not repeated in the message.
		[
			{ checkId: byId('={{ "https://hc-ping.com/5c4c8c1e-2e7b-4a4c-9b1f-0c6f1f1e7a11" }}') },
			'Check: is a URL, not a check UUID',
		],
		[
			{ checkId: bySlug('={{ "Nightly Backup" }}') },
			'Check (by slug): "Nightly Backup" is not a slug',
		],
		// A fixed value is checked by n8n itself, with the mode's own rule.
		// (By ID is every check operation's mode, one definition; the unique key it also takes is refused here.)
		[
			{ checkId: byId('nightly-backup') },
			"The 'Node' node has issues:\n- Enter a check UUID, or a 40-character unique key",
		],
		[{ checkId: byId('a'.repeat(40)) }, `Check: "${'a'.repeat(40)}" is not a check UUID`],
		[
			{ checkId: bySlug('Nightly Backup') },
			"The 'Node' node has issues:\n- A slug has lower-case letters, digits, - and _ only",
		],
		[
			{ additionalFields: { create: true } },
			'Create Missing Check: works only when pinging by slug',
		],
		[
			{ signal: '={{ "finished" }}' },
			'Signal: "finished" is not one of success, start, fail, log, exitStatus',
		],
	])('bad input %j is refused before any request: %s', async (parameters, message) => {
		const check = server.seedCheck();
		const result = await run({ checkId: byId(check.uuid), ...parameters });
		expect(result.error?.message).toBe(message);
		expect(server.requests).toHaveLength(0);
	});

	test.each([
		[byId('={{ "" }}'), 'Pick one from the list, or enter its UUID or slug.'],
		[
			byId('={{ "nightly-backup" }}'),
			'Pings need the UUID (or pick By Slug); a unique key cannot be pinged.',
		],
		[bySlug('={{ "Nightly Backup" }}'), 'A slug has lower-case letters, digits, - and _ only.'],
	])('a bad Check %j says how to give one', async (checkId, hint) => {
		const result = await run({ checkId });
		expect(result.error?.description).toBe(hint);
		expect(server.requests).toHaveLength(0);
	});

	test('slug mode without a ping key in the credential is refused before any request', async () => {
		const result = await run({ checkId: bySlug('job') }, { pingKey: '' });
		expect(result.error?.message).toBe('Check (by slug): pinging by slug needs a Ping Key');
		expect(result.error?.description).toBe(
			"Add the project's ping key (Project Settings → API Access) to the Check Monitor API credential, or ping by UUID.",
		);
		expect(server.requests).toHaveLength(0);
	});

	test('a Check UUID typed with spaces around it is pinged without them', async () => {
		const check = server.seedCheck();
		const result = await run({ checkId: byId(`  ${check.uuid} `) });
		expect(result.error).toBeUndefined();
		expect(server.requestLines()).toEqual([`POST /ping/${check.uuid}`]);
	});

	test('slug mode with a credential that never had a Ping Key is refused the same way', async () => {
		const result = await runNode({
			type: 'checkMonitor',
			parameters: { resource: 'ping', operation: 'send', checkId: bySlug('job') } as never,
			credentials: { checkMonitorApi: { baseUrl: server.url, apiKey: CM_KEY } },
		});
		expect(result.error?.message).toBe('Check (by slug): pinging by slug needs a Ping Key');
		expect(server.requests).toHaveLength(0);
	});

	test("the server's own 400s are explained (a rid the server refuses)", async () => {
		const check = server.seedCheck();
		server.injectFault({ kind: 'status', status: 400, body: 'invalid uuid format' });
		const result = await run({ checkId: byId(check.uuid), additionalFields: { rid: RID } });
		expect(result.error?.message).toBe('The server refused the ping (400 invalid uuid format)');
		expect(result.error?.description).toBe('The Run ID must be a UUID.');
	});

	test('a 5xx is not retried (the ping may have been recorded) and says so', async () => {
		const check = server.seedCheck();
		server.injectFault({ kind: 'statusAfter', status: 502 });
		const result = await run({ checkId: byId(check.uuid) });
		expect(server.requests).toHaveLength(1);
		expect(check.pings).toHaveLength(1);
		expect(result.error?.message).toBe('The ping was not accepted (502)');
		expect(result.error?.description).toContain(
			'It is not sent again automatically: it may have been recorded.',
		);
		expectNoSecrets(result.error, check.uuid);
	});

	test('a 429 is waited out and retried, once recorded', async () => {
		const check = server.seedCheck();
		server.injectFault({ kind: 'status', status: 429, retryAfter: '0' });
		const result = await run({ checkId: byId(check.uuid) });
		expect(server.requests).toHaveLength(2);
		expect(check.pings).toHaveLength(1);
		expect(result.items[0].json.answer).toBe('OK');
	});

	test('with Continue On Fail, one bad item does not cost the others their pings', async () => {
		const check = server.seedCheck();
		const result = await run(
			{ checkId: byId('={{ $json.id }}') },
			{
				items: [
					{ id: check.uuid },
					{ id: '8a3c5b7e-1f2d-4c6a-9b0e-3d5f7a9c1e2b' },
					{ id: check.uuid },
				],
				continueOnFail: true,
			},
		);
		expect(result.items.map((i) => i.json.answer ?? i.json.error)).toEqual([
			'OK',
			'No check with this UUID was found (404 not found)',
			'OK',
		]);
		expect(check.pings).toHaveLength(2);
	});
});

/**
 * Whatever the Ping URL answers, the error names the setting at fault (the Ping URL, never the
 * Base URL) and holds neither the ping key (by slug) nor the check's UUID (by UUID): either lets
 * anyone ping the check. apiRequest never shows the URL of a request sent without the credential.
 */
describe('a ping that goes wrong: the Ping URL named, no ping key and no UUID in the words', () => {
	const SIGN_IN = '<!DOCTYPE html><html><body><form>Sign in to continue</form></body></html>';
	const WEB_PAGE =
		"HTTP 200 for POST <Ping URL>/…. Check the Ping URL in the credential: it must be the API's own address, not a website's.";
	type Case = [
		answer: string,
		fault: Fault,
		message: (uuid: boolean) => string,
		description: string,
	];
	const cases: Case[] = [
		[
			'a sign-in page answering 200',
			{ kind: 'status', status: 200, body: SIGN_IN },
			() => 'The Check Monitor API answered with a web page instead of data',
			WEB_PAGE,
		],
		[
			'a web page answering 404',
			{ kind: 'status', status: 404, body: SIGN_IN },
			(uuid) =>
				uuid
					? 'No check with this UUID was found (404)'
					: 'No check with the slug "job" was found (404)',
			'',
		],
		[
			'409 ambiguous slug (a slug only)',
			{ kind: 'status', status: 409, body: 'ambiguous slug' },
			() => 'More than one check has the slug "job" (409 ambiguous slug)',
			'',
		],
		[
			'400 invalid url format',
			{ kind: 'status', status: 400, body: 'invalid url format' },
			() => 'The server refused the ping (400 invalid url format)',
			'',
		],
		[
			'a 502',
			{ kind: 'status', status: 502, body: SIGN_IN },
			() => 'The ping was not accepted (502)',
			'',
		],
		[
			'no answer (the connection dropped)',
			{ kind: 'drop' },
			() =>
				'Could not reach the Check Monitor API: the connection was closed before a response arrived',
			'Network error ECONNRESET. Check the Ping URL in the credential and that the server is reachable from n8n. The request was a write (POST) and was not sent again: it may have happened, so check before running it again.',
		],
	];
	const targets = [
		['by UUID', true],
		['by slug', false],
	] as const;
	test.each(
		cases.flatMap((row) =>
			targets
				.filter(([, uuid]) => !(uuid && row[0].startsWith('409')))
				.map(([how, uuid]) => [`${row[0]}, ${how}`, row[1], row[2], row[3], uuid] as const),
		),
	)('%s', async (_case, fault, message, description, byUuid) => {
		const check = server.seedCheck({ slug: 'job' });
		server.injectFault(fault);
		const result = await run({ checkId: byUuid ? byId(check.uuid) : bySlug('job') });
		expect(server.requests).toHaveLength(1);
		expect(result.error?.message).toBe(message(byUuid));
		if (description) expect(result.error?.description).toBe(description);
		const words = `${result.error?.message} ${result.error?.description}`;
		expect(words).not.toContain('Base URL');
		expect(words).not.toContain(check.uuid);
		expect(words).not.toContain(CM_PING_KEY);
		// The error object holds the node's parameters (the UUID the user gave), never the key.
		expect(everything(result.error)).not.toContain(CM_PING_KEY);
	});
});

/** The Check By ID: a UUID whatever its case and the spaces around it; the slug rule (By Slug only) never judges it. */
describe('a check by ID', () => {
	test('a UUID in capitals with spaces around it (from an expression) pings the check at its lower-case UUID', async () => {
		const check = server.seedCheck({ name: 'backup' });
		const result = await run({ checkId: byId(`={{ " ${check.uuid.toUpperCase()} " }}`) });
		expect(result.error).toBeUndefined();
		expect(server.requestLines()).toEqual([`POST /ping/${check.uuid}`]);
		expect(check.pings.map((p) => p.type)).toEqual(['success']);
		expect(result.items.map((i) => i.json)).toEqual([
			{
				signal: 'success',
				check: { id: check.uuid },
				rid: null,
				answer: 'OK',
				created: false,
				bodyBytes: 0,
			},
		]);
	});

	test('a name typed By ID is refused as no UUID (not as no slug), before any request', async () => {
		server.seedCheck({ name: 'Nightly Backup' });
		const result = await run({ checkId: byId('={{ "Nightly Backup" }}') });
		expect(result.error?.message).toBe('Check: "Nightly Backup" is not a check UUID');
		expect(result.error?.description).toBe(
			'Pings need the UUID (or pick By Slug); a unique key cannot be pinged.',
		);
		expect(server.requests).toHaveLength(0);
	});
});

describe('what the ping request carries', () => {
	test('without a body: no body and no Content-Type; it asks for the text answer', async () => {
		const check = server.seedCheck();
		const result = await run({ checkId: byId(check.uuid) });
		expect(result.error).toBeUndefined();
		const { headers, rawBody } = server.requests[0];
		expect([headers['content-type'], headers.accept, rawBody]).toEqual([
			undefined,
			'text/plain, text/html',
			'',
		]);
		expect(check.pings[0].body).toBeNull();
	});

	test('the output names exactly what was sent: no exit status unless the signal is one', async () => {
		const check = server.seedCheck();
		const result = await run({ checkId: byId(check.uuid), signal: 'fail' });
		expect(result.items[0].json).toStrictEqual({
			signal: 'fail',
			check: { id: check.uuid },
			rid: null,
			answer: 'OK',
			created: false,
			bodyBytes: 0,
		});
	});
});

describe("the server's own Ping-Body-Limit", () => {
	test('a server that keeps fewer bytes than the hosted one: the warning names its limit', async () => {
		server.pingBodyLimit = 100;
		const check = server.seedCheck();
		const result = await run({
			checkId: byId(check.uuid),
			additionalFields: { body: 'x'.repeat(150) },
		});
		expect(check.pings[0].body?.length).toBe(100);
		expect(result.items[0].json.warning).toBe(
			'The body has 150 bytes; the server keeps the first 100 (its Ping-Body-Limit) and its keyword filters read only those.',
		);
	});

	test('a body of exactly the limit is kept whole: no warning', async () => {
		server.pingBodyLimit = 100;
		const check = server.seedCheck();
		const result = await run({
			checkId: byId(check.uuid),
			additionalFields: { body: 'x'.repeat(100) },
		});
		expect(check.pings[0].body?.length).toBe(100);
		expect(result.items[0].json).toMatchObject({ bodyBytes: 100 });
		expect(result.items[0].json.warning).toBeUndefined();
	});
});

describe('Run ID From Execution', () => {
	/** n8n's id of this instance, as a node sees it (the run id must not come from anywhere else). */
	async function instanceId(): Promise<string> {
		registerTestNode('instanceProbe', {
			description: testNodeDescription('instanceProbe'),
			async execute() {
				return [[{ json: { instanceId: this.getInstanceId() } }]];
			},
		});
		const result = await runNode({ type: 'instanceProbe', parameters: {}, credentials: {} });
		return String(result.items[0].json.instanceId);
	}

	test('is made from the n8n instance, the workflow and the execution', async () => {
		const instance = await instanceId();
		expect(instance).not.toBe('');
		const check = server.seedCheck();
		const result = await run(
			{ checkId: byId(check.uuid), additionalFields: { ridFromExecution: true } },
			{ executionId: 'execution-7' },
		);
		expect(result.items[0].json.rid).toBe(
			runIdFromExecution(instance, 'test-workflow', 'execution-7'),
		);
		expect(check.pings[0].rid).toBe(result.items[0].json.rid);
	});

	test('a Run ID the user gave wins over it', async () => {
		const check = server.seedCheck();
		const result = await run({
			checkId: byId(check.uuid),
			additionalFields: { rid: RID, ridFromExecution: true },
		});
		expect(server.requestLines()).toEqual([`POST /ping/${check.uuid}?rid=${RID}`]);
		expect(result.items[0].json.rid).toBe(RID);
	});
});

describe('the Ping Key', () => {
	test('pinging by UUID does not need one', async () => {
		const check = server.seedCheck();
		const result = await run({ checkId: byId(check.uuid) }, { pingKey: null });
		expect(result.error).toBeUndefined();
		expect(server.requestLines()).toEqual([`POST /ping/${check.uuid}`]);
	});

	test('one of spaces only is no Ping Key: refused before any request', async () => {
		const result = await run({ checkId: bySlug('job') }, { pingKey: '   ' });
		expect(result.error?.message).toBe('Check (by slug): pinging by slug needs a Ping Key');
		expect(server.requests).toHaveLength(0);
	});
});

test.each([
	[
		{ additionalFields: { rid: 'run-42' } },
		'Use a UUID such as 3f1b6c2e-8a4d-4e5f-9c7b-1a2d3e4f5a6b, or turn on Run ID From Execution.',
	],
	[{ additionalFields: { create: true } }, 'Pick "By Slug" for the check, or turn the option off.'],
])('a refusal of %j says what to do instead', async (parameters, hint) => {
	const check = server.seedCheck();
	const result = await run({ checkId: byId(check.uuid), ...parameters });
	expect(result.error?.description).toBe(hint);
	expect(server.requests).toHaveLength(0);
});

describe('on each server release: Ping → Send by a slug with capitals', () => {
	test.each(['3.13', '4.1', '4.3'] as const)(
		'on %s it is refused before any request, with the same words',
		async (version) => {
			server.version = version;
			server.seedCheck({ slug: 'Nightly' });
			const result = await run({ checkId: bySlug('={{ "Nightly" }}') });
			expect(result.error?.message).toBe('Check (by slug): "Nightly" is not a slug');
			expect(result.error?.description).toBe(
				'A slug has lower-case letters, digits, - and _ only.',
			);
			expect(server.requests).toHaveLength(0);
		},
	);
});

describe('on each server release: Ping → Send by slug with Create Missing Check', () => {
	const CREATE_REFUSED =
		"The server creates a missing check only while the project holds fewer than twice the checks its plan allows (servers since 4.3, and the hosted service), and only for this project's Ping Key. Delete checks the project no longer needs or raise its check limit, or correct the Ping Key in the credential, then send the ping again.";

	test.each(['3.13', '4.2'] as const)(
		'on %s, a project at twice its check limit still gets the check',
		async (version) => {
			server.version = version;
			server.checkLimit = 1;
			server.seedCheck({ slug: 'a' });
			server.seedCheck({ slug: 'b' });
			const result = await run({ checkId: bySlug('nightly'), additionalFields: { create: true } });
			expect(result.error).toBeUndefined();
			expect(json(result)).toEqual([
				expect.objectContaining({ check: { slug: 'nightly' }, answer: 'Created', created: true }),
			]);
			expect(server.checks.size).toBe(3);
		},
	);

	test('on 4.3, a project at twice its check limit: the 404 is worded as the refused creation it is, and nothing is created', async () => {
		server.checkLimit = 1;
		server.seedCheck({ slug: 'a' });
		server.seedCheck({ slug: 'b' });
		const result = await run({ checkId: bySlug('nightly'), additionalFields: { create: true } });
		expect(server.requestLines()).toEqual([`POST /ping/${CM_PING_KEY}/nightly?create=1`]);
		expect(result.error?.message).toBe(
			'No check has the slug "nightly" and the server did not create it (404 not found)',
		);
		expect(result.error?.description).toBe(CREATE_REFUSED);
		expect(server.checks.size).toBe(2);
	});

	test('on 4.3, under twice the limit (over the limit itself) the check is created', async () => {
		server.checkLimit = 2;
		server.seedCheck({ slug: 'a' });
		server.seedCheck({ slug: 'b' });
		server.seedCheck({ slug: 'c' });
		const result = await run({ checkId: bySlug('nightly'), additionalFields: { create: true } });
		expect(json(result)).toEqual([expect.objectContaining({ answer: 'Created', created: true })]);
	});

	test.each(['3.13', '4.3'] as const)(
		'on %s, a ping key of no project: the same words, which name the ping key',
		async (version) => {
			server.version = version;
			const result = await run(
				{ checkId: bySlug('nightly'), additionalFields: { create: true } },
				{ pingKey: 'wrongKey0123456789abcd' },
			);
			expect(result.error?.message).toBe(
				'No check has the slug "nightly" and the server did not create it (404 not found)',
			);
			expect(result.error?.description).toBe(CREATE_REFUSED);
		},
	);

	test('without Create Missing Check a 404 still reads as an unknown slug', async () => {
		const result = await run({ checkId: bySlug('nightly') });
		expect(result.error?.message).toBe(
			'No check with the slug "nightly" was found (404 not found)',
		);
	});
});

describe('a refused ping in plain words: one row per status the wording tells apart (never the ping URL, its UUID or the ping key)', () => {
	type PingRow = [
		status: number,
		body: string,
		slug: string | undefined,
		create: boolean,
		message: string,
		description: string,
	];
	const rows: PingRow[] = [
		[
			404,
			'',
			'nightly job',
			false,
			'No check with the slug "nightly job" was found (404)',
			"Check the slug, turn on Create Missing Check to create it, or check the Ping Key in the credential: it must be this project's.",
		],
		[
			404,
			'not found',
			undefined,
			false,
			'No check with this UUID was found (404 not found)',
			'The check may have been deleted, or the Ping URL in the credential points to another server.',
		],
		[
			409,
			'ambiguous slug',
			'nightly',
			false,
			'More than one check has the slug "nightly" (409 ambiguous slug)',
			'Ping it by UUID, or give the checks different slugs.',
		],
		[
			400,
			'invalid uuid format',
			undefined,
			false,
			'The server refused the ping (400 invalid uuid format)',
			'The Run ID must be a UUID.',
		],
		[
			400,
			'invalid url format',
			undefined,
			false,
			'The server refused the ping (400 invalid url format)',
			'The Exit Status must be a whole number from 0 to 255.',
		],
		[
			400,
			'bad request',
			undefined,
			false,
			'The server refused the ping (400 bad request)',
			'Check the signal, exit status and run ID.',
		],
		[
			500,
			'Internal error',
			undefined,
			false,
			'The ping was not accepted (500)',
			'The server failed. It is not sent again automatically: it may have been recorded. Check the pings of the check before sending it again.',
		],
		[
			499,
			'closed',
			undefined,
			false,
			'The ping was not accepted (499 closed)',
			'Check the Ping URL in the credential.',
		],
	];
	test.each(rows)(
		'%i %j (slug %s, create %s)',
		(statusCode, body, slug, create, message, description) => {
			expect(describePingError({ statusCode, headers: {}, body }, slug, create)).toStrictEqual({
				message,
				description,
			});
		},
	);
});

describe('where pings go: the ping root from the credential', () => {
	test.each([
		[
			'the hosted service: its ping host',
			'https://healthchecks.io',
			undefined,
			'https://hc-ping.com',
		],
		[
			'a self-hosted server: <Base URL>/ping',
			'http://monitor.internal:8000',
			undefined,
			'http://monitor.internal:8000/ping',
		],
		[
			'the Ping URL when given',
			'https://healthchecks.io',
			' https://ping.example.com/p/ ',
			'https://ping.example.com/p',
		],
		[
			'a Ping URL with several trailing slashes',
			'https://healthchecks.io',
			'https://ping.example.com/p//',
			'https://ping.example.com/p',
		],
		[
			'a region of the hosted service: its ping host',
			'https://eu.healthchecks.io',
			'',
			'https://hc-ping.com',
		],
		[
			'a host that only ends like the hosted one: <Base URL>/ping',
			'https://nothealthchecks.io',
			undefined,
			'https://nothealthchecks.io/ping',
		],
	])('%s', (_name, baseUrl, pingUrl, root) => {
		expect(pingRoot(baseUrl, pingUrl)).toBe(root);
	});
});

test('by slug, the ping key goes into the path URL-encoded, and no API key with it', async () => {
	await run(
		{ checkId: bySlug('nightly-backup'), signal: 'fail' },
		{ pingKey: 'k/y', continueOnFail: true },
	);
	expect(server.requestLines()).toEqual(['POST /ping/k%2Fy/nightly-backup/fail']);
	expect(server.requests[0].headers['x-api-key']).toBeUndefined();
});
