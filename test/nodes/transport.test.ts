/**
 * The shared transport's own rules (nodes/shared/transport.ts, failureWording.ts, responseChecks.ts): what a user sees when the
 * answer is not the API's (a web page, no connection), how Limit is read, and the error
 * text helpers every message is built from. Engine tests where n8n is involved; the pure
 * helpers (bodyText, describeNetworkError, classifyFailure) as tables.
 */
import { NodeApiError } from 'n8n-workflow';
import { byId, runNode } from '../support/engine';
import { everything, useCheckMonitorServer, useCustomerEngagementServer } from '../support/setup';
import { CM_KEY } from '../support/servers/checkMonitorServer';
import { CE_TOKEN } from '../support/servers/customerEngagementServer';
import { classifyFailure } from '../../nodes/shared/failureKind';
import { describeNetworkError, toNodeApiError } from '../../nodes/shared/failureWording';
import { bodyText, ErrorStatusReceived } from '../../nodes/shared/responseChecks';

const SIGN_IN_PAGE = '\n  <!DOCTYPE html><html><body><form>Sign in to continue</form></body></html>';

describe('Check Monitor', () => {
	const { server, credentials } = useCheckMonitorServer();
	const run = (parameters: Record<string, unknown>) =>
		runNode({ type: 'checkMonitor', parameters: parameters as never, credentials: credentials() });

	test('a web page with a success status (a Base URL that is a website): one request, said in plain words, no page text', async () => {
		const check = server.seedCheck();
		server.injectFault({ kind: 'status', status: 200, body: SIGN_IN_PAGE });
		const result = await run({ resource: 'check', operation: 'get', checkId: byId(check.uuid) });
		expect(server.requestLines()).toEqual([`GET /api/v3/checks/${check.uuid}`]);
		expect(result.error?.message).toBe('The Check Monitor API answered with a web page instead of data');
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
		expect(status.items.map((item) => item.json)).toEqual([{ status: 'OK', ok: true, statusCode: 200 }]);
	});

	test('no connection: a read (Check → Get) is retried and says so, a write (Check → Create) is sent once and says it may have happened', async () => {
		const unreachable = { checkMonitorApi: { baseUrl: 'http://127.0.0.1:1', apiKey: CM_KEY } };
		const read = await runNode({ type: 'checkMonitor', parameters: { resource: 'check', operation: 'get', checkId: byId('8a3c5b7e-1f2d-4c6a-9b0e-3d5f7a9c1e2b') } as never, credentials: unreachable });
		expect(read.error?.message).toBe('Could not reach the Check Monitor API: the connection was refused');
		expect(read.error?.description).toMatch(
			/^Network error ECONNREFUSED\. Check the Base URL in the credential and that the server is reachable from n8n\. The request only reads data, so running it again is safe\. The node tried 3 times over [\d.]+ s before giving up\.$/,
		);
		const write = await runNode({ type: 'checkMonitor', parameters: { resource: 'check', operation: 'create', additionalFields: { name: 'backup' } } as never, credentials: unreachable });
		expect(write.error?.message).toBe('Could not reach the Check Monitor API: the connection was refused');
		expect(write.error?.description).toBe(
			'Network error ECONNREFUSED. Check the Base URL in the credential and that the server is reachable from n8n. The request was a write (POST) and was not sent again: it may have happened, so check before running it again.',
		);
		expect(everything([read.error, write.error])).not.toContain(CM_KEY);
	});

	test('a slug where the check\'s ID goes (from an expression, as $fromAI gives it): the error says what to send instead', async () => {
		server.seedCheck({ slug: 'nightly-backup' });
		const result = await run({ resource: 'check', operation: 'get', checkId: byId('={{ "nightly-backup" }}') });
		expect(server.requestLines()).toEqual(['GET /api/v3/checks/nightly-backup']);
		expect(result.error?.message).toBe('No check with ID "nightly-backup" was found');
		expect(result.error?.description).toBe(
			'"nightly-backup" is neither a check UUID (e.g. 8a3c5b7e-1f2d-4c6a-9b0e-3d5f7a9c1e2b) nor a 40-character unique key. Send the check\'s UUID, as Check → Get Many lists it; to name the check by its slug, set Check to By Slug.',
		);
	});

	test('a ping body that is HTML is the user\'s data: returned verbatim', async () => {
		const check = server.seedCheck();
		server.receivePing(check.uuid, '', '<html><body><h1>Backup report</h1></body></html>');
		const result = await run({ resource: 'ping', operation: 'getBody', checkId: byId(check.uuid), pingNumber: 1 });
		expect(result.error).toBeUndefined();
		expect(result.items[0].json.body).toBe('<html><body><h1>Backup report</h1></body></html>');
	});

	test('Limit is checked before the one request of a list without pages', async () => {
		server.seedChannel('ops');
		const result = await run({ resource: 'channel', operation: 'getAll', returnAll: false, limit: '={{ 0 }}' });
		expect(result.error?.message).toBe('Limit: must be a whole number of at least 1, got 0');
		expect(result.error?.description).toBe('Turn on Return All to get every result.');
		expect(server.requests).toHaveLength(0);
	});
});

