/**
 * The Customer Engagement API's errors as the user reads them (shared/customerEngagementApi.ts):
 * one row per status and path shape the mapping tells apart, with its exact words; then through
 * n8n's engine against the stand-in: the API's own 404 words, an ID that names no contact, the
 * token never shown, a 429 that does not go away, one bad item with Continue On Fail.
 */
import { byId, runNode } from '../../harness/engine';
import { everything, useCustomerEngagementServer } from '../support/setup';
import { CE_TOKEN } from '../../harness/servers/customerEngagementServer';
import { describeCustomerEngagementError } from '../../nodes/CustomerEngagement/shared/customerEngagementApi';

const { server, credentials, run } = useCustomerEngagementServer();

type Row = [
	status: number,
	body: unknown,
	method: string,
	url: string,
	message: string,
	description: string | undefined,
];

describe('each status and path shape', () => {
	const CHECK_TOKEN =
		'Check the Customer Engagement API credential: copy the token again from the Apps / Integration page of your business backend.';
	const NO_OBJECT = 'The API has no such resource (NOT_FOUND)';
	const rows: Row[] = [
		[
			401,
			{ errorCode: 'MISSING_TOKEN', message: 'no token' },
			'GET',
			'/v1/labels',
			'The Customer Engagement API rejected the access token (MISSING_TOKEN)',
			'No token was sent. Open the Customer Engagement API credential and enter the access token.',
		],
		[
			401,
			{ errorCode: 'INVALID_TOKEN' },
			'GET',
			'/v1/labels',
			'The Customer Engagement API rejected the access token (INVALID_TOKEN)',
			CHECK_TOKEN,
		],
		[
			401,
			{},
			'GET',
			'/v1/labels',
			'The Customer Engagement API rejected the access token',
			CHECK_TOKEN,
		],
		[
			404,
			{ errorCode: 'NOT_FOUND', message: 'Contact not found' },
			'GET',
			'/v1/contacts/c%201',
			'No contact with ID "c 1" exists (NOT_FOUND)',
			'Contact not found. Send the ID of an existing contact, as Contact → Get Many lists it.',
		],
		[
			404,
			{ errorCode: 'NOT_FOUND' },
			'POST',
			'/v1/contacts/c1/custom-fields',
			'No contact with ID "c1" exists (NOT_FOUND)',
			'Send the ID of an existing contact, as Contact → Get Many lists it.',
		],
		[
			404,
			{ errorCode: 'NOT_FOUND' },
			'PUT',
			'/v1/custom-fields/cf_1/option',
			'No custom field with ID "cf_1" exists (NOT_FOUND)',
			'Send the ID of an existing custom field, as Custom Field → Get Many lists it.',
		],
		[
			404,
			{ errorCode: 'NOT_FOUND' },
			'GET',
			'/v1/visits/v_1?x=1',
			'No visit with ID "v_1" exists (NOT_FOUND)',
			'Send the ID of an existing visit, as Visit → Get Many lists it.',
		],
		[
			404,
			{ errorCode: 'NOT_FOUND' },
			'DELETE',
			'/v1/labels/lb_1',
			'No label with ID "lb_1" exists (NOT_FOUND)',
			'Send the ID of an existing label, as Label → Get Many lists it.',
		],
		[
			404,
			{ errorCode: 'NOT_FOUND' },
			'POST',
			'/v1/loyalty-rewards/rw_1/redeem',
			'No loyalty reward with ID "rw_1" exists (NOT_FOUND)',
			'Send the ID of an existing loyalty reward, as Loyalty Reward → Get Many lists it.',
		],
		[404, { errorCode: 'NOT_FOUND' }, 'GET', '/v1/loyalty-rewards/redeems', NO_OBJECT, undefined],
		[404, { errorCode: 'NOT_FOUND' }, 'GET', '/v1/visits/all', NO_OBJECT, undefined],
		[
			404,
			{ errorCode: 'NOT_FOUND' },
			'GET',
			'/v1/loyalty-rewards/loyalty-settings',
			NO_OBJECT,
			undefined,
		],
		[404, { errorCode: 'NOT_FOUND' }, 'GET', '/v1/contacts/custom-fields', NO_OBJECT, undefined],
		[
			404,
			{ errorCode: 404, message: 'gone' },
			'GET',
			'/v1/texts',
			'The API has no such resource',
			'gone',
		],
		[
			429,
			{ errorCode: 'TOO_MANY_REQUESTS' },
			'POST',
			'/v1/labels',
			'Rate limit reached: the Customer Engagement API answered 429 (TOO_MANY_REQUESTS)',
			'Too many requests in a short time. Run fewer items at once (Options → Batching) or wait before running again.',
		],
		[
			500,
			{ errorCode: 'INTERNAL', message: 'database timeout' },
			'POST',
			'/v1/labels',
			'The Customer Engagement API failed with HTTP 500: database timeout',
			'This is a problem on the API side. The request was a write (POST) and was not sent again: it may have happened, so check before running it again.',
		],
		[
			500,
			{ errorCode: 'INTERNAL' },
			'PUT',
			'/v1/contacts/c1',
			'The Customer Engagement API failed with HTTP 500',
			'This is a problem on the API side. The request was a write (PUT) and was not sent again: it may have happened, so check before running it again.',
		],
		[
			503,
			'',
			'GET',
			'/v1/labels',
			'The Customer Engagement API failed with HTTP 503',
			'This is a problem on the API side. The request only reads data, so running it again is safe.',
		],
		[
			400,
			{ errorCode: 'ILLEGAL_ARGUMENT', message: 'phone must be a string' },
			'POST',
			'/v1/contacts?upsert=true',
			'The Customer Engagement API rejected the request (ILLEGAL_ARGUMENT): phone must be a string',
			'HTTP 400 for POST /v1/contacts',
		],
		[
			400,
			{ errorCode: 'RESOURCE_ALREADY_EXISTS', message: 'A contact with this email already exists' },
			'POST',
			'/v1/contacts',
			'The Customer Engagement API rejected the request (RESOURCE_ALREADY_EXISTS): A contact with this email already exists',
			'To change the contact that has this email or phone instead, use Contact → Create or Update: it finds the contact by its email (or phone) and updates it, and creates one only when none has it.',
		],
		[
			400,
			{ errorCode: 'RESOURCE_ALREADY_EXISTS', message: 'A contact with this email already exists' },
			'PUT',
			'/v1/contacts/c1',
			'The Customer Engagement API rejected the request (RESOURCE_ALREADY_EXISTS): A contact with this email already exists',
			'Another contact has this email or phone: Contact → Get Many with the Email or Phone filter finds it.',
		],
		[
			400,
			{ errorCode: 'RESOURCE_ALREADY_EXISTS', message: 'A label named "VIP" already exists' },
			'POST',
			'/v1/labels',
			'The Customer Engagement API rejected the request (RESOURCE_ALREADY_EXISTS): A label named "VIP" already exists',
			'HTTP 400 for POST /v1/labels',
		],
		[
			400,
			{ errorCode: 'VALIDATION' },
			'POST',
			'/v1/labels',
			'The Customer Engagement API rejected the request (VALIDATION)',
			'HTTP 400 for POST /v1/labels',
		],
		[
			400,
			{},
			'POST',
			'/v1/contacts',
			'The Customer Engagement API rejected the request: {}',
			'HTTP 400 for POST /v1/contacts',
		],
	];
	test.each(rows)('%i %j for %s %s', (statusCode, body, method, url, message, description) => {
		expect(
			describeCustomerEngagementError({ statusCode, headers: {}, body }, { method, url }),
		).toStrictEqual({ message, description });
	});
});

