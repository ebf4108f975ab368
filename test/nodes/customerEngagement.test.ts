/** Customer Engagement node: every operation through the engine against the local API. */
import { byId, runNode } from '../support/engine';
import { everything, useCustomerEngagementServer } from '../support/setup';
import { CE_TOKEN } from '../support/servers/customerEngagementServer';
import { keptDefinitionReads } from '../../nodes/CustomerEngagement/resources/contact/customFields';

const { server, credentials } = useCustomerEngagementServer();

const run = (
	parameters: Record<string, unknown>,
	options: { items?: object[]; continueOnFail?: boolean; token?: string; executionId?: string; credentialId?: string } = {},
) =>
	runNode({
		type: 'customerEngagement',
		parameters: parameters as never,
		credentials: options.token
			? { customerEngagementApi: { baseUrl: server.url, accessToken: options.token } }
			: credentials(),
		items: options.items as never,
		continueOnFail: options.continueOnFail,
		executionId: options.executionId,
		credentialId: options.credentialId,
	});
const json = (result: Awaited<ReturnType<typeof run>>) => result.items.map((i) => i.json);

function seedLabelsAndFields() {
	server.state.labels.set('lb_vip', { id: 'lb_vip', name: 'VIP', color: 'AMBER' });
	server.state.labels.set('lb_new', { id: 'lb_new', name: 'New', color: 'GREY' });
	server.state.customFields.set('cf_size', { id: 'cf_size', name: 'Size', type: 'text' });
	server.state.customFields.set('cf_city', { id: 'cf_city', name: 'City', type: 'text' });
}

