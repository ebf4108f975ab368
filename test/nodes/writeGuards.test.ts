/**
 * The writes whose record the package chooses: Contact Update and Loyalty Reward Update
 * (read, merge, write back) and Contact Create or Update (look up by email or phone, then
 * update or create). Through n8n's engine against the stateful stand-in.
 *
 * 1. The safe update carries every field the API's PUT would null (each updatable field of
 *    the spec, consent flags first): one test per field and operation, so a field dropped
 *    from the merge names itself. Each seeds the field with a value other than its default,
 *    changes another field, and checks the PUT body carried it and the server still has it.
 * 2. Each writing function refuses, by itself, input that would put its write on the wrong
 *    record: run on a node whose description drops the preSend check that usually comes
 *    first, or against an API that answers a read with another record. The exact refusal,
 *    and no write reached the server.
 */
import type { IDataObject } from 'n8n-workflow';
import { CustomerEngagement } from '../../nodes/CustomerEngagement/CustomerEngagement.node.ts';
import { byId, registerOperationVariant, runNode } from '../support/engine';
import { useCustomerEngagementServer } from '../support/setup';

const { server, credentials } = useCustomerEngagementServer();

const run = (parameters: Record<string, unknown>, type = 'customerEngagement') =>
	runNode({ type, parameters: parameters as never, credentials: credentials() });

const NO_EMAIL_OR_PHONE = 'Email or Phone: enter at least one of them; the API identifies contacts by email or phone';

