/**
 * Every error answer of both APIs, as the user reads it: one row per status and path shape
 * that the mapping tells apart (nodes/CheckMonitor/shared/checkMonitorApi.ts,
 * nodes/CustomerEngagement/shared/customerEngagementApi.ts). The engine tests show these messages
 * arrive through n8n (checkMonitor.test.ts, customerEngagement.test.ts, resilience.test.ts);
 * this table pins down each branch's exact words, which those tests meet only in part.
 */
import { describeCheckMonitorError, READ_ONLY_KEY_ALLOWS } from '../../nodes/CheckMonitor/shared/checkMonitorApi';
import { describeCustomerEngagementError } from '../../nodes/CustomerEngagement/shared/customerEngagementApi';

const UUID = '5b0e6ad5-0f21-4f43-9f0c-1b6a1c1a7b7e';
const UNIQUE_KEY = 'a1'.repeat(20);
const TOO_LONG_KEY = `${UNIQUE_KEY}b`;
const RW_KEY_NEEDED = `A read-only key can only ${READ_ONLY_KEY_ALLOWS}. Creating, updating, pausing, resuming or deleting checks, pings and channels need the project's read-write key.`;
const CHECK_KEY = 'Check the API key in the Check Monitor API credential: copy it from Project Settings → API Access.';
const PER_PROJECT = 'API keys are per project; use the key of the project that owns the check.';
const SERVER_SIDE = 'This is a problem on the server side. The request only reads data, so running it again is safe.';
const SERVER_SIDE_WRITE = (method: string) =>
	`This is a problem on the server side. The request was a write (${method}) and was not sent again: it may have happened, so check before running it again.`;

type Row = [status: number, body: unknown, method: string, url: string, message: string, description: string | undefined];