describe('contact', () => {
	test('create sends the fields, labels as {id}, custom fields and the date in the API format', async () => {
		seedLabelsAndFields();
		const result = await run({
			resource: 'contact',
			operation: 'create',
			email: 'ann@example.com',
			phone: '',
			simplify: false,
			additionalFields: {
				firstName: 'Ann',
				birthDate: '1990-05-17T00:00:00.000Z',
				labels: ['lb_vip'],
				customFields: { field: [{ id: 'cf_size', value: 'M' }] },
			},
		});
		expect(result.error).toBeUndefined();
		// The field definitions (once per execution: select fields take option names), then the contact.
		expect(server.requestLines()).toEqual(['GET /v1/custom-fields', 'POST /v1/contacts']);
		server.requests.shift();
		expect(server.requests[0].body).toEqual({
			email: 'ann@example.com',
			firstName: 'Ann',
			birthDate: '1990-05-17T00:00:00.000Z',
			labels: [{ id: 'lb_vip' }],
			customFields: [{ id: 'cf_size', value: 'M' }],
		});
		expect(server.requests[0].headers['content-type']).toMatch(/^application\/json/);
		expect(json(result)[0]).toMatchObject({ email: 'ann@example.com', firstName: 'Ann', labels: [{ id: 'lb_vip', name: 'VIP' }] });
	});

	test.each([
		// The editor's date picker gives a time without zone: it is in the workflow's timezone,
		// not in the zone of the machine (the suite runs in Pacific/Chatham, UTC+13:45).
		['America/Los_Angeles', '2001-02-03T04:05:06', '2001-02-03T12:05:06.000Z'],
		['Europe/Berlin', '2026-07-01T10:00', '2026-07-01T08:00:00.000Z'],
		['Asia/Tokyo', '2026-11-22 09:30:00.250', '2026-11-22T00:30:00.250Z'],
		// A zone in the value wins; a date alone is that calendar day.
		['Asia/Tokyo', '2001-02-03T04:05:06+01:00', '2001-02-03T03:05:06.000Z'],
		['Asia/Tokyo', '1990-05-17', '1990-05-17T00:00:00.000Z'],
	])('create reads a date-time in the workflow timezone %s: %s is sent as %s', async (timezone, birthDate, sent) => {
		await runNode({
			type: 'customerEngagement',
			parameters: { resource: 'contact', operation: 'create', phone: '+15550100', additionalFields: { birthDate } } as never,
			credentials: credentials(),
			timezone,
		});
		expect(server.requests[0].body).toEqual({ phone: '+15550100', birthDate: sent });
	});

	test.each([
		[{ email: '', phone: '' }, 'Email or Phone: enter at least one of them; the API identifies contacts by email or phone'],
		[{ email: 'a@example.com', additionalFields: { birthDate: 'not a date' } }, 'Birth Date: "not a date" is not a date'],
		[{ email: 'a@example.com', additionalFields: { birthDate: '2026-02-30' } }, 'Birth Date: "2026-02-30" is not a date'],
		[{ email: 'a@example.com', additionalFields: { birthDate: '2026-11-22T24:00:00' } }, 'Birth Date: "2026-11-22T24:00:00" is not a date'],
		[{ email: 'a@example.com', additionalFields: { birthDate: 'on 1990-05-17T00:00:00.000Z' } }, 'Birth Date: "on 1990-05-17T00:00:00.000Z" is not a date'],
		[{ email: 'a@example.com', additionalFields: { birthDate: '1990-05-17T00:00:00.000Z or so' } }, 'Birth Date: "1990-05-17T00:00:00.000Z or so" is not a date'],
	])('create rejects bad input %j before any request', async (params, message) => {
		const result = await run({ resource: 'contact', operation: 'create', ...params });
		expect(result.error?.message).toBe(message);
		if (message.includes('is not a date')) expect(result.error?.description).toBe('Use a date and time such as 2026-11-01T18:30:00Z.');
		expect(server.requests).toHaveLength(0);
	});

	test('email and phone are sent trimmed; an empty Birth Date is left out, a null one sent as null (the API\'s "no birth date")', async () => {
		await run({ resource: 'contact', operation: 'create', email: '  ann@example.com ', phone: ' +15550100 ', additionalFields: { birthDate: '' } });
		await run({ resource: 'contact', operation: 'create', email: 'bob@example.com', additionalFields: { birthDate: '={{ null }}' } });
		expect(server.requests.map((r) => r.body)).toEqual([
			{ email: 'ann@example.com', phone: '+15550100' },
			{ email: 'bob@example.com', birthDate: null },
		]);
	});

	test('text fields an expression gives as numbers (a spreadsheet column) are sent as text, number fields stay numbers; nothing is left out', async () => {
		await run({ resource: 'contact', operation: 'create', phone: '={{ 15550100 }}', additionalFields: { firstName: '={{ 42 }}' } });
		await run({ resource: 'contact', operation: 'create', email: 'ann@example.com', phone: '={{ $json.nothing }}' });
		await run({ resource: 'loyaltyReward', operation: 'create', title: '={{ 2026 }}', points: '={{ 10 }}' });
		expect(server.requests.map((r) => r.body)).toEqual([
			{ phone: '15550100', firstName: '42' },
			{ email: 'ann@example.com' },
			{ title: '2026', points: 10 },
		]);
		expect(server.state.contacts.size).toBe(2);
	});

	test('an email of spaces alone is no email: refused before any request', async () => {
		const result = await run({ resource: 'contact', operation: 'create', email: '   ', phone: '' });
		expect(result.error?.message).toBe('Email or Phone: enter at least one of them; the API identifies contacts by email or phone');
		expect(server.requests).toHaveLength(0);
	});

	test('get with Simplify', async () => {
		seedLabelsAndFields();
		const contact = server.seedContact({ firstName: 'Ann', labels: [{ id: 'lb_vip' }] });
		server.state.contactFieldValues.set(contact.id as string, new Map([['cf_size', 'M']]));
		const result = await run({ resource: 'contact', operation: 'get', contactId: byId(contact.id as string), simplify: true });
		expect(server.requestLines()).toEqual([`GET /v1/contacts/${contact.id}`]);
		expect(json(result)[0]).toEqual({
			id: contact.id,
			firstName: 'Ann',
			lastName: null,
			email: contact.email,
			phone: null,
			type: 'ACTIVE',
			loyaltyPointsCount: 0,
			visitsCount: 0,
			lastVisitDate: null,
			registrationDate: contact.registrationDate,
			labels: ['VIP'],
			customFields: { cf_size: 'M' },
		});
		// Nothing else, not even a key without a value.
		expect(Object.keys(json(result)[0])).toEqual(['id', 'firstName', 'lastName', 'email', 'phone', 'type', 'loyaltyPointsCount', 'visitsCount', 'lastVisitDate', 'registrationDate', 'labels', 'customFields']);
	});

	test('Simplify leaves out custom fields without a value, and keeps what upsert did', async () => {
		server.injectFault({ kind: 'status', status: 200, body: { id: 'ct_1', firstName: 'Ann', labels: [], customFields: [{ id: 'cf_empty', type: 'text' }, { id: 'cf_size', type: 'text', value: 'M' }] } });
		const got = await run({ resource: 'contact', operation: 'get', contactId: byId('ct_1'), simplify: true });
		expect(json(got)[0]).toStrictEqual({ id: 'ct_1', firstName: 'Ann', labels: [], customFields: { cf_size: 'M' } });
		const upserted = await run({ resource: 'contact', operation: 'upsert', email: 'ann@example.com', simplify: true });
		expect(json(upserted)[0]).toMatchObject({ email: 'ann@example.com', outcome: 'created' });
	});

	test('update of lastName keeps firstName, phone, email, labels and both custom fields', async () => {
		seedLabelsAndFields();
		const created = await run({
			resource: 'contact',
			operation: 'create',
			email: 'ann@example.com',
			phone: '+15550100',
			additionalFields: {
				firstName: 'Ann',
				lastName: 'Lee',
				labels: ['lb_vip', 'lb_new'],
				customFields: { field: [{ id: 'cf_size', value: 'M' }, { id: 'cf_city', value: 'Oslo' }] },
			},
		});
		const id = json(created)[0].id as string;
		server.clearLog();
		const result = await run({ resource: 'contact', operation: 'update', contactId: byId(id), updateFields: { lastName: 'Kim' } });
		expect(result.error).toBeUndefined();
		expect(server.requestLines()).toEqual([`GET /v1/contacts/${id}`, `PUT /v1/contacts/${id}`]);
		expect(server.requests[1].body).toMatchObject({
			firstName: 'Ann',
			lastName: 'Kim',
			phone: '+15550100',
			email: 'ann@example.com',
			labels: [{ id: 'lb_vip' }, { id: 'lb_new' }],
		});
		const stored = server.presentContact(server.state.contacts.get(id)!);
		expect(stored).toMatchObject({ firstName: 'Ann', lastName: 'Kim', phone: '+15550100', email: 'ann@example.com', type: 'ACTIVE' });
		expect((stored.labels as Array<{ id: string }>).map((l) => l.id)).toEqual(['lb_vip', 'lb_new']);
		expect(stored.customFields).toEqual([
			{ id: 'cf_size', type: 'text', value: 'M' },
			{ id: 'cf_city', type: 'text', value: 'Oslo' },
		]);
		expect(json(result)[0]).toMatchObject({ lastName: 'Kim', firstName: 'Ann' });
	});

	test('update with Simplify still sends every field back (the read is not simplified)', async () => {
		const contact = server.seedContact({ firstName: 'Ann', description: 'regular', phone: '+1555' });
		await run({ resource: 'contact', operation: 'update', contactId: byId(contact.id as string), updateFields: { lastName: 'K' }, simplify: true });
		expect(server.state.contacts.get(contact.id as string)).toMatchObject({ description: 'regular', firstName: 'Ann', phone: '+1555' });
	});

	test('update of a missing contact names it', async () => {
		const result = await run({ resource: 'contact', operation: 'update', contactId: byId('ct_ghost'), updateFields: { lastName: 'K' } });
		expect(result.error?.message).toBe('No contact with ID "ct_ghost" exists (RESOURCE_NOT_FOUND)');
		expect(server.requestLines()).toEqual(['GET /v1/contacts/ct_ghost']);
	});

	describe('select custom fields take the option name or ID', () => {
		const seedSelects = () => {
			server.state.customFields.set('cf_size', { id: 'cf_size', name: 'Size', type: 'single_select', options: [{ id: 'op_s', value: 'S' }, { id: 'op_m', value: 'M' }] });
			server.state.customFields.set('cf_tags', { id: 'cf_tags', name: 'Tags', type: 'multi_select', options: [{ id: 'op_a', value: 'Alpha' }, { id: 'op_b', value: 'Beta' }] });
			server.state.customFields.set('cf_city', { id: 'cf_city', name: 'City', type: 'text' });
		};
		const create = (fields: Array<{ id: string; value: string }>, items?: object[], execution: { executionId?: string; credentialId?: string } = {}) =>
			run({ resource: 'contact', operation: 'create', email: '={{ $json.email }}', simplify: false, additionalFields: { customFields: { field: fields } } }, { items: items ?? [{ email: 'a@example.com' }], ...execution });

		test('names (any case, from expressions too) and IDs become IDs; other types are sent as given; one definitions read for all items', async () => {
			seedSelects();
			const result = await create(
				[
					{ id: 'cf_size', value: '={{ $json.size }}' },
					{ id: 'cf_tags', value: 'alpha, op_b' },
					{ id: 'cf_city', value: 'M' },
				],
				[{ email: 'a@example.com', size: 'm' }, { email: 'b@example.com', size: 'op_s' }, { email: 'c@example.com', size: 'S' }],
			);
			expect(result.error).toBeUndefined();
			expect(server.requestLines()).toEqual(['GET /v1/custom-fields', 'POST /v1/contacts', 'POST /v1/contacts', 'POST /v1/contacts']);
			expect(server.requests.slice(1).map((r) => (r.body as { customFields: unknown }).customFields)).toEqual(
				['op_m', 'op_s', 'op_s'].map((size) => [
					{ id: 'cf_size', value: size },
					{ id: 'cf_tags', value: 'op_a,op_b' },
					{ id: 'cf_city', value: 'M' },
				]),
			);
		});

		test.each([
			['a name that is not an option', 'cf_size', 'XL', 'Custom field "Size": "XL" is not one of its options', 'Use an option name or ID: S (op_s), M (op_m).'],
			['a select field without options', 'cf_none', 'Any', 'Custom field "Empty": "Any" is not one of its options', 'Use an option name or ID: the field has no options.'],
		])('%s is refused before the contact is written, naming the field and its options', async (_case, id, value, message, description) => {
			seedSelects();
			server.state.customFields.set('cf_none', { id: 'cf_none', name: 'Empty', type: 'single_select', options: [] });
			const result = await create([{ id, value }]);
			expect(result.error?.message).toBe(message);
			expect(result.error?.description).toBe(description);
			expect(server.requestLines()).toEqual(['GET /v1/custom-fields']);
		});

		test('blank entries of a multi-select list are left out, not refused as options', async () => {
			seedSelects();
			const result = await create([{ id: 'cf_tags', value: 'Alpha, ,Beta,' }]);
			expect(result.error).toBeUndefined();
			expect((server.requests[1].body as { customFields: unknown }).customFields).toEqual([{ id: 'cf_tags', value: 'op_a,op_b' }]);
		});

		test('a blank value among others reads the definitions once and clears its field; a select cleared with spaces is sent as empty', async () => {
			seedSelects();
			const result = await create([{ id: 'cf_city', value: '' }, { id: 'cf_size', value: 'S' }, { id: 'cf_tags', value: '  ' }]);
			expect(result.error).toBeUndefined();
			expect(server.requestLines()).toEqual(['GET /v1/custom-fields', 'POST /v1/contacts']);
			expect((server.requests[1].body as { customFields: unknown }).customFields).toEqual([
				{ id: 'cf_city', value: '' },
				{ id: 'cf_size', value: 'op_s' },
				{ id: 'cf_tags', value: '' },
			]);
		});

		test('a single-select option whose name holds a comma is one option, not a list', async () => {
			server.state.customFields.set('cf_fit', { id: 'cf_fit', name: 'Fit', type: 'single_select', options: [{ id: 'op_r', value: 'Regular, long' }] });
			const result = await create([{ id: 'cf_fit', value: 'Regular, long' }]);
			expect(result.error).toBeUndefined();
			expect((server.requests[1].body as { customFields: unknown }).customFields).toEqual([{ id: 'cf_fit', value: 'op_r' }]);
		});

		test('a custom field ID the definitions do not know is sent as given (the API answers for it)', async () => {
			seedSelects();
			const result = await create([{ id: 'cf_gone', value: 'x' }, { id: 'cf_size', value: 'M' }]);
			expect(server.requestLines()).toEqual(['GET /v1/custom-fields', 'POST /v1/contacts']);
			expect((server.requests[1].body as { customFields: unknown }).customFields).toEqual([{ id: 'cf_gone', value: 'x' }, { id: 'cf_size', value: 'op_m' }]);
			expect(result.error?.message).toBe('The Customer Engagement API rejected the request (ILLEGAL_ARGUMENT): Each custom field needs the id of an existing custom field');
		});

		test('a value an expression gives as nothing clears the field (never the text "undefined")', async () => {
			seedSelects();
			const result = await create([{ id: 'cf_city', value: '={{ $json.nothing }}' }]);
			expect(result.error).toBeUndefined();
			expect((server.requests.at(-1)!.body as { customFields: unknown }).customFields).toEqual([{ id: 'cf_city', value: '' }]);
		});

		test('definitions are kept for the last 8 executions of this process, not for every execution', async () => {
			seedSelects();
			for (let i = 0; i < 10; i++) await create([{ id: 'cf_size', value: 'S' }]);
			expect(server.requestLines().filter((line) => line === 'GET /v1/custom-fields')).toHaveLength(10);
			expect(keptDefinitionReads()).toBe(8);
		});

		test('two nodes of one execution with different accounts each read their own definitions', async () => {
			seedSelects();
			const first = await create([{ id: 'cf_size', value: 'S' }], undefined, { executionId: 'execution-two-accounts', credentialId: 'account-a' });
			expect(first.error).toBeUndefined();
			// The second account's field has an option the first account's read did not see.
			server.state.customFields.set('cf_size', { id: 'cf_size', name: 'Size', type: 'single_select', options: [{ id: 'op_xl', value: 'XL' }] });
			const second = await create([{ id: 'cf_size', value: 'XL' }], [{ email: 'b@example.com' }], { executionId: 'execution-two-accounts', credentialId: 'account-b' });
			expect(second.error).toBeUndefined();
			expect(server.requestLines()).toEqual(['GET /v1/custom-fields', 'POST /v1/contacts', 'GET /v1/custom-fields', 'POST /v1/contacts']);
			expect((server.requests[3].body as { customFields: unknown }).customFields).toEqual([{ id: 'cf_size', value: 'op_xl' }]);
		});

		test('a failed definitions read is not kept: the next node of the execution reads again', async () => {
			seedSelects();
			server.injectFault({ kind: 'status', status: 403, body: { code: 'FORBIDDEN', message: 'Not allowed' } }, 1, (req) => req.path === '/v1/custom-fields');
			const first = await create([{ id: 'cf_size', value: 'S' }], undefined, { executionId: 'execution-failed-read' });
			expect(first.error?.message).toContain('Not allowed');
			const second = await create([{ id: 'cf_size', value: 'S' }], [{ email: 'b@example.com' }], { executionId: 'execution-failed-read' });
			expect(second.error).toBeUndefined();
			expect(server.requestLines()).toEqual(['GET /v1/custom-fields', 'GET /v1/custom-fields', 'POST /v1/contacts']);
		});

		test('empty values clear the field without reading the definitions', async () => {
			seedSelects();
			await create([{ id: 'cf_size', value: '' }, { id: 'cf_tags', value: '  ' }]);
			expect(server.requestLines()).toEqual(['POST /v1/contacts']);
		});
	});

	test('upsert creates when no contact has the email, updates (safely) when one does', async () => {
		const first = await run({ resource: 'contact', operation: 'upsert', email: 'ann@example.com', additionalFields: { firstName: 'Ann', description: 'keep' } });
		expect(json(first)[0]).toMatchObject({ outcome: 'created', firstName: 'Ann' });
		expect(server.requestLines()).toEqual(['GET /v1/contacts?email=ann%40example.com&page=1&perPage=1', 'POST /v1/contacts']);
		server.clearLog();
		const second = await run({ resource: 'contact', operation: 'upsert', email: 'ann@example.com', additionalFields: { lastName: 'Lee' }, simplify: false });
		const id = json(first)[0].id;
		expect(json(second)[0]).toMatchObject({ outcome: 'updated', id, firstName: 'Ann', lastName: 'Lee', description: 'keep' });
		expect(server.requestLines()).toEqual(['GET /v1/contacts?email=ann%40example.com&page=1&perPage=1', `PUT /v1/contacts/${id}`]);
		expect(server.state.contacts.size).toBe(1);
	});

	test('upsert by phone when there is no email', async () => {
		server.seedContact({ email: null, phone: '+15550100', firstName: 'Bob' });
		const result = await run({ resource: 'contact', operation: 'upsert', phone: '+15550100', additionalFields: { lastName: 'Stone' } });
		expect(json(result)[0]).toMatchObject({ outcome: 'updated', firstName: 'Bob', lastName: 'Stone' });
		expect(server.requestLines()[0]).toBe('GET /v1/contacts?phone=%2B15550100&page=1&perPage=1');
	});

	test('delete returns the deleted contact', async () => {
		const contact = server.seedContact();
		const result = await run({ resource: 'contact', operation: 'delete', contactId: byId(contact.id as string) });
		expect(server.requestLines()).toEqual([`DELETE /v1/contacts/${contact.id}`]);
		expect(json(result)[0]).toMatchObject({ id: contact.id, userId: 'usr_owner' });
		expect(server.state.contacts.size).toBe(0);
	});

	test('adjust loyalty points, and the API message when the total would drop below 0', async () => {
		const contact = server.seedContact();
		const added = await run({
			resource: 'contact',
			operation: 'adjustLoyaltyPoints',
			contactId: byId(contact.id as string),
			pointsValue: 10,
			additionalFields: { note: 'welcome' },
		});
		expect(server.requestLines()).toEqual([`PUT /v1/contacts/${contact.id}/loyalty-points`, `GET /v1/contacts/${contact.id}`]);
		expect(server.requests[0].body).toEqual({ pointsValue: 10, note: 'welcome' });
		expect(json(added)[0]).toEqual({ contactId: contact.id, pointsValue: 10, loyaltyPointsCount: 10 });
		const removed = await run({ resource: 'contact', operation: 'adjustLoyaltyPoints', contactId: byId(contact.id as string), pointsValue: -11 });
		expect(removed.error?.message).toBe(
			'The Customer Engagement API rejected the request (INSUFFICIENT_LOYALTY_POINTS): The contact does not have enough loyalty points',
		);
	});

	test('adjust loyalty points without Read New Balance: one request, no balance', async () => {
		const contact = server.seedContact();
		const result = await run({ resource: 'contact', operation: 'adjustLoyaltyPoints', contactId: byId(contact.id as string), pointsValue: 5, options: { readNewBalance: false } });
		expect(server.requestLines()).toEqual([`PUT /v1/contacts/${contact.id}/loyalty-points`]);
		expect(json(result)[0]).toEqual({ contactId: contact.id, pointsValue: 5 });
	});

	test('adjust loyalty points: when the balance cannot be read, the change still succeeds and says so (never retried as a write)', async () => {
		const contact = server.seedContact();
		server.injectFault({ kind: 'status', status: 404, body: { errorCode: 'RESOURCE_NOT_FOUND', message: 'Contact not found' } }, 3, (r) => r.method === 'GET');
		const result = await run({ resource: 'contact', operation: 'adjustLoyaltyPoints', contactId: byId(contact.id as string), pointsValue: 5 });
		expect(result.error).toBeUndefined();
		expect(server.requests.filter((r) => r.method === 'PUT')).toHaveLength(1);
		expect(json(result)[0]).toEqual({
			contactId: contact.id,
			pointsValue: 5,
			loyaltyPointsCount: null,
			balanceError: expect.stringMatching(/^The points were changed, but the new balance could not be read: /),
		});
	});
	test.each([[{}], [[]]])('adjust loyalty points: a balance answer %j without a count gives a balance of null, not an error', async (answer) => {
		const contact = server.seedContact();
		server.injectFault({ kind: 'status', status: 200, body: answer }, 1, (r) => r.method === 'GET');
		const result = await run({ resource: 'contact', operation: 'adjustLoyaltyPoints', contactId: byId(contact.id as string), pointsValue: 5 });
		expect(server.requestLines()).toEqual([`PUT /v1/contacts/${contact.id}/loyalty-points`, `GET /v1/contacts/${contact.id}`]);
		expect(json(result)).toEqual([{ contactId: contact.id, pointsValue: 5, loyaltyPointsCount: null }]);
	});
});

