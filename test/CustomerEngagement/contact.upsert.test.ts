/**
 * Contact → Create or Update (resources/contact/upsert.ts): a look-up by email, else by phone,
 * then an update (the safe one) or a create. It writes only to the contact its look-up asked for:
 * one with the email or phone it was looked up by (hasIdentifier) and an id; run on a node whose
 * description drops the preSend check that usually comes first, it still refuses input that
 * would put its write on the wrong record. Through n8n's engine against the stateful stand-in,
 * which answers a look-up with the contact a test gives. (The fields its update carries:
 * contact.test.ts.)
 */
import type { IDataObject } from 'n8n-workflow';
import { CustomerEngagement } from '../../nodes/CustomerEngagement/CustomerEngagement.node.ts';
import { registerOperationVariant, runNode } from '../../harness/engine';
import { useCustomerEngagementServer } from '../support/setup';

const { server, credentials } = useCustomerEngagementServer();

const run = (parameters: Record<string, unknown>, type = 'customerEngagement') =>
	runNode({ type, parameters: parameters as never, credentials: credentials() });
const json = (result: Awaited<ReturnType<typeof run>>) => result.items.map((i) => i.json);

const NO_EMAIL_OR_PHONE =
	'Email or Phone: enter at least one of them; the API identifies contacts by email or phone';

describe('create or update', () => {
	test('upsert creates when no contact has the email, updates (safely) when one does', async () => {
		const first = await run({
			resource: 'contact',
			operation: 'upsert',
			email: 'ann@example.com',
			additionalFields: { firstName: 'Ann', description: 'keep' },
		});
		expect(json(first)[0]).toMatchObject({ outcome: 'created', firstName: 'Ann' });
		expect(server.requestLines()).toEqual([
			'GET /v1/contacts?email=ann%40example.com&page=1&perPage=1',
			'POST /v1/contacts',
		]);
		server.clearLog();
		const second = await run({
			resource: 'contact',
			operation: 'upsert',
			email: 'ann@example.com',
			additionalFields: { lastName: 'Lee' },
			simplify: false,
		});
		const id = json(first)[0].id;
		expect(json(second)[0]).toMatchObject({
			outcome: 'updated',
			id,
			firstName: 'Ann',
			lastName: 'Lee',
			description: 'keep',
		});
		expect(server.requestLines()).toEqual([
			'GET /v1/contacts?email=ann%40example.com&page=1&perPage=1',
			`PUT /v1/contacts/${id}`,
		]);
		expect(server.state.contacts.size).toBe(1);
	});

	test.each(['carla.example.com', 'carla @example.com'])(
		'an email that is not an address (%j) is refused before the look-up, naming the field',
		async (email) => {
			const result = await run({ resource: 'contact', operation: 'upsert', email });
			expect(result.error?.message).toBe(`Email: "${email}" is not an email address`);
			expect(result.error?.description).toBe(
				'Enter an address such as name@example.com: with an @ and no spaces.',
			);
			expect(server.requests).toHaveLength(0);
		},
	);

	test('upsert by phone when there is no email', async () => {
		server.seedContact({ email: null, phone: '+15550100', firstName: 'Bob' });
		const result = await run({
			resource: 'contact',
			operation: 'upsert',
			phone: '+15550100',
			additionalFields: { lastName: 'Stone' },
		});
		expect(json(result)[0]).toMatchObject({
			outcome: 'updated',
			firstName: 'Bob',
			lastName: 'Stone',
		});
		expect(server.requestLines()[0]).toBe('GET /v1/contacts?phone=%2B15550100&page=1&perPage=1');
	});

	test('Create or Update, every value an expression: each evaluated only as often as n8n needs; 3 contacts looked up by email and updated', async () => {
		const ids = [0, 1, 2].map(
			(i) => server.seedContact({ email: `c${i}@example.com`, phone: `+1555010${i}` }).id as string,
		);
		const result = await runNode({
			type: 'customerEngagement',
			parameters: {
				resource: 'contact',
				operation: 'upsert',
				email: '={{ $json.email }}',
				additionalFields: { lastName: '={{ $json.last }}' },
			},
			credentials: credentials(),
			items: [0, 1, 2].map((i) => ({ email: `c${i}@example.com`, last: `L${i}` })),
		});
		expect(result.error).toBeUndefined();
		expect(json(result).map((c) => [c.outcome, c.id, c.lastName])).toEqual(
			ids.map((id, i) => ['updated', id, `L${i}`]),
		);
		// The items run side by side: each its look-up, then its write.
		const puts = server.requests.filter((r) => r.method === 'PUT');
		expect(server.requestLines().sort()).toEqual(
			[
				...[0, 1, 2].map((i) => `GET /v1/contacts?email=c${i}%40example.com&page=1&perPage=1`),
				...ids.map((id) => `PUT /v1/contacts/${id}`),
			].sort(),
		);
		expect(ids.map((id) => puts.find((r) => r.path === `/v1/contacts/${id}`)?.body)).toEqual(
			[0, 1, 2].map((i) =>
				expect.objectContaining({
					email: `c${i}@example.com`,
					phone: `+1555010${i}`,
					lastName: `L${i}`,
				}),
			),
		);
		expect(server.state.contacts.size).toBe(3);
	});
});