describe('Check Monitor', () => {
	const pings: Row[] = [
		[404, '', 'POST', '/ping-by-slug/nightly%20job/start', 'No check with the slug "nightly job" was found (404)', "Check the slug, turn on Create Missing Check to create it, or check the Ping Key in the credential: it must be this project's."],
		[404, 'not found', 'POST', `/ping/${UUID}`, 'No check with this UUID was found (404 not found)', 'The check may have been deleted, or the Ping URL in the credential points to another server.'],
		[409, 'ambiguous slug', 'POST', '/ping-by-slug/nightly/fail', 'More than one check has the slug "nightly" (409 ambiguous slug)', 'Ping it by UUID, or give the checks different slugs.'],
		[400, 'invalid uuid format', 'POST', `/ping/${UUID}?rid=x`, 'The server refused the ping (400 invalid uuid format)', 'The Run ID must be a UUID.'],
		[400, 'invalid url format', 'POST', `/ping/${UUID}/256`, 'The server refused the ping (400 invalid url format)', 'The Exit Status must be a whole number from 0 to 255.'],
		[400, 'bad request', 'POST', `/ping/${UUID}`, 'The server refused the ping (400 bad request)', 'Check the signal, exit status and run ID.'],
		[500, 'Internal error', 'POST', `/ping/${UUID}`, 'The ping was not accepted (500)', 'The server failed. It is not sent again automatically: it may have been recorded. Check the pings of the check before sending it again.'],
		[499, 'closed', 'POST', `/ping/${UUID}`, 'The ping was not accepted (499 closed)', 'Check the Ping URL in the credential.'],
	];
	const api: Row[] = [
		[400, '', 'GET', `/api/v3/checks/${UUID}/flips/?seconds=-1`, 'The server rejected the flips filter', 'Seconds must be a whole number from 0 to 31536000 (one year); Start and End must be dates between 1970 and 2286.'],
		[400, { error: 'json validation error: timeout is too small' }, 'POST', '/api/v3/checks/', 'The Check Monitor API rejected the request: timeout is too small', 'HTTP 400 for POST /api/v3/checks/'],
		[400, '', 'post', '/api/v3/checks/?x=1', 'The Check Monitor API rejected the request: bad request', 'HTTP 400 for POST /api/v3/checks/'],
		[401, { error: 'wrong api key' }, 'POST', '/api/v3/checks/', 'The API key was rejected: it is read-only or does not belong to this project', RW_KEY_NEEDED],
		[401, { error: 'wrong api key' }, 'POST', `/api/v3/checks/${UUID}/pause`, 'The API key was rejected: it is read-only or does not belong to this project', RW_KEY_NEEDED],
		[401, { error: 'wrong api key' }, 'GET', `/api/v3/checks/${UUID}/pings/`, 'The API key was rejected: it is read-only or does not belong to this project', RW_KEY_NEEDED],
		[401, { error: 'wrong api key' }, 'GET', '/api/v3/channels/', 'The API key was rejected: it is read-only or does not belong to this project', RW_KEY_NEEDED],
		[401, { error: 'wrong api key' }, 'GET', '/api/v3/checks/', 'The API key was rejected (wrong api key)', CHECK_KEY],
		[401, { error: 'wrong api key' }, 'GET', `/api/v3/checks/${UUID}`, 'The API key was rejected (wrong api key)', CHECK_KEY],
		[401, { error: 'wrong api key' }, 'GET', `/api/v3/checks/${UUID}/flips/`, 'The API key was rejected (wrong api key)', CHECK_KEY],
		[401, { error: 'wrong api key' }, 'GET', '/api/v3/badges/', 'The API key was rejected (wrong api key)', CHECK_KEY],
		[401, { error: 'missing api key' }, 'POST', '/api/v3/checks/', 'The Check Monitor API did not receive a valid API key (missing, or not 32 characters long)', CHECK_KEY],
		[403, '', 'POST', '/api/v3/checks/', 'The server refused to create the check: the account has reached its check limit', PER_PROJECT],
		[403, '', 'POST', `/api/v3/checks/${UUID}`, `Access to check "${UUID}" was refused (403): it belongs to another project`, PER_PROJECT],
		[403, '', 'GET', '/api/v3/checks/', 'Access to check "/api/v3/checks/" was refused (403): it belongs to another project', PER_PROJECT],
		[404, '<h1>Not Found</h1>', 'GET', `/api/v3/checks/${UUID}/pings/12/body`, `Ping #12 of check "${UUID}" has no stored body`, 'The ping was sent without a body, or it is older than the pings the server keeps (the newest 100 on free accounts).'],
		[404, '', 'GET', `/api/v3/checks/${UNIQUE_KEY}`, `No check with unique key "${UNIQUE_KEY}" was found`, 'The check may have been deleted, or the ID is mistyped.'],
		[404, '<h1>Not Found</h1>', 'GET', `/api/v3/checks/${TOO_LONG_KEY}`, `No check with ID "${TOO_LONG_KEY}" was found`, `"${TOO_LONG_KEY}" is neither a check UUID (e.g. 8a3c5b7e-1f2d-4c6a-9b0e-3d5f7a9c1e2b) nor a 40-character unique key. Send the check's UUID, as Check → Get Many lists it; to name the check by its slug, set Check to By Slug.`],
		// A slug given where an ID goes (By ID, or a model's guess): what to send instead.
		[404, '<h1>Not Found</h1>', 'GET', '/api/v3/checks/nightly-backup/flips/', 'No check with ID "nightly-backup" was found', '"nightly-backup" is neither a check UUID (e.g. 8a3c5b7e-1f2d-4c6a-9b0e-3d5f7a9c1e2b) nor a 40-character unique key. Send the check\'s UUID, as Check → Get Many lists it; to name the check by its slug, set Check to By Slug.'],
		[404, '<h1>Not Found</h1>', 'DELETE', `/api/v3/checks/${UUID}`, `No check with ID "${UUID}" was found`, 'The check may have been deleted, or the ID is mistyped.'],
		[404, '<h1>Not Found</h1>', 'GET', '/api/v3/nothing/', 'Nothing was found at /api/v3/nothing/', 'Check the Base URL in the credential: it is the server root, for example https://healthchecks.io.'],
		[405, '', 'DELETE', '/api/v3/channels/', 'The server does not allow DELETE on /api/v3/channels/', 'This is a bug in the node; please report it.'],
		[409, 'check is not paused', 'POST', `/api/v3/checks/${UUID}/resume`, `Check "${UUID}" is not paused, so it cannot be resumed`, 'check is not paused'],
		[409, '', 'POST', `/api/v3/checks/${UUID}/resume`, `Check "${UUID}" is not paused, so it cannot be resumed`, undefined],
		[429, '', 'GET', '/api/v3/checks/', 'Rate limit reached: the Check Monitor API answered 429', 'The hosted service allows about 100 requests per minute. Run fewer items at once (Options → Batching) or wait before running again.'],
		[500, 'database is locked', 'GET', '/api/v3/checks/', 'The Check Monitor API failed with HTTP 500: database is locked', SERVER_SIDE],
		[502, '', 'GET', '/api/v3/checks/', 'The Check Monitor API failed with HTTP 502', SERVER_SIDE],
		[500, '', 'POST', '/api/v3/checks/', 'The Check Monitor API failed with HTTP 500', SERVER_SIDE_WRITE('POST')],
		[503, '', 'post', `/api/v3/checks/${UUID}/pause`, 'The Check Monitor API failed with HTTP 503', SERVER_SIDE_WRITE('POST')],
		[500, '', 'DELETE', `/api/v3/checks/${UUID}`, 'The Check Monitor API failed with HTTP 500', SERVER_SIDE_WRITE('DELETE')],
		[418, "I'm a teapot", 'GET', '/api/v3/checks/?tag=x', "The Check Monitor API failed with HTTP 418: I'm a teapot", 'HTTP 418 for GET /api/v3/checks/'],
	];
	test.each([...pings, ...api])('%i %j for %s %s', (statusCode, body, method, url, message, description) => {
		expect(describeCheckMonitorError({ statusCode, headers: {}, body }, { method, url })).toStrictEqual({ message, description });
	});
});