describe('activity, note', () => {
	test('an API whose beforeDate includes its own instant: a full page of ties comes back once, and paging stops', async () => {
		const contact = server.seedContact();
		const at = new Date(Date.UTC(2026, 0, 1)).toISOString();
		for (let i = 0; i < 150; i++) server.state.activities.push({ contactId: contact.id as string, activityType: 'NOTE', date: at, data: { i } });
		server.beforeDateInclusive = true;
		const result = await run({ resource: 'activity', operation: 'getAll', contactId: byId(contact.id as string), returnAll: true });
		expect(result.items.map((i) => (i.json.data as { i: number }).i)).toEqual(Array.from({ length: 100 }, (_, i) => i));
		expect(server.requestLines()).toHaveLength(2);
	});

	test('activities page backwards with beforeDate = the last date, newest first', async () => {
		const contact = server.seedContact();
		for (let i = 0; i < 150; i++) {
			server.state.activities.push({ contactId: contact.id as string, activityType: 'NOTE', date: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(), data: { i } });
		}
		const result = await run({ resource: 'activity', operation: 'getAll', contactId: byId(contact.id as string), returnAll: true, filters: { type: 'NOTE' } });
		expect(result.items).toHaveLength(150);
		expect(result.items[0].json.data).toEqual({ i: 149 });
		expect(result.items[149].json.data).toEqual({ i: 0 });
		const fiftieth = new Date(Date.UTC(2026, 0, 1, 0, 50)).toISOString();
		expect(server.requestLines()).toEqual([
			`GET /v1/contacts/${contact.id}/activities?type=NOTE&perPage=100`,
			`GET /v1/contacts/${contact.id}/activities?type=NOTE&perPage=100&beforeDate=${encodeURIComponent(fiftieth)}`,
		]);
	});

	test('activities with a limit ask only for that many', async () => {
		const contact = server.seedContact();
		for (let i = 0; i < 30; i++) server.state.activities.push({ contactId: contact.id as string, activityType: 'NOTE', date: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(), data: {} });
		const result = await run({ resource: 'activity', operation: 'getAll', contactId: byId(contact.id as string), returnAll: false, limit: 7 });
		expect(result.items).toHaveLength(7);
		expect(server.requestLines()).toEqual([`GET /v1/contacts/${contact.id}/activities?perPage=7`]);
	});

	test('note create', async () => {
		const contact = server.seedContact();
		const result = await run({ resource: 'note', operation: 'create', contactId: byId(contact.id as string), text: 'Called back' });
		expect(server.requestLines()).toEqual([`POST /v1/contacts/${contact.id}/notes`]);
		expect(server.requests[0].body).toEqual({ text: 'Called back' });
		expect(json(result)[0]).toMatchObject({ text: 'Called back', contactId: contact.id });
	});
});