function valueAt(record: unknown, path: string): unknown {
	return path.split('.').reduce<unknown>((value, key) => (value as IDataObject | undefined)?.[key], record);
}


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
	const contactChange = (field: string) => (field === 'firstName' ? { lastName: 'Changed' } : { firstName: 'Changed' });

	test.each(contactFields)('contact Update keeps %s (seeded %j) while changing another field', async (field, seeded) => {
		server.state.labels.set('lb_vip', { id: 'lb_vip', name: 'VIP', color: 'AMBER' });
		const contact = server.seedContact({ ...BASE_CONTACT, [field]: seeded });
		const id = contact.id as string;
		const change = contactChange(field);
		server.clearLog();
		const result = await run({ resource: 'contact', operation: 'update', contactId: byId(id), updateFields: change });
		expect(result.error).toBeUndefined();
		expect(server.requestLines()).toEqual([`GET /v1/contacts/${id}`, `PUT /v1/contacts/${id}`]);
		const sent = server.requests[1].body as IDataObject;
		expect(sent).toMatchObject(change);
		expect(sent[field]).toEqual(seeded);
		const stored = server.state.contacts.get(id)!;
		expect(stored).toMatchObject(change);
		expect(stored[field]).toEqual(seeded);
	});

	test.each(contactFields)('contact Create or Update, when it updates, keeps %s (seeded %j) while changing another field', async (field, seeded) => {
		server.state.labels.set('lb_vip', { id: 'lb_vip', name: 'VIP', color: 'AMBER' });
		const contact = server.seedContact({ ...BASE_CONTACT, [field]: seeded });
		const id = contact.id as string;
		const change = contactChange(field);
		// Looked up by email, or by phone for the email row (the email is then carried, not given).
		const lookUp = field === 'email' ? { phone: contact.phone } : { email: contact.email };
		server.clearLog();
		const result = await run({ resource: 'contact', operation: 'upsert', ...lookUp, additionalFields: change });
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
	});

	// Spec, reward update: points required, the other fields as in create except title;
	// "parameters not provided are set to null".
	const rewardFields: Array<[field: string, seeded: unknown]> = [
		['points', 25],
		['quantity.total', 5],
		['quantity.perContact', 2],
		['startDate', '2026-01-01T00:00:00.000Z'],
		['expiredDate', '2027-01-01T00:00:00.000Z'],
		['expires', true],
		['type', 'CASH_DISCOUNT'],
		['value', 15],
		['itemId', 'sku-1'],
		['itemName', 'Latte'],
	];

	/** A reward as the stand-in stores it, every field at its default but the one under test. */
	function seedReward(field: string, seeded: unknown): string {
		const id = server.nextId('rw_');
		const reward: IDataObject = {
			id,
			title: 'Coffee',
			points: 10,
			quantity: { total: null, perContact: null },
			startDate: null,
			expiredDate: null,
			expires: false,
			type: 'ITEM',
			value: null,
			itemId: null,
			itemName: null,
		};
		const [key, half] = field.split('.');
		if (half) (reward[key] as IDataObject)[half] = seeded as IDataObject[string];
		else reward[key] = seeded as IDataObject[string];
		server.state.rewards.set(id, reward);
		return id;
	}

	test.each(rewardFields)('loyalty reward Update keeps %s (seeded %j) while changing another field', async (field, seeded) => {
		const id = seedReward(field, seeded);
		const change: IDataObject = field === 'points' ? { itemName: 'Changed' } : { points: 40 };
		const result = await run({ resource: 'loyaltyReward', operation: 'update', rewardId: byId(id), updateFields: change });
		expect(result.error).toBeUndefined();
		expect(server.requestLines()).toEqual([`GET /v1/loyalty-rewards/${id}`, `PUT /v1/loyalty-rewards/${id}`]);
		const sent = server.requests[1].body as IDataObject;
		expect(sent).toMatchObject(change);
		expect(valueAt(sent, field)).toEqual(seeded);
		const stored = server.state.rewards.get(id)!;
		expect(stored).toMatchObject({ ...change, title: 'Coffee' });
		expect(valueAt(stored, field)).toEqual(seeded);
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
		registerOperationVariant('upsertWithoutPreSendChecks', new CustomerEngagement(), { resource: 'contact', operation: 'upsert' }, (routing) => ({
			...routing,
			send: { ...routing.send, preSend: [] },
		}));
	}

	test.each([
		['both empty', { email: '', phone: '' }],
		['spaces only', { email: '   ', phone: ' ' }],
		['nothing from the expressions', { email: '={{ $json.nothing }}', phone: '={{ null }}' }],
	])('Create or Update without its preSend checks, email and phone %s: refused before any request', async (_case, identifiers) => {
		server.seedContact({ email: 'first@example.com', firstName: 'First' });
		registerUpsertWithoutPreSendChecks();
		const result = await run({ resource: 'contact', operation: 'upsert', ...identifiers, additionalFields: { firstName: 'Overwritten' } }, 'upsertWithoutPreSendChecks');
		expect(result.error?.message).toBe(NO_EMAIL_OR_PHONE);
		expect(server.requests).toHaveLength(0);
		expect([...server.state.contacts.values()].map((c) => c.firstName)).toEqual(['First']);
	});

	test('Create or Update without its preSend checks still looks up, updates and creates with an email or a phone (trimmed)', async () => {
		const existing = server.seedContact({ email: 'ann@example.com', firstName: 'Ann' });
		registerUpsertWithoutPreSendChecks();
		const updated = await run({ resource: 'contact', operation: 'upsert', email: ' ann@example.com ', phone: '', additionalFields: { lastName: 'Lee' } }, 'upsertWithoutPreSendChecks');
		expect(updated.error).toBeUndefined();
		const created = await run({ resource: 'contact', operation: 'upsert', email: '  ', phone: ' +15550100 ' }, 'upsertWithoutPreSendChecks');
		expect(created.error).toBeUndefined();
		expect(server.requestLines()).toEqual([
			'GET /v1/contacts?email=ann%40example.com&page=1&perPage=1',
			`PUT /v1/contacts/${existing.id}`,
			'GET /v1/contacts?phone=%2B15550100&page=1&perPage=1',
			'POST /v1/contacts',
		]);
		expect(server.requests[1].body).toMatchObject({ email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee' });
		expect(server.requests[1].body).not.toHaveProperty('phone', '');
		expect(server.requests[3].body).toEqual({ phone: '+15550100' });
	});

	test('the node as shipped refuses Create or Update without email and phone before any request, with the same words', async () => {
		server.seedContact({ email: 'first@example.com' });
		const result = await run({ resource: 'contact', operation: 'upsert', email: '', phone: '', additionalFields: { firstName: 'Overwritten' } });
		expect(result.error?.message).toBe(NO_EMAIL_OR_PHONE);
		expect(server.requests).toHaveLength(0);
	});

	test.each([
		['email', { email: 'new@example.com' }, '+15550100', 'Email: looking up "new@example.com" found a contact with the email "first@example.com"; nothing was written'],
		['phone', { phone: '+15550177' }, '+15550100', 'Phone: looking up "+15550177" found a contact with the phone "+15550100"; nothing was written'],
		['phone (a short tail in common is not the same number)', { phone: '+15550100' }, '0100', 'Phone: looking up "+15550100" found a contact with the phone "0100"; nothing was written'],
		['phone (no phone on the contact)', { phone: '+15550100' }, null, 'Phone: looking up "+15550100" found a contact with the phone null; nothing was written'],
		['phone (the same local number in another area)', { phone: '555-0100' }, '+1 (212) 555-0100', 'Phone: looking up "555-0100" found a contact with the phone "+1 (212) 555-0100"; nothing was written'],
		['phone (the same local number in another country)', { phone: '946 0958' }, '+44 20 7946 0958', 'Phone: looking up "946 0958" found a contact with the phone "+44 20 7946 0958"; nothing was written'],
	])('Create or Update whose look-up by %s answers another contact: refused, nothing written', async (_key, lookUp, phone, message) => {
		const first = server.seedContact({ email: 'first@example.com', phone, firstName: 'First' });
		server.answerNextGet('/v1/contacts', [first]);
		const result = await run({ resource: 'contact', operation: 'upsert', ...lookUp, additionalFields: { firstName: 'Overwritten' } });
		expect(result.error?.message).toBe(message);
		expect(result.error?.description).toBe(
			"The update sends back the fields it read, so it writes only to the contact it looked up. Check the Base URL in the credential: it must be the API's own address.",
		);
		expect(server.writeLines()).toEqual([]);
		expect(server.state.contacts.get(first.id as string)).toMatchObject({ firstName: 'First' });
	});

	test('Create or Update accepts the contact it asked for, whatever the case of the email and the format of the phone', async () => {
		const ann = server.seedContact({ email: 'Ann@Example.com', phone: '+1 (555) 010-0100' });
		server.answerNextGet('/v1/contacts', [ann]);
		expect((await run({ resource: 'contact', operation: 'upsert', email: 'ann@example.com', additionalFields: { lastName: 'A' } })).error).toBeUndefined();
		server.answerNextGet('/v1/contacts', [ann]);
		expect((await run({ resource: 'contact', operation: 'upsert', phone: '555-010-0100', additionalFields: { lastName: 'B' } })).error).toBeUndefined();
		const noDigits = server.seedContact({ phone: 'ext. office' });
		server.answerNextGet('/v1/contacts', [noDigits]);
		expect((await run({ resource: 'contact', operation: 'upsert', phone: 'ext. office', additionalFields: { lastName: 'C' } })).error).toBeUndefined();
		expect(server.writeLines()).toEqual([`PUT /v1/contacts/${ann.id}`, `PUT /v1/contacts/${ann.id}`, `PUT /v1/contacts/${noDigits.id}`]);
	});

	test('Create or Update whose look-up answers a contact without an ID: refused, nothing written', async () => {
		server.answerNextGet('/v1/contacts', [{ email: 'ann@example.com', firstName: 'Ann' }]);
		const result = await run({ resource: 'contact', operation: 'upsert', email: 'ann@example.com', additionalFields: { firstName: 'Overwritten' } });
		expect(result.error?.message).toBe('Email: looking up "ann@example.com" found a contact without an ID; nothing was written');
		expect(server.writeLines()).toEqual([]);
	});

	test.each([
		['another contact', (other: Record<string, unknown>) => other, 'Contact: reading "{id}" before the update returned another record ("{other}"); nothing was written'],
		['no record', () => [], 'Contact: reading "{id}" before the update returned no record; nothing was written'],
		['a record without an ID', () => ({ firstName: 'Nobody' }), 'Contact: reading "{id}" before the update returned a record without an ID; nothing was written'],
	])('contact Update whose read answers %s: refused, nothing written', async (_case, answer, message) => {
		const contact = server.seedContact({ email: 'ann@example.com', firstName: 'Ann', unsubscribedFromText: true });
		const other = server.seedContact({ email: 'bob@example.com', firstName: 'Bob' });
		const id = contact.id as string;
		server.answerNextGet(`/v1/contacts/${id}`, answer(other));
		const result = await run({ resource: 'contact', operation: 'update', contactId: byId(id), updateFields: { lastName: 'Lee' } });
		expect(result.error?.message).toBe(message.replace('{id}', id).replace('{other}', other.id as string));
		expect(result.error?.description).toBe(
			"The update sends back the fields it read, so it writes only after reading this very record. Check the Base URL in the credential: it must be the API's own address.",
		);
		expect(server.writeLines()).toEqual([]);
		expect(server.state.contacts.get(id)).toMatchObject({ firstName: 'Ann', lastName: null, unsubscribedFromText: true });
		expect(server.state.contacts.get(other.id as string)).toMatchObject({ firstName: 'Bob', lastName: null });
	});

	test.each([
		['another reward', { id: 'rw_other', title: 'Tea', points: 3 }, 'Loyalty Reward: reading "{id}" before the update returned another record ("rw_other"); nothing was written'],
		['an empty object', {}, 'Loyalty Reward: reading "{id}" before the update returned a record without an ID; nothing was written'],
	])('loyalty reward Update whose read answers %s: refused, nothing written', async (_case, answer, message) => {
		const created = await run({ resource: 'loyaltyReward', operation: 'create', title: 'Coffee', points: 10, additionalFields: { itemName: 'Latte' } });
		const id = created.items[0].json.id as string;
		server.clearLog();
		server.answerNextGet(`/v1/loyalty-rewards/${id}`, answer);
		const result = await run({ resource: 'loyaltyReward', operation: 'update', rewardId: byId(id), updateFields: { points: 12 } });
		expect(result.error?.message).toBe(message.replace('{id}', id));
		expect(server.writeLines()).toEqual([]);
		expect(server.state.rewards.get(id)).toMatchObject({ points: 10, itemName: 'Latte' });
	});

	test.each([
		['contact', { resource: 'contact', operation: 'update', contactId: byId('={{ "  " }}'), updateFields: { lastName: 'Lee' } }, 'Contact: is empty'],
		['loyaltyReward', { resource: 'loyaltyReward', operation: 'update', rewardId: byId('={{ null }}'), updateFields: { points: 1 } }, 'Loyalty Reward: is empty'],
	])('%s Update with an empty ID: refused before any request', async (_resource, parameters, message) => {
		server.seedContact();
		const result = await run(parameters);
		expect(result.error?.message).toBe(message);
		expect(server.requests).toHaveLength(0);
	});
});