describe('Customer Engagement', () => {
	const CHECK_TOKEN = 'Check the Customer Engagement API credential: copy the token again from the Apps / Integration page of your business backend.';
	const NO_OBJECT = 'The API has no such resource (NOT_FOUND)';
	const rows: Row[] = [
		[401, { errorCode: 'MISSING_TOKEN', message: 'no token' }, 'GET', '/v1/labels', 'The Customer Engagement API rejected the access token (MISSING_TOKEN)', 'No token was sent. Open the Customer Engagement API credential and enter the access token.'],
		[401, { errorCode: 'INVALID_TOKEN' }, 'GET', '/v1/labels', 'The Customer Engagement API rejected the access token (INVALID_TOKEN)', CHECK_TOKEN],
		[401, {}, 'GET', '/v1/labels', 'The Customer Engagement API rejected the access token', CHECK_TOKEN],
		[404, { errorCode: 'NOT_FOUND', message: 'Contact not found' }, 'GET', '/v1/contacts/c%201', 'No contact with ID "c 1" exists (NOT_FOUND)', 'Contact not found. Send the ID of an existing contact, as Contact → Get Many lists it.'],
		[404, { errorCode: 'NOT_FOUND' }, 'POST', '/v1/contacts/c1/custom-fields', 'No contact with ID "c1" exists (NOT_FOUND)', 'Send the ID of an existing contact, as Contact → Get Many lists it.'],
		[404, { errorCode: 'NOT_FOUND' }, 'PUT', '/v1/custom-fields/cf_1/option', 'No custom field with ID "cf_1" exists (NOT_FOUND)', 'Send the ID of an existing custom field, as Custom Field → Get Many lists it.'],
		[404, { errorCode: 'NOT_FOUND' }, 'GET', '/v1/visits/v_1?x=1', 'No visit with ID "v_1" exists (NOT_FOUND)', 'Send the ID of an existing visit, as Visit → Get Many lists it.'],
		[404, { errorCode: 'NOT_FOUND' }, 'DELETE', '/v1/labels/lb_1', 'No label with ID "lb_1" exists (NOT_FOUND)', 'Send the ID of an existing label, as Label → Get Many lists it.'],
		[404, { errorCode: 'NOT_FOUND' }, 'POST', '/v1/loyalty-rewards/rw_1/redeem', 'No loyalty reward with ID "rw_1" exists (NOT_FOUND)', 'Send the ID of an existing loyalty reward, as Loyalty Reward → Get Many lists it.'],
		[404, { errorCode: 'NOT_FOUND' }, 'GET', '/v1/loyalty-rewards/redeems', NO_OBJECT, undefined],
		[404, { errorCode: 'NOT_FOUND' }, 'GET', '/v1/visits/all', NO_OBJECT, undefined],
		[404, { errorCode: 'NOT_FOUND' }, 'GET', '/v1/loyalty-rewards/loyalty-settings', NO_OBJECT, undefined],
		[404, { errorCode: 'NOT_FOUND' }, 'GET', '/v1/contacts/custom-fields', NO_OBJECT, undefined],
		[404, { errorCode: 404, message: 'gone' }, 'GET', '/v1/texts', 'The API has no such resource', 'gone'],
		[429, { errorCode: 'TOO_MANY_REQUESTS' }, 'POST', '/v1/labels', 'Rate limit reached: the Customer Engagement API answered 429 (TOO_MANY_REQUESTS)', 'Too many requests in a short time. Run fewer items at once (Options → Batching) or wait before running again.'],
		[500, { errorCode: 'INTERNAL', message: 'database timeout' }, 'POST', '/v1/labels', 'The Customer Engagement API failed with HTTP 500: database timeout', 'This is a problem on the API side. The request was a write (POST) and was not sent again: it may have happened, so check before running it again.'],
		[500, { errorCode: 'INTERNAL' }, 'PUT', '/v1/contacts/c1', 'The Customer Engagement API failed with HTTP 500', 'This is a problem on the API side. The request was a write (PUT) and was not sent again: it may have happened, so check before running it again.'],
		[503, '', 'GET', '/v1/labels', 'The Customer Engagement API failed with HTTP 503', 'This is a problem on the API side. The request only reads data, so running it again is safe.'],
		[400, { errorCode: 'ILLEGAL_ARGUMENT', message: 'phone must be a string' }, 'POST', '/v1/contacts?upsert=true', 'The Customer Engagement API rejected the request (ILLEGAL_ARGUMENT): phone must be a string', 'HTTP 400 for POST /v1/contacts'],
		[400, { errorCode: 'VALIDATION' }, 'POST', '/v1/labels', 'The Customer Engagement API rejected the request (VALIDATION)', 'HTTP 400 for POST /v1/labels'],
		[400, {}, 'POST', '/v1/contacts', 'The Customer Engagement API rejected the request: {}', 'HTTP 400 for POST /v1/contacts'],
	];
	test.each(rows)('%i %j for %s %s', (statusCode, body, method, url, message, description) => {
		expect(describeCustomerEngagementError({ statusCode, headers: {}, body }, { method, url })).toStrictEqual({ message, description });
	});
});