describe('custom field', () => {
	test('create a select field with options', async () => {
		const result = await run({ resource: 'customField', operation: 'create', name: 'Size', type: 'single_select', additionalFields: { options: ['S', 'M'] } });
		expect(server.requestLines()).toEqual(['POST /v1/custom-fields']);
		expect(server.requests[0].body).toEqual({ name: 'Size', type: 'single_select', options: [{ value: 'S' }, { value: 'M' }] });
		expect(json(result)[0]).toMatchObject({ name: 'Size', options: [{ value: 'S' }, { value: 'M' }] });
	});

	test('option values and IDs an expression gives as numbers are sent as text (the API wants text: a number was refused as no value)', async () => {
		await run({ resource: 'customField', operation: 'create', name: 'Shoe', type: 'single_select', additionalFields: { options: ['={{ 42 }}', '43'] } });
		server.state.customFields.set('cf_s', { id: 'cf_s', name: 'S', type: 'single_select', options: [{ id: '7', value: 'Small' }] });
		const result = await run({
			resource: 'customField',
			operation: 'updateOptions',
			customFieldId: byId('cf_s'),
			options: { option: [{ id: '={{ 7 }}', value: '={{ 36 }}' }, { id: '', value: '={{ 0 }}' }] },
		});
		expect(result.error).toBeUndefined();
		expect(server.requests.map((r) => r.body)).toEqual([
			{ name: 'Shoe', type: 'single_select', options: [{ value: '42' }, { value: '43' }] },
			{ options: [{ id: '7', value: '36' }, { value: '0' }] },
		]);
		expect((json(result)[0].options as Array<{ value: string }>).map((o) => o.value)).toEqual(['36', '0']);
	});

	test('getAll with a limit', async () => {
		seedLabelsAndFields();
		const result = await run({ resource: 'customField', operation: 'getAll', returnAll: false, limit: 1 });
		expect(server.requestLines()).toEqual(['GET /v1/custom-fields']);
		expect(json(result)).toEqual([{ id: 'cf_size', name: 'Size', type: 'text', typeName: 'Text' }]);
	});

	test('the type is also given in words', async () => {
		const result = await run({ resource: 'customField', operation: 'create', name: 'Size', type: 'single_select', additionalFields: { options: ['S'] } });
		expect(json(result)[0]).toMatchObject({ type: 'single_select', typeName: 'Single select' });
	});

	test('rename sends the name as a JSON string body', async () => {
		seedLabelsAndFields();
		const result = await run({ resource: 'customField', operation: 'rename', customFieldId: byId('cf_size'), name: 'T-shirt "size"' });
		expect(server.requestLines()).toEqual(['PUT /v1/custom-fields/cf_size/name']);
		expect(server.requests[0].rawBody).toBe('"T-shirt \\"size\\""');
		expect(json(result)[0]).toEqual({ id: 'cf_size', name: 'T-shirt "size"', message: 'Custom field name updated to T-shirt "size"' });
		expect(server.state.customFields.get('cf_size')?.name).toBe('T-shirt "size"');
	});

	test('rename: an answer that is data rather than a string is given as its JSON text', async () => {
		seedLabelsAndFields();
		server.injectFault({ kind: 'status', status: 200, body: { renamed: true } });
		const result = await run({ resource: 'customField', operation: 'rename', customFieldId: byId('cf_size'), name: 'Fit' });
		expect(server.requestLines()).toEqual(['PUT /v1/custom-fields/cf_size/name']);
		expect(json(result)).toEqual([{ id: 'cf_size', name: 'Fit', message: '{"renamed":true}' }]);
	});

	test('updateOptions changes an option by id and adds one without', async () => {
		server.state.customFields.set('cf_s', { id: 'cf_s', name: 'S', type: 'single_select', options: [{ id: 'op_1', value: 'Small' }] });
		const result = await run({
			resource: 'customField',
			operation: 'updateOptions',
			customFieldId: byId('cf_s'),
			options: { option: [{ id: 'op_1', value: 'S' }, { id: '', value: 'M' }] },
		});
		expect(server.requestLines()).toEqual(['PUT /v1/custom-fields/cf_s/option']);
		expect(server.requests[0].body).toEqual({ options: [{ id: 'op_1', value: 'S' }, { value: 'M' }] });
		expect((json(result)[0].options as Array<{ value: string }>).map((o) => o.value)).toEqual(['S', 'M']);
	});

	test('a duplicate name shows the API message', async () => {
		seedLabelsAndFields();
		const result = await run({ resource: 'customField', operation: 'create', name: 'Size', type: 'text' });
		expect(result.error?.message).toBe('The Customer Engagement API rejected the request (NOT_UNIQUE): A custom field named "Size" already exists');
	});
});

