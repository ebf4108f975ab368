/**
 * What counts as an answer (nodes/shared/apiRequest.ts, refuseNonData): a success status whose body is a
 * web page, text where data was asked for, or JSON null, a number or a boolean (no endpoint's
 * answer in either API: the specs answer objects, arrays, a JSON string or no body) is refused
 * for every operation, in the API's words, before any output code or write meets it (output
 * code used to fail on it with a TypeError). Text where text is the answer (Status Get, a ping
 * body, an empty answer, a JSON string) goes through. Through n8n's engine against the
 * stand-ins; the body text helper (bodyText) as a table.
 */
import { byId, runNode } from '../../harness/engine';
import { everything, useCheckMonitorServer, useCustomerEngagementServer } from '../support/setup';
import { bodyText } from '../../nodes/shared/apiRequest';

const SIGN_IN_PAGE =
	'\n  <!DOCTYPE html><html><body><form>Sign in to continue</form></body></html>';

const ANSWERS = [
	['null', null],
	['a number', 42],
	['false', false],
] as const;

describe('Check Monitor', () => {
	const { server, credentials, run } = useCheckMonitorServer();

	test('a web page with a success status (a Base URL that is a website): one request, said in plain words, no page text', async () => {
		const check = server.seedCheck();
		server.injectFault({ kind: 'status', status: 200, body: SIGN_IN_PAGE });
		const result = await run({ resource: 'check', operation: 'get', checkId: byId(check.uuid) });
		expect(server.requestLines()).toEqual([`GET /api/v3/checks/${check.uuid}`]);
		expect(result.error?.message).toBe(
			'The Check Monitor API answered with a web page instead of data',
		);
		expect(result.error?.description).toBe(
			`HTTP 200 for GET /api/v3/checks/${check.uuid}. Check the Base URL in the credential: it must be the API's own address, not a website's.`,
		);
		expect((result.error as { httpCode?: string }).httpCode).toBe('200');
		expect(everything(result.error)).not.toMatch(/Sign in|<html/i);
	});

	test('text with a success status where data was asked for (a proxy\'s "OK"): one request, the text shown; Status Get, which answers text, unchanged', async () => {
		const check = server.seedCheck();
		server.injectFault({ kind: 'status', status: 200, body: 'Service Available' });
		const result = await run({ resource: 'check', operation: 'get', checkId: byId(check.uuid) });
		expect(server.requestLines()).toEqual([`GET /api/v3/checks/${check.uuid}`]);
		expect(result.error?.message).toBe('The Check Monitor API answered with text instead of data');
		expect(result.error?.description).toBe(
			`HTTP 200 for GET /api/v3/checks/${check.uuid}, with the text "Service Available". Check the Base URL in the credential: it must be the API's own address, not a website's.`,
		);
		expect((result.error as { httpCode?: string }).httpCode).toBe('200');
		const status = await run({ resource: 'status', operation: 'get' });
		expect(status.error).toBeUndefined();
		expect(status.items.map((item) => item.json)).toEqual([
			{ status: 'OK', ok: true, statusCode: 200 },
		]);
	});

	test("a ping body that is HTML is the user's data: returned verbatim", async () => {
		const check = server.seedCheck();
		server.receivePing(check.uuid, '', '<html><body><h1>Backup report</h1></body></html>');
		const result = await run({
			resource: 'ping',
			operation: 'getBody',
			checkId: byId(check.uuid),
			pingNumber: 1,
		});
		expect(result.error).toBeUndefined();
		expect(result.items[0].json.body).toBe('<html><body><h1>Backup report</h1></body></html>');
	});

	test.each(ANSWERS)('Check Get answered with %s: refused in words', async (_case, answer) => {
		const check = server.seedCheck();
		server.injectFault({ kind: 'status', status: 200, body: answer });
		const result = await runNode({
			type: 'checkMonitor',
			parameters: { resource: 'check', operation: 'get', checkId: byId(check.uuid) } as never,
			credentials: credentials(),
		});
		expect(result.error?.message).toBe('The Check Monitor API answered with text instead of data');
		expect(server.requestLines()).toEqual([`GET /api/v3/checks/${check.uuid}`]);
	});
});