test.each([
	[
		'Contact c.1 not found.',
		'Contact c.1 not found. Send the ID of an existing contact, as Contact → Get Many lists it.',
	],
	[
		'Contact c.1 not found',
		'Contact c.1 not found. Send the ID of an existing contact, as Contact → Get Many lists it.',
	],
])(
	'Contact Get answered 404 with the API words %j: one full stop before the hint, the ID left whole',
	async (message, description) => {
		server.injectFault({ kind: 'status', status: 404, body: { errorCode: 'NOT_FOUND', message } });
		const result = await runNode({
			type: 'customerEngagement',
			parameters: { resource: 'contact', operation: 'get', contactId: byId('c.1') } as never,
			credentials: credentials(),
		});
		expect(result.error?.message).toBe('No contact with ID "c.1" exists (NOT_FOUND)');
		expect(result.error?.description).toBe(description);
		expect(server.requestLines()).toEqual(['GET /v1/contacts/c.1']);
	},
);

test('an ID that names no contact (a name from an expression, as a model may guess): the error says what to send instead', async () => {
	const result = await run({
		resource: 'contact',
		operation: 'get',
		contactId: { __rl: true, mode: 'id', value: '={{ "Maria Garcia" }}' },
	});
	expect(result.error?.message).toMatch(/^No contact with ID "Maria Garcia" exists/);
	expect(result.error?.description).toMatch(
		/Send the ID of an existing contact, as Contact → Get Many lists it\.$/,
	);
});

describe('errors and secrets', () => {
	test('the token never appears in output or errors, for 401s and other failures', async () => {
		const token = 'live-token-8c1f0e9b7a6d5c4b3a2f';
		const unauthorized = await run(
			{ resource: 'contact', operation: 'get', contactId: byId('x') },
			{ token },
		);
		expect(unauthorized.error?.message).toBe(
			'The Customer Engagement API rejected the access token (INVALID_TOKEN)',
		);
		expect(everything(unauthorized.run)).not.toContain(token);
		server.token = token;
		const notFound = await run(
			{ resource: 'contact', operation: 'get', contactId: byId('x') },
			{ token, continueOnFail: true },
		);
		expect(everything(notFound.run)).not.toContain(token);
		server.injectFault({ kind: 'drop' }, 3);
		const dropped = await run(
			{ resource: 'label', operation: 'getAll', returnAll: true },
			{ token },
		);
		expect(dropped.error?.message).toMatch(/^Could not reach the Customer Engagement API/);
		expect(everything(dropped.run)).not.toContain(token);
		server.token = CE_TOKEN;
	});

	test('a 429 that does not go away says the rate limit was hit and how often the node tried', async () => {
		server.injectFault({ kind: 'status', status: 429, retryAfter: '0' }, 6);
		const result = await run({ resource: 'label', operation: 'getAll', returnAll: true });
		expect(result.error?.message).toBe(
			'Rate limit reached: the Customer Engagement API answered 429 (TOO_MANY_REQUESTS)',
		);
		expect(result.error?.description).toMatch(/The node tried 6 times over/);
		expect(server.requests).toHaveLength(6);
	});

	test('Continue On Fail: one bad item, the others keep their results', async () => {
		const contact = server.seedContact();
		const result = await run(
			{
				resource: 'note',
				operation: 'create',
				contactId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
				text: 'hi',
			},
			{ items: [{ id: contact.id }, { id: 'ct_ghost' }, { id: contact.id }], continueOnFail: true },
		);
		expect(result.items.map((i) => i.json.error ?? i.json.contactId)).toEqual([
			contact.id,
			'No contact with ID "ct_ghost" exists (RESOURCE_NOT_FOUND)',
			contact.id,
		]);
	});
});