describe('text, conversation', () => {
	test.each([
		['picked from the list', (id: string) => ({ __rl: true, mode: 'list', value: id, cachedResultName: 'Ann' })],
		['by ID', (id: string) => ({ __rl: true, mode: 'id', value: id })],
		['as saved by earlier versions (a plain string)', (id: string) => id],
		['by ID from an expression', () => ({ __rl: true, mode: 'id', value: '={{ $json.contact }}' })],
	])('the customer %s: Text Send and Conversation Get send its ID', async (_name, customer) => {
		const contact = server.seedContact({ phone: '+15550100' });
		const send = await run({ resource: 'text', operation: 'send', customerId: customer(contact.id as string), toPhone: '+15550999', message: 'Hi!' }, { items: [{ contact: contact.id }] });
		expect(send.error).toBeUndefined();
		expect(server.requests[0].body).toEqual({ customerId: contact.id, toPhone: '+15550999', message: 'Hi!' });
		const conversation = await run({ resource: 'conversation', operation: 'get', customerId: customer(contact.id as string), phone: '' }, { items: [{ contact: contact.id }] });
		expect(conversation.error).toBeUndefined();
		expect(server.requestLines()[1]).toBe(`GET /v1/texts/conversations?customerId=${contact.id}`);
		// Customer is routed to the body and moved to the query: nothing is left in the body of the GET.
		expect(server.requests[1].rawBody).toBe('');
	});

	test('send to a customer, scheduled', async () => {
		const contact = server.seedContact({ phone: '+15550100' });
		const result = await run({
			resource: 'text',
			operation: 'send',
			customerId: contact.id,
			toPhone: '',
			message: 'Hi!',
			additionalFields: { scheduledDate: '2030-01-01T10:00:00Z' },
		});
		expect(server.requestLines()).toEqual(['POST /v1/texts']);
		expect(server.requests[0].body).toEqual({ customerId: contact.id, message: 'Hi!', scheduledDate: '2030-01-01T10:00:00.000Z' });
		expect(json(result)[0]).toEqual({ id: expect.any(String), status: 'Sent' });
	});

	test('a To Phone, Customer and message an expression gives as numbers are sent as text', async () => {
		const result = await run({ resource: 'text', operation: 'send', customerId: '', toPhone: '={{ 15550100 }}', message: '={{ 42 }}' });
		expect(result.error).toBeUndefined();
		await run({ resource: 'text', operation: 'send', customerId: '={{ 12345 }}', toPhone: '={{ $json.nothing }}', message: 'Hi' });
		await run({ resource: 'text', operation: 'send', customerId: '', toPhone: '={{ 0 }}', message: '={{ 0 }}' });
		expect(server.requests.map((r) => r.body)).toEqual([
			{ toPhone: '15550100', message: '42' },
			{ customerId: '12345', message: 'Hi' },
			{ toPhone: '0', message: '0' },
		]);
	});

	test.each([
		[{ customerId: '', toPhone: '', message: 'Hi' }, 'Customer or To Phone: enter at least one recipient (Customer wins when both are given)'],
		[{ customerId: 'ct_1', message: '' }, 'The \'Node\' node has issues:\n- Parameter "Message" is required.'],
		[{ customerId: 'ct_1', message: '={{ " " }}' }, 'Message: enter the text to send'],
		[{ customerId: 'ct_1', message: '={{ null }}' }, 'Message: enter the text to send'],
	])('send rejects %j before any request', async (params, message) => {
		const result = await run({ resource: 'text', operation: 'send', ...params });
		expect(result.error?.message).toBe(message);
		expect(server.requests).toHaveLength(0);
	});

	test('a recipient who unsubscribed: the API says so', async () => {
		const contact = server.seedContact({ phone: '+1555', unsubscribedFromText: true });
		const result = await run({ resource: 'text', operation: 'send', customerId: contact.id, message: 'Hi' });
		expect(result.error?.message).toBe('The Customer Engagement API rejected the request (ILLEGAL_ARGUMENT): The recipient has unsubscribed from texts');
	});

	test('conversation: pages back with beforeDate = conversation[0].date, one item per message, oldest first', async () => {
		const contact = server.seedContact({ phone: '+1555', firstName: 'Ann' });
		for (let i = 0; i < 20; i++) server.seedMessage(contact.id as string, `m${i}`, new Date(Date.UTC(2026, 0, 1 + i)).toISOString(), i % 2 === 0);
		const result = await run({ resource: 'conversation', operation: 'get', customerId: contact.id, phone: '' });
		expect(json(result).map((m) => m.content)).toEqual(Array.from({ length: 20 }, (_, i) => `m${i}`));
		expect(json(result)[0]).toMatchObject({ date: '2026-01-01T00:00:00.000Z', type: 'text', fromContact: true, contactId: contact.id, phone: '+1555' });
		const oldestOfFirstPage = new Date(Date.UTC(2026, 0, 6)).toISOString();
		const oldest = new Date(Date.UTC(2026, 0, 1)).toISOString();
		expect(server.requestLines()).toEqual([
			`GET /v1/texts/conversations?customerId=${contact.id}`,
			`GET /v1/texts/conversations?customerId=${contact.id}&beforeDate=${encodeURIComponent(oldestOfFirstPage)}`,
			`GET /v1/texts/conversations?customerId=${contact.id}&beforeDate=${encodeURIComponent(oldest)}`,
		]);
	});

	test('conversation from a server that ignores beforeDate: the repeated page ends paging and its messages are emitted once', async () => {
		const contact = server.seedContact({ phone: '+1555' });
		const page = {
			phone: '+1555',
			conversation: [{ date: '2026-01-02T00:00:00.000Z', messages: [{ type: 'text', date: '2026-01-02T00:00:00.000Z', status: 'Sent', text: { content: 'only' } }] }],
			contacts: [{ contactId: contact.id }],
		};
		server.injectFault({ kind: 'status', status: 200, body: page }, 2);
		const result = await run({ resource: 'conversation', operation: 'get', customerId: contact.id, phone: '' });
		expect(json(result).map((m) => m.content)).toEqual(['only']);
		expect(server.requestLines()).toEqual([
			`GET /v1/texts/conversations?customerId=${contact.id}`,
			`GET /v1/texts/conversations?customerId=${contact.id}&beforeDate=${encodeURIComponent('2026-01-02T00:00:00.000Z')}`,
		]);
	});

	test('conversation raw mode returns the pages, oldest first', async () => {
		const contact = server.seedContact({ phone: '+1555' });
		for (let i = 0; i < 16; i++) server.seedMessage(contact.id as string, `m${i}`, new Date(Date.UTC(2026, 0, 1 + i)).toISOString());
		const result = await run({ resource: 'conversation', operation: 'get', phone: '+1555', options: { output: 'raw' } });
		expect(server.requestLines()[0]).toBe('GET /v1/texts/conversations?phone=%2B1555');
		expect(server.requests[0].rawBody).toBe('');
		expect(result.items).toHaveLength(2);
		expect((json(result)[0].conversation as unknown[]).length).toBe(1);
		expect((json(result)[1].conversation as unknown[]).length).toBe(15);
	});

	test('conversation without customer or phone is rejected before any request', async () => {
		const result = await run({ resource: 'conversation', operation: 'get', customerId: '', phone: ' ' });
		expect(result.error?.message).toBe('Customer or Phone: enter at least one (Customer wins when both are given)');
		expect(server.requests).toHaveLength(0);
	});
});

