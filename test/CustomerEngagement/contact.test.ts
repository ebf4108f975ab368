/**
 * Contact (resources/contact/): Create, Get, Update, Delete, Adjust Loyalty Points and Simplify,
 * through n8n's engine against the stand-in. The safe update of Update (and of Create or Update
 * when it updates) carries every field the API's PUT would null: one row per field, so a field
 * dropped from mergeContact names itself. Create or Update's look-up: contact.upsert.test.ts;
 * custom field values: contact.fields.test.ts; the read before the write: contact.update.test.ts.
 */
import type { IDataObject } from 'n8n-workflow';
import { byId, runNode } from '../../harness/engine';
import { countExpressions } from '../../harness/expressionCounter';
import { useCustomerEngagementServer } from '../support/setup';
import { mergeContact } from '../../nodes/CustomerEngagement/resources/contact/update';

const { server, credentials, run } = useCustomerEngagementServer();
const json = (result: Awaited<ReturnType<typeof run>>) => result.items.map((i) => i.json);

function seedLabelsAndFields() {
	server.state.labels.set('lb_vip', { id: 'lb_vip', name: 'VIP', color: 'AMBER' });
	server.state.labels.set('lb_new', { id: 'lb_new', name: 'New', color: 'GREY' });
	server.state.customFields.set('cf_size', { id: 'cf_size', name: 'Size', type: 'text' });
	server.state.customFields.set('cf_city', { id: 'cf_city', name: 'City', type: 'text' });
}

