/**
 * A check By Slug in every operation that takes a check: Ping → Send pings by slug (its own
 * tests), every other operation looks the check up by its slug first (one GET of the list
 * filtered by slug) and then sends its own request to the check's UUID. Through n8n's
 * engine against the stand-in; what reached the server is read from its log.
 */
import { bySlug } from '../support/engine';
import { useCheckMonitorServer } from '../support/setup';
import { CM_READ_ONLY_KEY } from '../support/servers/checkMonitorServer';

const { server, run } = useCheckMonitorServer();

describe('a check by slug is looked up, then the operation goes to its UUID', () => {
	test('Check → Get: the list by slug, then the check', async () => {
		server.seedCheck({ name: 'other', slug: 'other' });
		const check = server.seedCheck({ name: 'Nightly backup', slug: 'nightly-backup' });
		const result = await run({ resource: 'check', operation: 'get', checkId: bySlug(' nightly-backup ') });
		expect(result.error).toBeUndefined();
		expect(server.requestLines()).toEqual(['GET /api/v3/checks/?slug=nightly-backup', `GET /api/v3/checks/${check.uuid}`]);
		expect(result.items.map((item) => item.json.name)).toEqual(['Nightly backup']);
	});

	test('Check → Update, a write: one look-up, then exactly one update of that check', async () => {
		const check = server.seedCheck({ name: 'Backup', slug: 'backup' });
		const result = await run({ resource: 'check', operation: 'update', checkId: bySlug('backup'), updateFields: { name: 'Renamed' } });
		expect(result.error).toBeUndefined();
		expect(server.requestLines()).toEqual(['GET /api/v3/checks/?slug=backup', `POST /api/v3/checks/${check.uuid}`]);
		expect(server.requests[1].body).toEqual({ name: 'Renamed' });
		expect(check.name).toBe('Renamed');
	});

	test('Ping → Get Many and Flip → Get Many take it too', async () => {
		const check = server.seedCheck({ slug: 'job' });
		expect((await run({ resource: 'ping', operation: 'getAll', checkId: bySlug('job'), returnAll: true })).error).toBeUndefined();
		expect((await run({ resource: 'flip', operation: 'getAll', checkId: bySlug('job'), returnAll: true })).error).toBeUndefined();
		expect(server.requestPaths()).toEqual([
			'GET /api/v3/checks/',
			`GET /api/v3/checks/${check.uuid}/pings/`,
			'GET /api/v3/checks/',
			`GET /api/v3/checks/${check.uuid}/flips/`,
		]);
	});

	test('with a read-only key the list shows unique keys: Check → Get goes to the unique key', async () => {
		server.seedCheck({ name: 'Seen read-only', slug: 'ro' });
		const result = await run({ resource: 'check', operation: 'get', checkId: bySlug('ro') }, { apiKey: CM_READ_ONLY_KEY });
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
		const result = await run({ resource: 'check', operation: 'delete', checkId: bySlug('staging-backup') });
		expect(result.error?.message).toBe(`Check (by slug): looking up the slug "staging-backup" answered the check "${only.uuid}" with the slug "prod-backup"; nothing was sent to it`);
		expect(result.error?.description).toBe("Check the Base URL in the credential: it must be the monitoring API's own address.");
		expect(server.requestLines()).toEqual(['GET /api/v3/checks/?slug=staging-backup']);
		expect(server.checks.has(only.uuid)).toBe(true);
	});

	test('the look-up answers a check without an ID: Check → Pause sends nothing', async () => {
		answerLookUp([{ slug: 'backup', name: 'No id' }]);
		const result = await run({ resource: 'check', operation: 'pause', checkId: bySlug('backup') });
		expect(result.error?.message).toBe('Check (by slug): looking up the slug "backup" answered a check without an ID; nothing was sent to it');
		expect(server.requestLines()).toEqual(['GET /api/v3/checks/?slug=backup']);
	});

	test('no check has the slug: the look-up only', async () => {
		server.seedCheck({ slug: 'backup' });
		const result = await run({ resource: 'check', operation: 'delete', checkId: bySlug('backups') });
		expect(result.error?.message).toBe('Check (by slug): no check has the slug "backups"');
		expect(result.error?.description).toBe('Check the slug, or pick the check from the list.');
		expect(server.requestLines()).toEqual(['GET /api/v3/checks/?slug=backups']);
	});

	test('two checks have the slug: neither is deleted', async () => {
		const first = server.seedCheck({ slug: 'twin' });
		const second = server.seedCheck({ slug: 'twin' });
		const result = await run({ resource: 'check', operation: 'delete', checkId: bySlug('twin') });
		expect(result.error?.message).toBe('Check (by slug): 2 checks have the slug "twin"');
		expect(result.error?.description).toBe('Pick the check from the list or by ID, or give the checks different slugs.');
		expect(server.requestLines()).toEqual(['GET /api/v3/checks/?slug=twin']);
		expect([server.checks.has(first.uuid), server.checks.has(second.uuid)]).toEqual([true, true]);
	});

	test('not a slug (capitals) from an expression: no request at all', async () => {
		server.seedCheck({ slug: 'nightly-backup' });
		const result = await run({ resource: 'check', operation: 'pause', checkId: bySlug('={{ "Nightly-Backup" }}') });
		expect(result.error?.message).toBe('Check (by slug): "Nightly-Backup" is not a slug');
		expect(result.error?.description).toBe('A slug has lower-case letters, digits, - and _ only.');
		expect(server.requests).toHaveLength(0);
	});

	test('typed, n8n checks it with the mode\'s own rule', async () => {
		const result = await run({ resource: 'check', operation: 'pause', checkId: bySlug('Nightly-Backup') });
		expect(result.error?.message).toBe("The 'Node' node has issues:\n- A slug has lower-case letters, digits, - and _ only");
		expect(server.requests).toHaveLength(0);
	});

	test('empty from an expression: no request at all', async () => {
		const result = await run({ resource: 'check', operation: 'get', checkId: bySlug('={{ "  " }}') });
		expect(result.error?.message).toBe('Check: is empty');
		expect(server.requests).toHaveLength(0);
	});

	test('with Continue On Fail an unknown slug does not cost the other items their results', async () => {
		const check = server.seedCheck({ name: 'Known', slug: 'known' });
		const result = await run(
			{ resource: 'check', operation: 'get', checkId: bySlug('={{ $json.slug }}') },
			{ items: [{ slug: 'known' }, { slug: 'unknown' }, { slug: 'known' }], continueOnFail: true },
		);
		expect(result.items.map((item) => item.json.name ?? item.json.error)).toEqual(['Known', 'Check (by slug): no check has the slug "unknown"', 'Known']);
		expect(server.requestLines().filter((line) => line.endsWith(check.uuid))).toHaveLength(2);
	});
});