describe('visit', () => {
	test('create with a past date', async () => {
		const contact = server.seedContact();
		const result = await run({ resource: 'visit', operation: 'create', contactId: byId(contact.id as string), additionalFields: { points: 3, date: '2026-01-02T03:04:05Z' } });
		expect(server.requestLines()).toEqual(['POST /v1/visits']);
		expect(server.requests[0].body).toEqual({ contactId: contact.id, points: 3, date: '2026-01-02T03:04:05.000Z' });
		expect(json(result)[0]).toMatchObject({ contactId: contact.id, points: 3, checkinSource: 'API' });
	});

	test('a visit date in the future is rejected before any request', async () => {
		const contact = server.seedContact();
		const result = await run({ resource: 'visit', operation: 'create', contactId: byId(contact.id as string), additionalFields: { date: '2999-01-01T00:00:00Z' } });
		expect(result.error?.message).toBe('Date: 2999-01-01T00:00:00.000Z is in the future; the API only accepts past dates here');
		expect(server.requests).toHaveLength(0);
	});

	test('createMany sends one bulk request', async () => {
		const a = server.seedContact();
		const b = server.seedContact();
		const result = await run({
			resource: 'visit',
			operation: 'createMany',
			visits: JSON.stringify([{ contactId: a.id, points: 2 }, { contactId: b.id, date: '2026-01-01T00:00:00Z' }]),
		});
		expect(server.requestLines()).toEqual(['POST /v1/visits/all']);
		expect(server.requests[0].body).toEqual([{ contactId: a.id, points: 2 }, { contactId: b.id, date: '2026-01-01T00:00:00.000Z' }]);
		expect(json(result).map((v) => v.contactId)).toEqual([a.id, b.id]);
	});

	test('createMany with one unknown contactId in three reports failure naming it; nothing claimed as created', async () => {
		const a = server.seedContact();
		const b = server.seedContact();
		const result = await run({
			resource: 'visit',
			operation: 'createMany',
			visits: JSON.stringify([{ contactId: a.id }, { contactId: 'ct_ghost' }, { contactId: b.id }]),
		});
		expect(result.items).toHaveLength(0);
		expect(result.error?.message).toBe('No visits were created: visit 2 (contactId "ct_ghost") names a contact that does not exist');
		expect(result.error?.description).toBe('The API rejects the whole batch when one contactId is unknown. Fix or remove those visits and run again; none of this batch was saved.');
		expect(server.state.visits.size).toBe(0);
		expect(server.requestLines()).toEqual(['POST /v1/visits/all', `GET /v1/contacts/${a.id}`, 'GET /v1/contacts/ct_ghost', `GET /v1/contacts/${b.id}`]);
	});

	test('createMany with two unknown contacts names both', async () => {
		const a = server.seedContact();
		const result = await run({ resource: 'visit', operation: 'createMany', visits: JSON.stringify([{ contactId: 'ct_x' }, { contactId: a.id }, { contactId: 'ct_y' }]) });
		expect(result.error?.message).toBe('No visits were created: visit 1 (contactId "ct_x"), visit 3 (contactId "ct_y") names a contact that does not exist');
	});

	test('createMany answered with fewer visits than sent: the created ones named, never reported as none saved', async () => {
		const a = server.seedContact();
		const b = server.seedContact();
		server.injectFault({ kind: 'status', status: 201, body: [{ id: 'vs_1', contactId: a.id }] });
		const partial = await run({ resource: 'visit', operation: 'createMany', visits: JSON.stringify([{ contactId: a.id }, { contactId: b.id }]) });
		expect(partial.error?.message).toBe('Only 1 of 2 visits were created');
		expect(partial.error?.description).toBe(
			'The API answered with 1 visit (ID vs_1) for a batch of 2. Running the whole batch again would create those again: check which visits are missing and create only those.',
		);
		server.clearLog();
		server.injectFault({ kind: 'status', status: 201, body: [] });
		const none = await run({ resource: 'visit', operation: 'createMany', visits: JSON.stringify([{ contactId: a.id }, { contactId: b.id }]) });
		expect(none.error?.message).toBe('No visits were created: the API answered with none for a batch of 2');
		expect(server.requestLines()).toEqual(['POST /v1/visits/all', `GET /v1/contacts/${a.id}`, `GET /v1/contacts/${b.id}`]);
	});

	test.each([
		['not json', 'Visits: is not valid JSON'],
		['[]', 'Visits: must be a non-empty JSON array of visits'],
		['[{"points": 1}]', 'Visits[0].contactId: is required'],
		['[{"contactId": null}]', 'Visits[0].contactId: is required'],
		['[{"contactId": "  "}]', 'Visits[0].contactId: is required'],
		['[{"contactId": true}]', 'Visits[0].contactId: must be text (a contact ID), got true'],
		['[{"contactId": "x"}, 5]', 'Visits[1]: must be an object'],
		['[null]', 'Visits[0]: must be an object'],
		['[["x"]]', 'Visits[0]: must be an object'],
		['[{"contactId": "x", "note": "a", "pts": 1}]', 'Visits[0]: unknown field note, pts; use contactId, points, amountSpent, date'],
		['[{"contactId": "x", "amountSpent": "5"}]', 'Visits[0].amountSpent: must be a number, got "5"'],
		['[{"contactId": "x", "date": "soon"}]', 'Visits[0].date: "soon" is not a date'],
		['[{"contactId": "x", "points": "5"}]', 'Visits[0].points: must be a number, got "5"'],
		['[{"contactId": "x", "date": "2999-01-01T00:00:00Z"}]', 'Visits[0].date: 2999-01-01T00:00:00.000Z is in the future; visits can only be back-dated'],
	])('createMany rejects %s before any request', async (visits, message) => {
		const result = await run({ resource: 'visit', operation: 'createMany', visits });
		expect(result.error?.message).toBe(message);
		expect(server.requests).toHaveLength(0);
	});

	test('createMany: text that is not JSON says what to give', async () => {
		const result = await run({ resource: 'visit', operation: 'createMany', visits: '[{contactId: x}]' });
		expect(result.error?.description).toBe('Give a JSON array such as [{"contactId": "…", "points": 5}].');
	});

	test('createMany trims contact IDs, sends a numeric one as text, and leaves out an empty date', async () => {
		const a = server.seedContact();
		server.state.contacts.set('7', { ...a, id: '7' });
		// An ID a spreadsheet column gives as a number is sent as text, as every text field is.
		const visits = [{ contactId: ` ${a.id as string} `, date: '' }, { contactId: a.id, date: null }, { contactId: a.id, date: '  ' }, { contactId: 7 }];
		const result = await run({ resource: 'visit', operation: 'createMany', visits: JSON.stringify(visits) });
		expect(result.error).toBeUndefined();
		expect(server.requests[0].body).toStrictEqual([{ contactId: a.id }, { contactId: a.id }, { contactId: a.id }, { contactId: '7' }]);
	});

	test('createMany answered with 2 of 3: both IDs named', async () => {
		const a = server.seedContact();
		server.injectFault({ kind: 'status', status: 201, body: [{ id: 'vs_1', contactId: a.id }, { id: 'vs_2', contactId: a.id }] });
		const result = await run({ resource: 'visit', operation: 'createMany', visits: JSON.stringify([{ contactId: a.id }, { contactId: a.id }, { contactId: a.id }]) });
		expect(result.error?.message).toBe('Only 2 of 3 visits were created');
		expect(result.error?.description).toBe(
			'The API answered with 2 visits (IDs vs_1, vs_2) for a batch of 3. Running the whole batch again would create those again: check which visits are missing and create only those.',
		);
	});

	test('createMany answered with none, and a contact look-up refused: the API\'s refusal, never "names a contact that does not exist"', async () => {
		const a = server.seedContact();
		server.injectFault({ kind: 'status', status: 201, body: [] });
		server.injectFault({ kind: 'status', status: 403, body: { errorCode: 'FORBIDDEN', message: 'not allowed' } });
		const result = await run({ resource: 'visit', operation: 'createMany', visits: JSON.stringify([{ contactId: a.id }]) });
		expect(result.error?.message).not.toMatch(/does not exist|answered with none/);
		expect(result.error?.message).toMatch(/not allowed/);
		expect(server.requestLines()).toEqual(['POST /v1/visits/all', `GET /v1/contacts/${a.id}`]);
	});

	test('get and getAll by contact', async () => {
		const contact = server.seedContact();
		const visit = server.seedVisit({ contactId: contact.id as string });
		server.seedVisit({ contactId: server.seedContact().id as string });
		const got = await run({ resource: 'visit', operation: 'get', visitId: visit.id });
		expect(json(got)[0]).toEqual(visit);
		const list = await run({ resource: 'visit', operation: 'getAll', returnAll: true, filters: { contactId: contact.id } });
		expect(json(list)).toEqual([visit]);
		expect(server.requestLines()).toEqual([`GET /v1/visits/${visit.id}`, `GET /v1/visits?contactId=${contact.id}&page=1&perPage=100`]);
	});
});