describe('each write refuses, by itself, to write to the wrong record', () => {
	/**
	 * The Customer Engagement node with none of Create or Update's own preSend actions (the
	 * email-or-phone check among them, whatever its name), so only the writing function itself
	 * stands between the input and the write. The body is still built by the node's
	 * Transport preSend, as always.
	 */
	function registerUpsertWithoutPreSendChecks(): void {
		registerOperationVariant(
			'upsertWithoutPreSendChecks',
			new CustomerEngagement(),
			{ resource: 'contact', operation: 'upsert' },
			(routing) => ({
				...routing,
				send: { ...routing.send, preSend: [] },
			}),
		);
	}

	test.each([
		['both empty', { email: '', phone: '' }],
		['spaces only', { email: '   ', phone: ' ' }],
		['nothing from the expressions', { email: '={{ $json.nothing }}', phone: '={{ null }}' }],
	])(
		'Create or Update without its preSend checks, email and phone %s: refused before any request',
		async (_case, identifiers) => {
			server.seedContact({ email: 'first@example.com', firstName: 'First' });
			registerUpsertWithoutPreSendChecks();
			const result = await run(
				{
					resource: 'contact',
					operation: 'upsert',
					...identifiers,
					additionalFields: { firstName: 'Overwritten' },
				},
				'upsertWithoutPreSendChecks',
			);
			expect(result.error?.message).toBe(NO_EMAIL_OR_PHONE);
			expect(server.requests).toHaveLength(0);
			expect([...server.state.contacts.values()].map((c) => c.firstName)).toEqual(['First']);
		},
	);

	test('Create or Update without its preSend checks still looks up, updates and creates with an email or a phone (trimmed)', async () => {
		const existing = server.seedContact({ email: 'ann@example.com', firstName: 'Ann' });
		registerUpsertWithoutPreSendChecks();
		const updated = await run(
			{
				resource: 'contact',
				operation: 'upsert',
				email: ' ann@example.com ',
				phone: '',
				additionalFields: { lastName: 'Lee' },
			},
			'upsertWithoutPreSendChecks',
		);
		expect(updated.error).toBeUndefined();
		const created = await run(
			{ resource: 'contact', operation: 'upsert', email: '  ', phone: ' +15550100 ' },
			'upsertWithoutPreSendChecks',
		);
		expect(created.error).toBeUndefined();
		expect(server.requestLines()).toEqual([
			'GET /v1/contacts?email=ann%40example.com&page=1&perPage=1',
			`PUT /v1/contacts/${existing.id}`,
			'GET /v1/contacts?phone=%2B15550100&page=1&perPage=1',
			'POST /v1/contacts',
		]);
		expect(server.requests[1].body).toMatchObject({
			email: 'ann@example.com',
			firstName: 'Ann',
			lastName: 'Lee',
		});
		expect(server.requests[1].body).not.toHaveProperty('phone', '');
		expect(server.requests[3].body).toEqual({ phone: '+15550100' });
	});

	test('the node as shipped refuses Create or Update without email and phone before any request, with the same words', async () => {
		server.seedContact({ email: 'first@example.com' });
		const result = await run({
			resource: 'contact',
			operation: 'upsert',
			email: '',
			phone: '',
			additionalFields: { firstName: 'Overwritten' },
		});
		expect(result.error?.message).toBe(NO_EMAIL_OR_PHONE);
		expect(server.requests).toHaveLength(0);
	});

	test.each([
		[
			'email',
			{ email: 'new@example.com' },
			'+15550100',
			'Email: looking up "new@example.com" found a contact with the email "first@example.com"; nothing was written',
		],
		[
			'phone',
			{ phone: '+15550177' },
			'+15550100',
			'Phone: looking up "+15550177" found a contact with the phone "+15550100"; nothing was written',
		],
		[
			'phone (a short tail in common is not the same number)',
			{ phone: '+15550100' },
			'0100',
			'Phone: looking up "+15550100" found a contact with the phone "0100"; nothing was written',
		],
		[
			'phone (no phone on the contact)',
			{ phone: '+15550100' },
			null,
			'Phone: looking up "+15550100" found a contact with the phone null; nothing was written',
		],
		[
			'phone (the same local number in another area)',
			{ phone: '555-0100' },
			'+1 (212) 555-0100',
			'Phone: looking up "555-0100" found a contact with the phone "+1 (212) 555-0100"; nothing was written',
		],
		[
			'phone (the same local number in another country)',
			{ phone: '946 0958' },
			'+44 20 7946 0958',
			'Phone: looking up "946 0958" found a contact with the phone "+44 20 7946 0958"; nothing was written',
		],
	])(
		'Create or Update whose look-up by %s answers another contact: refused, nothing written',
		async (_key, lookUp, phone, message) => {
			const first = server.seedContact({ email: 'first@example.com', phone, firstName: 'First' });
			server.answerNextGet('/v1/contacts', [first]);
			const result = await run({
				resource: 'contact',
				operation: 'upsert',
				...lookUp,
				additionalFields: { firstName: 'Overwritten' },
			});
			expect(result.error?.message).toBe(message);
			expect(result.error?.description).toBe(
				"The update sends back the fields it read, so it writes only to the contact it looked up. Check the Base URL in the credential: it must be the API's own address.",
			);
			expect(server.writeLines()).toEqual([]);
			expect(server.state.contacts.get(first.id as string)).toMatchObject({ firstName: 'First' });
		},
	);

	test('Create or Update accepts the contact it asked for, whatever the case of the email and the format of the phone', async () => {
		const ann = server.seedContact({ email: 'Ann@Example.com', phone: '+1 (555) 010-0100' });
		server.answerNextGet('/v1/contacts', [ann]);
		expect(
			(
				await run({
					resource: 'contact',
					operation: 'upsert',
					email: 'ann@example.com',
					additionalFields: { lastName: 'A' },
				})
			).error,
		).toBeUndefined();
		server.answerNextGet('/v1/contacts', [ann]);
		expect(
			(
				await run({
					resource: 'contact',
					operation: 'upsert',
					phone: '555-010-0100',
					additionalFields: { lastName: 'B' },
				})
			).error,
		).toBeUndefined();
		const noDigits = server.seedContact({ phone: 'ext. office' });
		server.answerNextGet('/v1/contacts', [noDigits]);
		expect(
			(
				await run({
					resource: 'contact',
					operation: 'upsert',
					phone: 'ext. office',
					additionalFields: { lastName: 'C' },
				})
			).error,
		).toBeUndefined();
		expect(server.writeLines()).toEqual([
			`PUT /v1/contacts/${ann.id}`,
			`PUT /v1/contacts/${ann.id}`,
			`PUT /v1/contacts/${noDigits.id}`,
		]);
	});

	test('Create or Update whose look-up answers a contact without an ID: refused, nothing written', async () => {
		server.answerNextGet('/v1/contacts', [{ email: 'ann@example.com', firstName: 'Ann' }]);
		const result = await run({
			resource: 'contact',
			operation: 'upsert',
			email: 'ann@example.com',
			additionalFields: { firstName: 'Overwritten' },
		});
		expect(result.error?.message).toBe(
			'Email: looking up "ann@example.com" found a contact without an ID; nothing was written',
		);
		expect(server.writeLines()).toEqual([]);
	});
});