describe('contact', () => {
	// The locator's By ID mode (objectLocator in shared/descriptions.ts, which every
	// Customer Engagement locator uses): n8n checks it before the node runs.
	test.each([
		['left empty', '', 'The \'Node\' node has issues:\n- Parameter "Contact" is required.'],
		[
			'with a space inside',
			'ct 1',
			"The 'Node' node has issues:\n- The ID must not contain spaces",
		],
	])(
		'Contact → Get with an ID %s: refused by n8n with the message a user sees, no request',
		async (_case, id, message) => {
			const result = await run({ resource: 'contact', operation: 'get', contactId: byId(id) });
			expect(result.error?.message).toBe(message);
			expect(server.requests).toEqual([]);
		},
	);

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
		expect(json(result)[0]).toMatchObject({
			email: 'ann@example.com',
			firstName: 'Ann',
			labels: [{ id: 'lb_vip', name: 'VIP' }],
		});
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
	])(
		'create reads a date-time in the workflow timezone %s: %s is sent as %s',
		async (timezone, birthDate, sent) => {
			await runNode({
				type: 'customerEngagement',
				parameters: {
					resource: 'contact',
					operation: 'create',
					phone: '+15550100',
					additionalFields: { birthDate },
				} as never,
				credentials: credentials(),
				timezone,
			});
			expect(server.requests[0].body).toEqual({ phone: '+15550100', birthDate: sent });
		},
	);

	test.each([
		[
			{ email: '', phone: '' },
			'Email or Phone: enter at least one of them; the API identifies contacts by email or phone',
		],
		[
			{ email: 'a@example.com', additionalFields: { birthDate: 'not a date' } },
			'Birth Date: "not a date" is not a date',
		],
		[
			{ email: 'a@example.com', additionalFields: { birthDate: '2026-02-30' } },
			'Birth Date: "2026-02-30" is not a date',
		],
		[
			{ email: 'a@example.com', additionalFields: { birthDate: '2026-11-22T24:00:00' } },
			'Birth Date: "2026-11-22T24:00:00" is not a date',
		],
		[
			{ email: 'a@example.com', additionalFields: { birthDate: 'on 1990-05-17T00:00:00.000Z' } },
			'Birth Date: "on 1990-05-17T00:00:00.000Z" is not a date',
		],
		[
			{ email: 'a@example.com', additionalFields: { birthDate: '1990-05-17T00:00:00.000Z or so' } },
			'Birth Date: "1990-05-17T00:00:00.000Z or so" is not a date',
		],
	])('create rejects bad input %j before any request', async (params, message) => {
		const result = await run({ resource: 'contact', operation: 'create', ...params });
		expect(result.error?.message).toBe(message);
		if (message.includes('is not a date'))
			expect(result.error?.description).toBe('Use a date and time such as 2026-11-01T18:30:00Z.');
		expect(server.requests).toHaveLength(0);
	});

	test('email and phone are sent trimmed; an empty Birth Date is left out, a null one sent as null (the API\'s "no birth date")', async () => {
		await run({
			resource: 'contact',
			operation: 'create',
			email: '  ann@example.com ',
			phone: ' +15550100 ',
			additionalFields: { birthDate: '' },
		});
		await run({
			resource: 'contact',
			operation: 'create',
			email: 'bob@example.com',
			additionalFields: { birthDate: '={{ null }}' },
		});
		expect(server.requests.map((r) => r.body)).toEqual([
			{ email: 'ann@example.com', phone: '+15550100' },
			{ email: 'bob@example.com', birthDate: null },
		]);
	});

	test('text fields an expression gives as numbers (a spreadsheet column) are sent as text, number fields stay numbers; nothing is left out', async () => {
		await run({
			resource: 'contact',
			operation: 'create',
			phone: '={{ 15550100 }}',
			additionalFields: { firstName: '={{ 42 }}' },
		});
		await run({
			resource: 'contact',
			operation: 'create',
			email: 'ann@example.com',
			phone: '={{ $json.nothing }}',
		});
		await run({
			resource: 'loyaltyReward',
			operation: 'create',
			title: '={{ 2026 }}',
			points: '={{ 10 }}',
		});
		expect(server.requests.map((r) => r.body)).toEqual([
			{ phone: '15550100', firstName: '42' },
			{ email: 'ann@example.com' },
			{ title: '2026', points: 10 },
		]);
		expect(server.state.contacts.size).toBe(2);
	});

	test.each([
		['without an @', 'carla.example.com'],
		['with a space inside', 'carla @example.com'],
		['from an expression', '={{ $json.email }}'],
	])('an email %s is refused before any request, naming the field', async (_name, email) => {
		const result = await run(
			{ resource: 'contact', operation: 'create', email, phone: '+15550100' },
			{ items: [{ email: 'carla.example.com' }] },
		);
		const shown = email.startsWith('=') ? 'carla.example.com' : email;
		expect(result.error?.message).toBe(`Email: "${shown}" is not an email address`);
		expect(result.error?.description).toBe(
			'Enter an address such as name@example.com: with an @ and no spaces.',
		);
		expect(server.requests).toHaveLength(0);
		expect(server.state.contacts.size).toBe(0);
	});

	test('a number an expression gives for Email (a phone column mapped there) is refused, as text', async () => {
		const result = await run(
			{ resource: 'contact', operation: 'create', email: '={{ $json.phone }}', phone: '+15550100' },
			{ items: [{ phone: 5550100 }] },
		);
		expect(result.error?.message).toBe('Email: "5550100" is not an email address');
		expect(server.requests).toHaveLength(0);
	});

	test('an address with spaces around it is sent trimmed', async () => {
		await run({ resource: 'contact', operation: 'create', email: ' carla@example.com ' });
		expect(server.requests[0].body).toEqual({ email: 'carla@example.com' });
	});

	test('an email another contact has: the answer says to use Create or Update', async () => {
		server.seedContact({ email: 'carla@example.com' });
		const result = await run({
			resource: 'contact',
			operation: 'create',
			email: 'carla@example.com',
		});
		expect(result.error?.message).toBe(
			'The Customer Engagement API rejected the request (RESOURCE_ALREADY_EXISTS): A contact with this phone or email already exists',
		);
		expect(result.error?.description).toBe(
			'To change the contact that has this email or phone instead, use Contact → Create or Update: it finds the contact by its email (or phone) and updates it, and creates one only when none has it.',
		);
		expect(server.requestLines()).toEqual(['POST /v1/contacts']);
	});

	test('an email of spaces alone is no email: refused before any request', async () => {
		const result = await run({ resource: 'contact', operation: 'create', email: '   ', phone: '' });
		expect(result.error?.message).toBe(
			'Email or Phone: enter at least one of them; the API identifies contacts by email or phone',
		);
		expect(server.requests).toHaveLength(0);
	});

	test('get with Simplify', async () => {
		seedLabelsAndFields();
		const contact = server.seedContact({ firstName: 'Ann', labels: [{ id: 'lb_vip' }] });
		server.state.contactFieldValues.set(contact.id as string, new Map([['cf_size', 'M']]));
		const result = await run({
			resource: 'contact',
			operation: 'get',
			contactId: byId(contact.id as string),
			simplify: true,
		});
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
		expect(Object.keys(json(result)[0])).toEqual([
			'id',
			'firstName',
			'lastName',
			'email',
			'phone',
			'type',
			'loyaltyPointsCount',
			'visitsCount',
			'lastVisitDate',
			'registrationDate',
			'labels',
			'customFields',
		]);
	});

	test('Simplify leaves out custom fields without a value, and keeps what upsert did', async () => {
		server.injectFault({
			kind: 'status',
			status: 200,
			body: {
				id: 'ct_1',
				firstName: 'Ann',
				labels: [],
				customFields: [
					{ id: 'cf_empty', type: 'text' },
					{ id: 'cf_size', type: 'text', value: 'M' },
				],
			},
		});
		const got = await run({
			resource: 'contact',
			operation: 'get',
			contactId: byId('ct_1'),
			simplify: true,
		});
		expect(json(got)[0]).toStrictEqual({
			id: 'ct_1',
			firstName: 'Ann',
			labels: [],
			customFields: { cf_size: 'M' },
		});
		const upserted = await run({
			resource: 'contact',
			operation: 'upsert',
			email: 'ann@example.com',
			simplify: true,
		});
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
				customFields: {
					field: [
						{ id: 'cf_size', value: 'M' },
						{ id: 'cf_city', value: 'Oslo' },
					],
				},
			},
		});
		const id = json(created)[0].id as string;
		server.clearLog();
		const result = await run({
			resource: 'contact',
			operation: 'update',
			contactId: byId(id),
			updateFields: { lastName: 'Kim' },
		});
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
		expect(stored).toMatchObject({
			firstName: 'Ann',
			lastName: 'Kim',
			phone: '+15550100',
			email: 'ann@example.com',
			type: 'ACTIVE',
		});
		expect((stored.labels as Array<{ id: string }>).map((l) => l.id)).toEqual(['lb_vip', 'lb_new']);
		expect(stored.customFields).toEqual([
			{ id: 'cf_size', type: 'text', value: 'M' },
			{ id: 'cf_city', type: 'text', value: 'Oslo' },
		]);
		expect(json(result)[0]).toMatchObject({ lastName: 'Kim', firstName: 'Ann' });
	});

	test('update with Simplify still sends every field back (the read is not simplified)', async () => {
		const contact = server.seedContact({
			firstName: 'Ann',
			description: 'regular',
			phone: '+1555',
		});
		await run({
			resource: 'contact',
			operation: 'update',
			contactId: byId(contact.id as string),
			updateFields: { lastName: 'K' },
			simplify: true,
		});
		expect(server.state.contacts.get(contact.id as string)).toMatchObject({
			description: 'regular',
			firstName: 'Ann',
			phone: '+1555',
		});
	});

	test('update of a missing contact names it', async () => {
		const result = await run({
			resource: 'contact',
			operation: 'update',
			contactId: byId('ct_ghost'),
			updateFields: { lastName: 'K' },
		});
		expect(result.error?.message).toBe('No contact with ID "ct_ghost" exists (RESOURCE_NOT_FOUND)');
		expect(server.requestLines()).toEqual(['GET /v1/contacts/ct_ghost']);
	});

	test('delete returns the deleted contact', async () => {
		const contact = server.seedContact();
		const result = await run({
			resource: 'contact',
			operation: 'delete',
			contactId: byId(contact.id as string),
		});
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
		expect(server.requestLines()).toEqual([
			`PUT /v1/contacts/${contact.id}/loyalty-points`,
			`GET /v1/contacts/${contact.id}`,
		]);
		expect(server.requests[0].body).toEqual({ pointsValue: 10, note: 'welcome' });
		expect(json(added)[0]).toEqual({
			contactId: contact.id,
			pointsValue: 10,
			loyaltyPointsCount: 10,
		});
		const removed = await run({
			resource: 'contact',
			operation: 'adjustLoyaltyPoints',
			contactId: byId(contact.id as string),
			pointsValue: -11,
		});
		expect(removed.error?.message).toBe(
			'The Customer Engagement API rejected the request (INSUFFICIENT_LOYALTY_POINTS): The contact does not have enough loyalty points',
		);
	});

	test('adjust loyalty points without Read New Balance: one request, no balance', async () => {
		const contact = server.seedContact();
		const result = await run({
			resource: 'contact',
			operation: 'adjustLoyaltyPoints',
			contactId: byId(contact.id as string),
			pointsValue: 5,
			options: { readNewBalance: false },
		});
		expect(server.requestLines()).toEqual([`PUT /v1/contacts/${contact.id}/loyalty-points`]);
		expect(json(result)[0]).toEqual({ contactId: contact.id, pointsValue: 5 });
	});

	test('adjust loyalty points: when the balance cannot be read, the change still succeeds and says so (never retried as a write)', async () => {
		const contact = server.seedContact();
		server.injectFault(
			{
				kind: 'status',
				status: 404,
				body: { errorCode: 'RESOURCE_NOT_FOUND', message: 'Contact not found' },
			},
			3,
			(r) => r.method === 'GET',
		);
		const result = await run({
			resource: 'contact',
			operation: 'adjustLoyaltyPoints',
			contactId: byId(contact.id as string),
			pointsValue: 5,
		});
		expect(result.error).toBeUndefined();
		expect(server.requests.filter((r) => r.method === 'PUT')).toHaveLength(1);
		expect(json(result)[0]).toEqual({
			contactId: contact.id,
			pointsValue: 5,
			loyaltyPointsCount: null,
			balanceError: expect.stringMatching(
				/^The points were changed, but the new balance could not be read: /,
			),
		});
	});
	test.each([[{}], [[]]])(
		'adjust loyalty points: a balance answer %j without a count gives a balance of null, not an error',
		async (answer) => {
			const contact = server.seedContact();
			server.injectFault(
				{ kind: 'status', status: 200, body: answer },
				1,
				(r) => r.method === 'GET',
			);
			const result = await run({
				resource: 'contact',
				operation: 'adjustLoyaltyPoints',
				contactId: byId(contact.id as string),
				pointsValue: 5,
			});
			expect(server.requestLines()).toEqual([
				`PUT /v1/contacts/${contact.id}/loyalty-points`,
				`GET /v1/contacts/${contact.id}`,
			]);
			expect(json(result)).toEqual([
				{ contactId: contact.id, pointsValue: 5, loyaltyPointsCount: null },
			]);
		},
	);

	test('Create, every value an expression: each evaluated only as often as n8n needs; 3 contacts sent', async () => {
		server.state.customFields.set('cf_1', {
			id: 'cf_1',
			name: 'Size',
			type: 'single_select',
			options: [{ id: 'op_s', value: 'S' }],
		});
		const result = await run(
			{
				resource: 'contact',
				operation: 'create',
				email: '={{ $json.email }}',
				additionalFields: {
					firstName: '={{ $json.first }}',
					customFields: { field: [{ id: 'cf_1', value: '={{ $json.size }}' }] },
				},
			},
			{
				items: [0, 1, 2].map((i) => ({
					email: `new${i}@example.com`,
					first: `F${i}`,
					size: 'op_s',
				})),
			},
		);
		expect(result.error).toBeUndefined();
		expect(json(result).map((c) => [c.email, c.firstName])).toEqual(
			[0, 1, 2].map((i) => [`new${i}@example.com`, `F${i}`]),
		);
		expect(server.requestLines()).toEqual([
			'GET /v1/custom-fields',
			'POST /v1/contacts',
			'POST /v1/contacts',
			'POST /v1/contacts',
		]);
		expect(server.requests.slice(1).map((r) => r.body)).toEqual(
			[0, 1, 2].map((i) => ({
				email: `new${i}@example.com`,
				firstName: `F${i}`,
				customFields: [{ id: 'cf_1', value: 'op_s' }],
			})),
		);
	});

	test('Get, every value an expression: each evaluated only as often as n8n needs; 3 contacts read', async () => {
		const ids = [0, 1, 2].map(() => server.seedContact().id as string);
		const counted = countExpressions();
		const result = await run(
			{ resource: 'contact', operation: 'get', contactId: byId('={{ $json.id }}') },
			{ items: ids.map((id) => ({ id })) },
		).finally(() => counted.stop());
		expect(result.error).toBeUndefined();
		// Per item, n8n evaluates Contact once per definition in each of its two walks, and once for
		// the path: 2 × 4 + 1 (shared/descriptions.ts; 2 × 5 + 1 when each of 5 resources declared it).
		expect(counted.byText.get('{{ $json.id }}')).toBe(3 * (2 * 4 + 1));
		expect(json(result).map((c) => c.id)).toEqual(ids);
		expect(server.requestLines()).toEqual(ids.map((id) => `GET /v1/contacts/${id}`));
	});

	test('Get Many, every value an expression: each evaluated only as often as n8n needs; 3 searches by email sent', async () => {
		const ids = [0, 1, 2].map(
			(i) => server.seedContact({ email: `c${i}@example.com` }).id as string,
		);
		const result = await run(
			{
				resource: 'contact',
				operation: 'getAll',
				returnAll: true,
				filters: { email: '={{ $json.email }}' },
			},
			{ items: [0, 1, 2].map((i) => ({ email: `c${i}@example.com` })) },
		);
		expect(result.error).toBeUndefined();
		expect(json(result).map((c) => c.id)).toEqual(ids);
		expect(server.requestLines()).toEqual(
			[0, 1, 2].map((i) => `GET /v1/contacts?email=c${i}%40example.com&page=1&perPage=100`),
		);
	});

	test('Update, every value an expression: each evaluated only as often as n8n needs; 3 contacts read and written', async () => {
		const contacts = [0, 1, 2].map((i) =>
			server.seedContact({ email: `c${i}@example.com`, firstName: `F${i}` }),
		);
		const ids = contacts.map((c) => c.id as string);
		const result = await run(
			{
				resource: 'contact',
				operation: 'update',
				contactId: byId('={{ $json.id }}'),
				updateFields: { lastName: '={{ $json.last }}' },
			},
			{ items: ids.map((id, i) => ({ id, last: `L${i}` })) },
		);
		expect(result.error).toBeUndefined();
		expect(json(result).map((c) => [c.id, c.firstName, c.lastName])).toEqual(
			ids.map((id, i) => [id, `F${i}`, `L${i}`]),
		);
		// The items run side by side: each its read, then its write.
		const puts = server.requests.filter((r) => r.method === 'PUT');
		expect(server.requestLines().sort()).toEqual(
			[
				...ids.map((id) => `GET /v1/contacts/${id}`),
				...ids.map((id) => `PUT /v1/contacts/${id}`),
			].sort(),
		);
		expect(ids.map((id) => puts.find((r) => r.path === `/v1/contacts/${id}`)?.body)).toEqual(
			[0, 1, 2].map((i) =>
				expect.objectContaining({
					email: `c${i}@example.com`,
					firstName: `F${i}`,
					lastName: `L${i}`,
				}),
			),
		);
	});

	test('Adjust Loyalty Points, every value an expression: each evaluated only as often as n8n needs; 3 changes sent, 3 balances read', async () => {
		const ids = [0, 1, 2].map(() => server.seedContact().id as string);
		const result = await run(
			{
				resource: 'contact',
				operation: 'adjustLoyaltyPoints',
				contactId: byId('={{ $json.id }}'),
				pointsValue: '={{ $json.points }}',
			},
			{ items: ids.map((id, i) => ({ id, points: i + 1 })) },
		);
		expect(result.error).toBeUndefined();
		expect(json(result)).toEqual(
			ids.map((contactId, i) => ({ contactId, pointsValue: i + 1, loyaltyPointsCount: i + 1 })),
		);
		// The items run side by side: each its change, then its balance.
		const puts = server.requests.filter((r) => r.method === 'PUT');
		expect(server.requestLines().sort()).toEqual(
			[
				...ids.map((id) => `PUT /v1/contacts/${id}/loyalty-points`),
				...ids.map((id) => `GET /v1/contacts/${id}`),
			].sort(),
		);
		expect(
			ids.map((id) => puts.find((r) => r.path === `/v1/contacts/${id}/loyalty-points`)?.body),
		).toEqual([{ pointsValue: 1 }, { pointsValue: 2 }, { pointsValue: 3 }]);
	});

	test('Delete, every value an expression: each evaluated only as often as n8n needs; 3 contacts deleted', async () => {
		const ids = [0, 1, 2].map(() => server.seedContact().id as string);
		const result = await run(
			{ resource: 'contact', operation: 'delete', contactId: byId('={{ $json.id }}') },
			{ items: ids.map((id) => ({ id })) },
		);
		expect(result.error).toBeUndefined();
		expect(json(result).map((c) => c.id)).toEqual(ids);
		expect(server.requestLines()).toEqual(ids.map((id) => `DELETE /v1/contacts/${id}`));
		expect(server.state.contacts.size).toBe(0);
	});
});