describe('label', () => {
	test('create with a color', async () => {
		const result = await run({ resource: 'label', operation: 'create', name: 'VIP', additionalFields: { color: 'AMBER' } });
		expect(server.requests[0].body).toEqual({ name: 'VIP', color: 'AMBER' });
		expect(json(result)[0]).toMatchObject({ name: 'VIP', color: 'AMBER' });
	});

	test('a color outside the list is rejected before any request', async () => {
		const result = await run({ resource: 'label', operation: 'create', name: 'VIP', additionalFields: { color: '={{ "GOLD" }}' } });
		expect(result.error?.message).toMatch(/^Color: "GOLD" is not a label color; use one of AMBER, BLUE_GREY/);
		expect(server.requests).toHaveLength(0);
	});
});

describe('loyalty reward, redeem, settings', () => {
	test('create, with dates converted', async () => {
		const result = await run({
			resource: 'loyaltyReward',
			operation: 'create',
			title: 'Coffee',
			points: 10,
			additionalFields: { type: 'PERCENT_DISCOUNT', value: 15, startDate: '2026-01-01T00:00:00Z', quantity: { total: 50, perContact: 1 } },
		});
		expect(server.requestLines()).toEqual(['POST /v1/loyalty-rewards']);
		expect(server.requests[0].body).toEqual({
			title: 'Coffee',
			points: 10,
			type: 'PERCENT_DISCOUNT',
			value: 15,
			startDate: '2026-01-01T00:00:00.000Z',
			quantity: { total: 50, perContact: 1 },
		});
		expect(json(result)[0]).toMatchObject({ title: 'Coffee', quantity: { total: 50, perContact: 1 } });
	});

	test.each([
		[{ points: 1, additionalFields: { type: 'PERCENT_DISCOUNT', value: 120 } }, 'Value: a percent discount must be between 0 and 100, got 120'],
		[{ points: 1, additionalFields: { type: 'CASH_DISCOUNT', value: -1 } }, 'Value: must be a number of at least 0, got -1'],
		[{ points: -1 }, 'Points: must be a number of at least 0, got -1'],
		[{ points: '={{ $json.nothing }}' }, 'Points: must be a number of at least 0, got undefined'],
	])('reward create %j is rejected before any request', async (params, message) => {
		const result = await run({ resource: 'loyaltyReward', operation: 'create', title: 'X', ...params });
		expect(result.error?.message).toBe(message);
		expect(server.requests).toHaveLength(0);
	});

	test.each([
		[{ points: -1 }, 'Points: must be a number of at least 0, got -1'],
		[{ points: '={{ $json.nothing }}' }, 'Points: must be a number of at least 0, got undefined'],
		[{ value: -5 }, 'Value: must be a number of at least 0, got -5'],
		[{ value: '={{ $json.nothing }}' }, 'Value: must be a number of at least 0, got undefined'],
	])('reward update %j is rejected before any request', async (updateFields, message) => {
		const result = await run({ resource: 'loyaltyReward', operation: 'update', rewardId: byId('rw_1'), updateFields });
		expect(result.error?.message).toBe(message);
		expect(server.requests).toHaveLength(0);
	});

	test('the bounds themselves are accepted: 0 points, a value of 0, 100 percent, 150 in cash', async () => {
		const created = await Promise.all(
			[
				{ points: 0, additionalFields: { type: 'CASH_DISCOUNT', value: 0 } },
				{ points: 1, additionalFields: { type: 'PERCENT_DISCOUNT', value: 100 } },
				{ points: 1, additionalFields: { type: 'CASH_DISCOUNT', value: 150 } },
			].map((params) => run({ resource: 'loyaltyReward', operation: 'create', title: 'X', ...params })),
		);
		expect(created.map((r) => r.error?.message)).toEqual([undefined, undefined, undefined]);
		expect(server.requests.map((r) => [r.body as { points: number; value: number }].map((b) => [b.points, b.value])[0]).sort()).toEqual([
			[0, 0],
			[1, 100],
			[1, 150],
		]);
	});

	test('update changes only the given fields (the API would null the rest)', async () => {
		const created = await run({ resource: 'loyaltyReward', operation: 'create', title: 'Coffee', points: 10, additionalFields: { itemName: 'Latte', quantity: { total: 5 } } });
		const id = json(created)[0].id as string;
		server.clearLog();
		const result = await run({ resource: 'loyaltyReward', operation: 'update', rewardId: byId(id), updateFields: { points: 12 } });
		expect(server.requestLines()).toEqual([`GET /v1/loyalty-rewards/${id}`, `PUT /v1/loyalty-rewards/${id}`]);
		expect(json(result)[0]).toMatchObject({ title: 'Coffee', points: 12, itemName: 'Latte', quantity: { total: 5, perContact: null } });
	});

	test('update keeps the other half of Quantity: changing the points keeps both, changing Per Contact keeps Total', async () => {
		const created = await run({ resource: 'loyaltyReward', operation: 'create', title: 'Coffee', points: 10, additionalFields: { quantity: { total: 5, perContact: 2 } } });
		const id = json(created)[0].id as string;
		server.clearLog();
		await run({ resource: 'loyaltyReward', operation: 'update', rewardId: byId(id), updateFields: { points: 12 } });
		expect((server.requests[1].body as { quantity: unknown }).quantity).toEqual({ total: 5, perContact: 2 });
		server.clearLog();
		const result = await run({ resource: 'loyaltyReward', operation: 'update', rewardId: byId(id), updateFields: { quantity: { perContact: 3 } } });
		expect((server.requests[1].body as { quantity: unknown }).quantity).toEqual({ total: 5, perContact: 3 });
		expect(json(result)[0]).toMatchObject({ points: 12, quantity: { total: 5, perContact: 3 } });
	});

	test('get (with contactId), getAll, delete', async () => {
		const contact = server.seedContact();
		const reward = await run({ resource: 'loyaltyReward', operation: 'create', title: 'Tea', points: 3 });
		const id = json(reward)[0].id as string;
		server.clearLog();
		const got = await run({ resource: 'loyaltyReward', operation: 'get', rewardId: byId(id), options: { contactId: contact.id } });
		expect(json(got)[0]).toMatchObject({ id, contactId: contact.id });
		const list = await run({ resource: 'loyaltyReward', operation: 'getAll', returnAll: true });
		expect(json(list).map((r) => r.id)).toEqual([id]);
		const deleted = await run({ resource: 'loyaltyReward', operation: 'delete', rewardId: byId(id) });
		expect(json(deleted)[0]).toMatchObject({ id, title: 'Tea' });
		expect(server.requestLines()).toEqual([
			`GET /v1/loyalty-rewards/${id}?contactId=${contact.id}`,
			'GET /v1/loyalty-rewards?page=1&perPage=100',
			`DELETE /v1/loyalty-rewards/${id}`,
		]);
	});

	test('redeem (204) says what happened; redeems list by reward', async () => {
		const contact = server.seedContact({ loyaltyPointsCount: 20 });
		const reward = json(await run({ resource: 'loyaltyReward', operation: 'create', title: 'Tea', points: 3 }))[0];
		server.clearLog();
		const result = await run({ resource: 'loyaltyReward', operation: 'redeem', rewardId: byId(reward.id as string), contactId: byId(contact.id as string), redeemFields: { note: 'counter' } });
		expect(server.requestLines()).toEqual([`POST /v1/loyalty-rewards/${reward.id}/redeem`]);
		expect(server.requests[0].body).toEqual({ contactId: contact.id, note: 'counter' });
		expect(json(result)).toEqual([{ success: true, rewardId: reward.id, contactId: contact.id }]);
		const redeems = await run({ resource: 'redeem', operation: 'getAll', returnAll: true, filters: { loyaltyRewardId: reward.id } });
		expect(json(redeems)).toEqual([expect.objectContaining({ loyaltyRewardId: reward.id, contactId: contact.id, points: 3, note: 'counter' })]);
		expect(server.requestLines()[1]).toBe(`GET /v1/loyalty-rewards/redeems?loyaltyRewardId=${reward.id}&page=1&perPage=100`);
	});

	test('settings get and update', async () => {
		const got = await run({ resource: 'loyaltySettings', operation: 'get' });
		expect(json(got)[0]).toEqual({ checkin: 1, share: 5, review: 10, pointsPerDollar: 0 });
		const updated = await run({ resource: 'loyaltySettings', operation: 'update', updateFields: { checkin: 2 } });
		expect(server.requests[1].body).toEqual({ checkin: 2 });
		expect(json(updated)[0]).toEqual({ checkin: 2, share: 5, review: 10, pointsPerDollar: 0 });
		expect(server.requestLines()).toEqual(['GET /v1/loyalty-rewards/loyalty-settings', 'PUT /v1/loyalty-rewards/loyalty-settings']);
	});
});