describe('Customer Engagement', () => {
	const { server, credentials, run } = useCustomerEngagementServer();

	test("text where data was asked for is refused with the API's name; an empty answer (a redeem's) and a JSON string (a rename's) are answers", async () => {
		const contact = server.seedContact();
		server.injectFault({ kind: 'status', status: 200, body: 'OK' });
		const text = await run({
			resource: 'contact',
			operation: 'get',
			contactId: { __rl: true, mode: 'id', value: contact.id },
		});
		expect(text.error?.message).toBe(
			'The Customer Engagement API answered with text instead of data',
		);
		expect(text.error?.description).toBe(
			`HTTP 200 for GET /v1/contacts/${String(contact.id)}, with the text "OK". Check the Base URL in the credential: it must be the API's own address, not a website's.`,
		);
		// Only its first 100 characters are shown.
		server.injectFault({ kind: 'status', status: 200, body: `  ${'x'.repeat(150)}` });
		const long = await run({
			resource: 'contact',
			operation: 'get',
			contactId: { __rl: true, mode: 'id', value: contact.id },
		});
		expect(long.error?.description).toBe(
			`HTTP 200 for GET /v1/contacts/${String(contact.id)}, with the text "${'x'.repeat(100)}". Check the Base URL in the credential: it must be the API's own address, not a website's.`,
		);
		// An answer of white space is no answer.
		server.injectFault({ kind: 'status', status: 200, body: ' \n' });
		const blank = await run({
			resource: 'loyaltyReward',
			operation: 'redeem',
			rewardId: { __rl: true, mode: 'id', value: 'rw_1' },
			contactId: { __rl: true, mode: 'id', value: contact.id },
		});
		expect(blank.error).toBeUndefined();
		// An empty body, sent as text/html like any answer without one.
		server.injectFault({ kind: 'status', status: 200 });
		const empty = await run({
			resource: 'loyaltyReward',
			operation: 'redeem',
			rewardId: { __rl: true, mode: 'id', value: 'rw_1' },
			contactId: { __rl: true, mode: 'id', value: contact.id },
		});
		expect(empty.error).toBeUndefined();
		expect(empty.items.map((item) => item.json)).toEqual([
			{ success: true, rewardId: 'rw_1', contactId: contact.id },
		]);
		server.state.customFields.set('cf_size', { id: 'cf_size', name: 'Size', type: 'text' });
		const renamed = await run({
			resource: 'customField',
			operation: 'rename',
			customFieldId: { __rl: true, mode: 'id', value: 'cf_size' },
			name: 'Fit',
		});
		expect(renamed.error).toBeUndefined();
		expect(renamed.items[0].json).toMatchObject({ id: 'cf_size', name: 'Fit' });
		expect(server.requestLines()).toEqual([
			`GET /v1/contacts/${String(contact.id)}`,
			`GET /v1/contacts/${String(contact.id)}`,
			'POST /v1/loyalty-rewards/rw_1/redeem',
			'POST /v1/loyalty-rewards/rw_1/redeem',
			'PUT /v1/custom-fields/cf_size/name',
		]);
	});

	test.each(ANSWERS)(
		'Contact Get answered with %s: refused in words, the answer shown',
		async (_case, answer) => {
			const contact = server.seedContact();
			server.injectFault({ kind: 'status', status: 200, body: answer });
			const result = await runNode({
				type: 'customerEngagement',
				parameters: {
					resource: 'contact',
					operation: 'get',
					contactId: byId(String(contact.id)),
				} as never,
				credentials: credentials(),
			});
			expect(result.error?.message).toBe(
				'The Customer Engagement API answered with text instead of data',
			);
			expect(result.error?.description).toBe(
				`HTTP 200 for GET /v1/contacts/${String(contact.id)}, with the text "${JSON.stringify(answer)}". Check the Base URL in the credential: it must be the API's own address, not a website's.`,
			);
			expect(server.requestLines()).toEqual([`GET /v1/contacts/${String(contact.id)}`]);
		},
	);
});

describe('bodyText', () => {
	test.each([
		['nothing', undefined, ''],
		['null', null, ''],
		['JSON with a message', { message: 'email is invalid', error: 'other' }, 'email is invalid'],
		['JSON with an error', { error: 'wrong api key' }, 'wrong api key'],
		['JSON with neither', { detail: 'x' }, '{"detail":"x"}'],
		['text with spaces around it', '  check is not paused \n', 'check is not paused'],
		['bytes', Buffer.from(' not paused '), 'not paused'],
		['an ArrayBuffer', new Uint8Array(Buffer.from('gone')).buffer, 'gone'],
		['a web page', '<!doctype html><p>x', ''],
		['a page without its start', '<p>Server Error</p></body>', ''],
		["Django's 404 heading", '<h1>Not Found</h1>', ''],
		['text that mentions a tag later', 'expected <html> in field', 'expected <html> in field'],
		['long text, cut at 500 characters', 'x'.repeat(600), 'x'.repeat(500)],
	])('bodyText of %s', (_name, body, expected) => {
		expect(bodyText(body)).toBe(expected);
	});
});