describe('the safe update carries every field the API would null', () => {
	/** The contact every row starts from; each row puts a value other than the default in its field. */
	const BASE_CONTACT = { email: 'base@example.com', phone: '+15550199' };

	// Spec, contact update: "Parameters not provided are set to null, except custom fields"; the
	// fields are create's: consent flags first (a dropped flag re-subscribes the contact).
	const contactFields: Array<[field: string, seeded: unknown]> = [
		['unsubscribedFromText', true],
		['unsubscribedFromEmail', true],
		['firstName', 'Ann'],
		['lastName', 'Lee'],
		['phone', '+15550100'],
		['email', 'ann@example.com'],
		['birthDate', '1990-05-17T00:00:00.000Z'],
		['type', 'POTENTIAL'],
		['description', 'regular since 2019'],
		['labels', [{ id: 'lb_vip' }]],
	];

	/** The update changes another field than the one under test. */
	const contactChange = (field: string) =>
		field === 'firstName' ? { lastName: 'Changed' } : { firstName: 'Changed' };

	test.each(contactFields)(
		'contact Update keeps %s (seeded %j) while changing another field',
		async (field, seeded) => {
			server.state.labels.set('lb_vip', { id: 'lb_vip', name: 'VIP', color: 'AMBER' });
			const contact = server.seedContact({ ...BASE_CONTACT, [field]: seeded });
			const id = contact.id as string;
			const change = contactChange(field);
			server.clearLog();
			const result = await run({
				resource: 'contact',
				operation: 'update',
				contactId: byId(id),
				updateFields: change,
			});
			expect(result.error).toBeUndefined();
			expect(server.requestLines()).toEqual([`GET /v1/contacts/${id}`, `PUT /v1/contacts/${id}`]);
			const sent = server.requests[1].body as IDataObject;
			expect(sent).toMatchObject(change);
			expect(sent[field]).toEqual(seeded);
			const stored = server.state.contacts.get(id)!;
			expect(stored).toMatchObject(change);
			expect(stored[field]).toEqual(seeded);
		},
	);

	test.each(contactFields)(
		'contact Create or Update, when it updates, keeps %s (seeded %j) while changing another field',
		async (field, seeded) => {
			server.state.labels.set('lb_vip', { id: 'lb_vip', name: 'VIP', color: 'AMBER' });
			const contact = server.seedContact({ ...BASE_CONTACT, [field]: seeded });
			const id = contact.id as string;
			const change = contactChange(field);
			// Looked up by email, or by phone for the email row (the email is then carried, not given).
			const lookUp = field === 'email' ? { phone: contact.phone } : { email: contact.email };
			server.clearLog();
			const result = await run({
				resource: 'contact',
				operation: 'upsert',
				...lookUp,
				additionalFields: change,
			});
			expect(result.error).toBeUndefined();
			expect(result.items[0].json.outcome).toBe('updated');
			expect(server.writeLines()).toEqual([`PUT /v1/contacts/${id}`]);
			const sent = server.requests[1].body as IDataObject;
			expect(sent).toMatchObject(change);
			expect(sent[field]).toEqual(seeded);
			const stored = server.state.contacts.get(id)!;
			expect(stored).toMatchObject(change);
			expect(stored[field]).toEqual(seeded);
			expect(server.state.contacts.size).toBe(1);
		},
	);
});

describe('mergeContact', () => {
	test('a change without a value keeps the stored value; fields the contact lacks are not sent', () => {
		const merged = mergeContact(
			{ firstName: 'Ann', email: 'a@example.com', labels: [{ id: 'lb_1', name: 'VIP' }] },
			{ firstName: undefined, lastName: 'Lee' },
		);
		expect(merged).toStrictEqual({
			firstName: 'Ann',
			email: 'a@example.com',
			labels: [{ id: 'lb_1' }],
			lastName: 'Lee',
		});
	});
});