describe('Customer Engagement', () => {
	const { server, credentials } = useCustomerEngagementServer();
	const run = (parameters: Record<string, unknown>, credentialData = credentials()) =>
		runNode({ type: 'customerEngagement', parameters: parameters as never, credentials: credentialData });

	test('text where data was asked for is refused with the API\'s name; an empty answer (a redeem\'s) and a JSON string (a rename\'s) are answers', async () => {
		const contact = server.seedContact();
		server.injectFault({ kind: 'status', status: 200, body: 'OK' });
		const text = await run({ resource: 'contact', operation: 'get', contactId: { __rl: true, mode: 'id', value: contact.id } });
		expect(text.error?.message).toBe('The Customer Engagement API answered with text instead of data');
		expect(text.error?.description).toBe(
			`HTTP 200 for GET /v1/contacts/${String(contact.id)}, with the text "OK". Check the Base URL in the credential: it must be the API's own address, not a website's.`,
		);
		// Only its first 100 characters are shown.
		server.injectFault({ kind: 'status', status: 200, body: `  ${'x'.repeat(150)}` });
		const long = await run({ resource: 'contact', operation: 'get', contactId: { __rl: true, mode: 'id', value: contact.id } });
		expect(long.error?.description).toBe(
			`HTTP 200 for GET /v1/contacts/${String(contact.id)}, with the text "${'x'.repeat(100)}". Check the Base URL in the credential: it must be the API's own address, not a website's.`,
		);
		// An answer of white space is no answer.
		server.injectFault({ kind: 'status', status: 200, body: ' \n' });
		const blank = await run({ resource: 'loyaltyReward', operation: 'redeem', rewardId: { __rl: true, mode: 'id', value: 'rw_1' }, contactId: { __rl: true, mode: 'id', value: contact.id } });
		expect(blank.error).toBeUndefined();
		// An empty body, sent as text/html like any answer without one.
		server.injectFault({ kind: 'status', status: 200 });
		const empty = await run({ resource: 'loyaltyReward', operation: 'redeem', rewardId: { __rl: true, mode: 'id', value: 'rw_1' }, contactId: { __rl: true, mode: 'id', value: contact.id } });
		expect(empty.error).toBeUndefined();
		expect(empty.items.map((item) => item.json)).toEqual([{ success: true, rewardId: 'rw_1', contactId: contact.id }]);
		server.state.customFields.set('cf_size', { id: 'cf_size', name: 'Size', type: 'text' });
		const renamed = await run({ resource: 'customField', operation: 'rename', customFieldId: { __rl: true, mode: 'id', value: 'cf_size' }, name: 'Fit' });
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

	test.each([
		['={{ 0 }}', '0'],
		['={{ -3 }}', '-3'],
		['={{ 2.5 }}', '2.5'],
		// Not read as 1, as Number(true) would.
		['={{ true }}', 'true'],
	])('Limit %s is refused before any request, naming the value', async (limit, shown) => {
		server.seedContact();
		const result = await run({ resource: 'contact', operation: 'getAll', returnAll: false, limit });
		expect(result.error?.message).toBe(`Limit: must be a whole number of at least 1, got ${shown}`);
		expect(server.requests).toHaveLength(0);
	});

	test('a Limit an expression gives as text ("2" from a query string) is read as the number', async () => {
		for (let i = 0; i < 3; i++) server.seedContact();
		const result = await run({ resource: 'contact', operation: 'getAll', returnAll: false, limit: '={{ "2" }}' });
		expect(result.items).toHaveLength(2);
		expect(server.requestLines()).toEqual(['GET /v1/contacts?page=1&perPage=2']);
	});

	test.each([['={{ "" }}', '""'], ['={{ "ten" }}', '"ten"']])('Limit %s is refused, shown as the text it was', async (limit, shown) => {
		const result = await run({ resource: 'contact', operation: 'getAll', returnAll: false, limit });
		expect(result.error?.message).toBe(`Limit: must be a whole number of at least 1, got ${shown}`);
		expect(server.requests).toHaveLength(0);
	});

	test('Limit 1 returns one record; Return All with a Limit still saved in the workflow returns every record', async () => {
		for (let i = 0; i < 3; i++) server.seedContact();
		const one = await run({ resource: 'contact', operation: 'getAll', returnAll: false, limit: 1 });
		expect(one.items).toHaveLength(1);
		const all = await run({ resource: 'contact', operation: 'getAll', returnAll: true, limit: 1 });
		expect(all.items).toHaveLength(3);
		expect(server.requestLines()).toEqual(['GET /v1/contacts?page=1&perPage=1', 'GET /v1/contacts?page=1&perPage=100']);
	});

	test('a contact ID expression that gives null is empty, refused before any request', async () => {
		const result = await run({ resource: 'contact', operation: 'get', contactId: byId('={{ null }}') });
		expect(result.error?.message).toBe('Contact: is empty');
		expect(server.requests).toHaveLength(0);
	});

	test('an ID that names no contact (a name from an expression, as a model may guess): the error says what to send instead', async () => {
		const result = await run({ resource: 'contact', operation: 'get', contactId: { __rl: true, mode: 'id', value: '={{ "Maria Garcia" }}' } });
		expect(result.error?.message).toMatch(/^No contact with ID "Maria Garcia" exists/);
		expect(result.error?.description).toMatch(/Send the ID of an existing contact, as Contact → Get Many lists it\.$/);
	});

	const unreachable = { customerEngagementApi: { baseUrl: 'http://127.0.0.1:1', accessToken: CE_TOKEN } };

	test('a refused connection on a read: said in plain words with the network code, read retried, no word of writes, nothing secret', async () => {
		const result = await run({ resource: 'label', operation: 'getAll', returnAll: true }, unreachable);
		expect(result.error?.message).toBe('Could not reach the Customer Engagement API: the connection was refused');
		expect(result.error?.description).toMatch(
			/^Network error ECONNREFUSED\. Check the Base URL in the credential and that the server is reachable from n8n\. The request only reads data, so running it again is safe\. The node tried 3 times over [\d.]+ s before giving up\.$/,
		);
		expect(result.error?.description).not.toMatch(/write/);
		expect(everything(result.error)).not.toContain(CE_TOKEN);
	});

	test('a refused connection on a write: sent once, and the message says it may have happened', async () => {
		const result = await run({ resource: 'label', operation: 'create', name: 'VIP' }, unreachable);
		expect(result.error?.message).toBe('Could not reach the Customer Engagement API: the connection was refused');
		expect(result.error?.description).toBe(
			'Network error ECONNREFUSED. Check the Base URL in the credential and that the server is reachable from n8n. The request was a write (POST) and was not sent again: it may have happened, so check before running it again.',
		);
		expect(everything(result.error)).not.toContain(CE_TOKEN);
	});
});

describe('error text helpers', () => {
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
		['Django\'s 404 heading', '<h1>Not Found</h1>', ''],
		['text that mentions a tag later', 'expected <html> in field', 'expected <html> in field'],
		['long text, cut at 500 characters', 'x'.repeat(600), 'x'.repeat(500)],
	])('bodyText of %s', (_name, body, expected) => {
		expect(bodyText(body)).toBe(expected);
	});

	const tail = 'Check the Base URL in the credential and that the server is reachable from n8n. The request only reads data, so running it again is safe.';
	const writeTail = (method: string) =>
		`Check the Base URL in the credential and that the server is reachable from n8n. The request was a write (${method}) and was not sent again: it may have happened, so check before running it again.`;
	test.each([
		['ECONNREFUSED', 'the connection was refused'],
		['ENOTFOUND', 'the host name could not be resolved'],
		['EAI_AGAIN', 'the host name could not be resolved'],
		['ECONNRESET', 'the connection was closed before a response arrived'],
		['ETIMEDOUT', 'the request timed out'],
		['ECONNABORTED', 'the request timed out'],
		['EPIPE', 'no response was received'],
	])('network error %s', (code, reason) => {
		const expected = { message: `Could not reach the Test API: ${reason}`, description: `Network error ${code}. ${tail}` };
		expect(describeNetworkError(Object.assign(new Error('x'), { code }), 'Test API', 'GET')).toEqual(expected);
		// n8n-core sometimes keeps the code only on the error's cause.
		expect(describeNetworkError(new Error('x', { cause: { code } }), 'Test API', 'GET')).toEqual(expected);
	});

	test('a network error without a code', () => {
		expect(describeNetworkError(new Error('socket hang up'), 'Test API', 'GET')).toEqual({
			message: 'Could not reach the Test API: no response was received',
			description: tail,
		});
	});

	test.each([
		['GET', tail],
		['head', tail],
		['POST', writeTail('POST')],
		['put', writeTail('PUT')],
		['DELETE', writeTail('DELETE')],
	])('a network error on %s: a read says it is safe to repeat, a write that it may have happened', (method, expected) => {
		expect(describeNetworkError(Object.assign(new Error('x'), { code: 'ECONNRESET' }), 'Test API', method).description).toBe(`Network error ECONNRESET. ${expected}`);
	});

	test('failures are classified for the retry policy; n8n-workflow\'s NodeApiError from another copy counts', () => {
		const node = { id: '1', name: 'Node', type: 't', typeVersion: 1, position: [0, 0] as [number, number], parameters: {} };
		// The package installed with its own n8n-workflow: a class of the same name, not the same class.
		const OtherCopy = { NodeApiError: class NodeApiError extends Error {} };
		expect(classifyFailure(new NodeApiError(node, { message: 'x' }))).toEqual({ kind: 'network' });
		expect(classifyFailure(new OtherCopy.NodeApiError('x'))).toEqual({ kind: 'network' });
		expect(classifyFailure(new TypeError("Cannot read properties of undefined (reading 'id')"))).toEqual({ kind: 'final' });
		expect(classifyFailure(undefined)).toEqual({ kind: 'final' });
		const status = (statusCode: number, headers = {}) => new ErrorStatusReceived({ statusCode, headers, body: '' });
		expect(classifyFailure(status(429, { 'retry-after': '2' }))).toEqual({ kind: 'rateLimited', retryAfterMs: 2000 });
		expect(classifyFailure(status(500))).toEqual({ kind: 'serverError' });
		expect(classifyFailure(status(499))).toEqual({ kind: 'final' });
	});

	test('an error that is not a request failure (a bug in shaping the output) reaches the user as it is', () => {
		const node = { id: '1', name: 'Node', type: 't', typeVersion: 1, position: [0, 0] as [number, number], parameters: {} };
		const api = { name: 'Test API', describeError: () => ({ message: 'never' }) };
		const bug = new TypeError("Cannot read properties of undefined (reading 'id')");
		expect(toNodeApiError(node, api, bug, { method: 'GET', url: '/x' })).toBe(bug);
		const thrown = toNodeApiError(node, api, 'a thrown text', { method: 'GET', url: '/x' });
		expect(thrown).toBeInstanceOf(Error);
		expect(thrown.message).toBe('a thrown text');
	});
});