describe('errors and secrets', () => {
	test('the token never appears in output or errors, for 401s and other failures', async () => {
		const token = 'live-token-8c1f0e9b7a6d5c4b3a2f';
		const unauthorized = await run({ resource: 'contact', operation: 'get', contactId: byId('x') }, { token });
		expect(unauthorized.error?.message).toBe('The Customer Engagement API rejected the access token (INVALID_TOKEN)');
		expect(everything(unauthorized.run)).not.toContain(token);
		server.token = token;
		const notFound = await run({ resource: 'contact', operation: 'get', contactId: byId('x') }, { token, continueOnFail: true });
		expect(everything(notFound.run)).not.toContain(token);
		server.injectFault({ kind: 'drop' }, 3);
		const dropped = await run({ resource: 'label', operation: 'getAll', returnAll: true }, { token });
		expect(dropped.error?.message).toMatch(/^Could not reach the Customer Engagement API/);
		expect(everything(dropped.run)).not.toContain(token);
		server.token = CE_TOKEN;
	});

	test('a 429 that does not go away says the rate limit was hit and how often the node tried', async () => {
		server.injectFault({ kind: 'status', status: 429, retryAfter: '0' }, 6);
		const result = await run({ resource: 'label', operation: 'getAll', returnAll: true });
		expect(result.error?.message).toBe('Rate limit reached: the Customer Engagement API answered 429 (TOO_MANY_REQUESTS)');
		expect(result.error?.description).toMatch(/The node tried 6 times over/);
		expect(server.requests).toHaveLength(6);
	});

	test('Continue On Fail: one bad item, the others keep their results', async () => {
		const contact = server.seedContact();
		const result = await run(
			{ resource: 'note', operation: 'create', contactId: { __rl: true, mode: 'id', value: '={{ $json.id }}' }, text: 'hi' },
			{ items: [{ id: contact.id }, { id: 'ct_ghost' }, { id: contact.id }], continueOnFail: true },
		);
		expect(result.items.map((i) => i.json.error ?? i.json.contactId)).toEqual([
			contact.id,
			'No contact with ID "ct_ghost" exists (RESOURCE_NOT_FOUND)',
			contact.id,
		]);
	});
});

test('activities with a limit above one page ask the second page only for the rest', async () => {
	const contact = server.seedContact();
	for (let i = 0; i < 200; i++) server.state.activities.push({ contactId: contact.id as string, activityType: 'NOTE', date: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(), data: { i } });
	const result = await run({ resource: 'activity', operation: 'getAll', contactId: byId(contact.id as string), returnAll: false, limit: 130 });
	expect(result.items).toHaveLength(130);
	const cursor = new Date(Date.UTC(2026, 0, 1, 0, 100)).toISOString();
	expect(server.requestLines()).toEqual([
		`GET /v1/contacts/${contact.id}/activities?perPage=100`,
		`GET /v1/contacts/${contact.id}/activities?perPage=30&beforeDate=${encodeURIComponent(cursor)}`,
	]);
});