/**
 * The look-up's contact is written to only when it has the email or phone it was looked up by.
 * The API filters by exact match; a server that ignores the filter answers another contact.
 * Phones are compared by their digits: the same digits, or one number the other with a country
 * code of at most 3 digits in front, the shorter with at least 7 digits. The boundaries of that
 * rule, one row each (the everyday cases are above).
 */
describe('the contact found has the email or phone asked for', () => {
	const upsert = (lookUp: Record<string, string>) =>
		run({
			resource: 'contact',
			operation: 'upsert',
			...lookUp,
			additionalFields: { lastName: 'Changed' },
		});

	/** The look-up (GET /v1/contacts) answers this contact: the stored one with the given fields as the API sent them. */
	const lookUpAnswers = (contact: Record<string, unknown>, asSent: IDataObject) =>
		server.answerNextGet('/v1/contacts', [{ ...contact, ...asSent }]);

	test.each([
		[
			'an email the API sent with a space after it',
			{ email: 'ann@example.com' },
			{ email: 'Ann@Example.com ' },
		],
		['a phone the API sent as a number', { phone: '+1 555 010 0100' }, { phone: 15550100100 }],
		['a short number with the same digits (fewer than 7)', { phone: '01 00' }, { phone: '0100' }],
		[
			'a phone stored without the country code asked for',
			{ phone: '+1 555 010 0100' },
			{ phone: '555-010-0100' },
		],
		[
			'a 7-digit number with a country code in front',
			{ phone: '+1 555-0100' },
			{ phone: '555-0100' },
		],
		[
			'a number under a 3-digit country code',
			{ phone: '1 234 5678' },
			{ phone: '+353 1 234 5678' },
		],
	])(
		'Create or Update takes the contact found for %s, and updates it',
		async (_case, lookUp, asSent) => {
			const contact = server.seedContact({
				email: 'ann@example.com',
				phone: '+15550100',
				firstName: 'Ann',
			});
			lookUpAnswers(contact, asSent);
			const result = await upsert(lookUp);
			expect(result.error).toBeUndefined();
			expect(result.items[0].json).toMatchObject({ id: contact.id, outcome: 'updated' });
			expect(server.writeLines()).toEqual([`PUT /v1/contacts/${contact.id}`]);
			expect(server.state.contacts.get(contact.id as string)).toMatchObject({
				firstName: 'Ann',
				lastName: 'Changed',
			});
		},
	);

	test.each([
		[
			'two phones without digits, written differently',
			{ phone: 'ext. home' },
			{ phone: 'ext. office' },
			'Phone: looking up "ext. home" found a contact with the phone "ext. office"; nothing was written',
		],
		[
			'a number of fewer than 7 digits with one more in front',
			{ phone: '+1 0100' },
			{ phone: '0100' },
			'Phone: looking up "+1 0100" found a contact with the phone "0100"; nothing was written',
		],
		[
			'the text "null" where the contact has no phone',
			{ phone: 'null' },
			{ phone: null },
			'Phone: looking up "null" found a contact with the phone null; nothing was written',
		],
	])(
		'Create or Update refuses the contact found for %s: nothing written',
		async (_case, lookUp, asSent, message) => {
			const contact = server.seedContact({
				email: 'ann@example.com',
				phone: '+15550100',
				firstName: 'Ann',
			});
			lookUpAnswers(contact, asSent);
			const result = await upsert(lookUp);
			expect(result.error?.message).toBe(message);
			expect(server.writeLines()).toEqual([]);
			expect(server.state.contacts.get(contact.id as string)).toMatchObject({
				firstName: 'Ann',
				lastName: null,
			});
		},
	);
});

describe('the id of the contact found, as the API may send it', () => {
	test('Create or Update whose look-up finds the contact with a number id: updated at that id', async () => {
		const contact = {
			...server.seedContact({ email: 'ann@example.com', firstName: 'Ann' }, '42'),
			id: 42,
		};
		server.answerNextGet('/v1/contacts', [contact]);
		const result = await run({
			resource: 'contact',
			operation: 'upsert',
			email: 'ann@example.com',
			additionalFields: { lastName: 'Lee' },
		});
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({ outcome: 'updated' });
		expect(server.writeLines()).toEqual(['PUT /v1/contacts/42']);
		expect(server.state.contacts.get('42')).toMatchObject({ firstName: 'Ann', lastName: 'Lee' });
	});

	test('Create or Update whose look-up finds a contact with a blank id: refused, nothing written', async () => {
		const contact = server.seedContact({ email: 'ann@example.com', firstName: 'Ann' });
		server.answerNextGet('/v1/contacts', [{ ...contact, id: '  ' }]);
		const result = await run({
			resource: 'contact',
			operation: 'upsert',
			email: 'ann@example.com',
			additionalFields: { lastName: 'Lee' },
		});
		expect(result.error?.message).toBe(
			'Email: looking up "ann@example.com" found a contact without an ID; nothing was written',
		);
		expect(server.writeLines()).toEqual([]);
	});
});
