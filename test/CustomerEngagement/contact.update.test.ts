/**
 * The safe update (read, merge, write back: readMergeWrite in resources/contact/update.ts) writes back only to the
 * record its read answered with the id asked for, whatever the request code before it let
 * through: another record, no record, a record without an ID or with the id in a list are
 * refused, nothing written; the id as a number where the spec shows text is the same record.
 * (An empty id is refused by the path before any request: test/shared/apiRequest.paths.test.ts.)
 * Through n8n's engine against the stateful stand-in, which answers the read with the record
 * each test gives. (What each update carries: test/CustomerEngagement/.)
 */
import { byId, runNode } from '../../harness/engine';
import { useCustomerEngagementServer } from '../support/setup';

const { server, credentials, run } = useCustomerEngagementServer();

// A JSON string (what Custom Field Rename answers, so the shared response check lets it
// through) is no record; Simplify off, so that the read reaches the update as it came. JSON
// null, a number or a boolean never get here: the shared check refuses them for every
// operation (apiRequest.answers.test.ts), here before anything is written.
test.each([
	[
		'a JSON string',
		'Ann',
		`Contact: reading "{id}" before the update returned no record; nothing was written`,
	],
	['JSON null', null, 'The Customer Engagement API answered with text instead of data'],
])(
	'Contact Update whose read answers %s: refused, nothing written',
	async (_case, answer, message) => {
		const contact = server.seedContact({ email: 'ann@example.com', firstName: 'Ann' });
		const id = String(contact.id);
		server.answerNextGet(`/v1/contacts/${id}`, answer);
		const result = await runNode({
			type: 'customerEngagement',
			parameters: {
				resource: 'contact',
				operation: 'update',
				contactId: byId(id),
				updateFields: { firstName: 'Overwritten' },
				simplify: false,
			} as never,
			credentials: credentials(),
		});
		expect(result.error?.message).toBe(message.replace('{id}', id));
		expect(server.requestLines()).toEqual([`GET /v1/contacts/${id}`]);
		expect(server.state.contacts.get(id)?.firstName).toBe('Ann');
	},
);

test.each([
	[
		'another contact',
		(other: Record<string, unknown>) => other,
		'Contact: reading "{id}" before the update returned another record ("{other}"); nothing was written',
	],
	[
		'no record',
		() => [],
		'Contact: reading "{id}" before the update returned no record; nothing was written',
	],
	[
		'a record without an ID',
		() => ({ firstName: 'Nobody' }),
		'Contact: reading "{id}" before the update returned a record without an ID; nothing was written',
	],
])(
	'contact Update whose read answers %s: refused, nothing written',
	async (_case, answer, message) => {
		const contact = server.seedContact({
			email: 'ann@example.com',
			firstName: 'Ann',
			unsubscribedFromText: true,
		});
		const other = server.seedContact({ email: 'bob@example.com', firstName: 'Bob' });
		const id = contact.id as string;
		server.answerNextGet(`/v1/contacts/${id}`, answer(other));
		const result = await run({
			resource: 'contact',
			operation: 'update',
			contactId: byId(id),
			updateFields: { lastName: 'Lee' },
		});
		expect(result.error?.message).toBe(
			message.replace('{id}', id).replace('{other}', other.id as string),
		);
		expect(result.error?.description).toBe(
			"The update sends back the fields it read, so it writes only after reading this very record. Check the Base URL in the credential: it must be the API's own address.",
		);
		expect(server.writeLines()).toEqual([]);
		expect(server.state.contacts.get(id)).toMatchObject({
			firstName: 'Ann',
			lastName: null,
			unsubscribedFromText: true,
		});
		expect(server.state.contacts.get(other.id as string)).toMatchObject({
			firstName: 'Bob',
			lastName: null,
		});
	},
);

test.each([
	[
		'another reward',
		{ id: 'rw_other', title: 'Tea', points: 3 },
		'Loyalty Reward: reading "{id}" before the update returned another record ("rw_other"); nothing was written',
	],
	[
		'an empty object',
		{},
		'Loyalty Reward: reading "{id}" before the update returned a record without an ID; nothing was written',
	],
])(
	'loyalty reward Update whose read answers %s: refused, nothing written',
	async (_case, answer, message) => {
		const created = await run({
			resource: 'loyaltyReward',
			operation: 'create',
			title: 'Coffee',
			points: 10,
			additionalFields: { itemName: 'Latte' },
		});
		const id = created.items[0].json.id as string;
		server.clearLog();
		server.answerNextGet(`/v1/loyalty-rewards/${id}`, answer);
		const result = await run({
			resource: 'loyaltyReward',
			operation: 'update',
			rewardId: byId(id),
			updateFields: { points: 12 },
		});
		expect(result.error?.message).toBe(message.replace('{id}', id));
		expect(server.writeLines()).toEqual([]);
		expect(server.state.rewards.get(id)).toMatchObject({ points: 10, itemName: 'Latte' });
	},
);

test('contact Update whose read answers the id asked for as a number: updated', async () => {
	const contact = {
		...server.seedContact({ email: 'ann@example.com', firstName: 'Ann' }, '42'),
		id: 42,
	};
	server.answerNextGet('/v1/contacts/42', contact);
	const result = await run({
		resource: 'contact',
		operation: 'update',
		contactId: byId('42'),
		updateFields: { lastName: 'Lee' },
	});
	expect(result.error).toBeUndefined();
	expect(server.writeLines()).toEqual(['PUT /v1/contacts/42']);
	expect(server.state.contacts.get('42')).toMatchObject({ firstName: 'Ann', lastName: 'Lee' });
});

test.each([
	['a null id', null, 'a record without an ID'],
	['the id asked for in a list', ['{id}'], 'another record ("{id}")'],
])(
	'contact Update whose read answers %s: refused, nothing written',
	async (_case, answeredId, answered) => {
		const contact = server.seedContact({ email: 'ann@example.com', firstName: 'Ann' });
		const id = String(contact.id);
		server.answerNextGet(`/v1/contacts/${id}`, {
			...contact,
			id: Array.isArray(answeredId) ? [id] : answeredId,
		});
		const result = await run({
			resource: 'contact',
			operation: 'update',
			contactId: byId(id),
			updateFields: { lastName: 'Lee' },
		});
		expect(result.error?.message).toBe(
			`Contact: reading "${id}" before the update returned ${answered.replace('{id}', id)}; nothing was written`,
		);
		expect(server.writeLines()).toEqual([]);
		expect(server.state.contacts.get(id)).toMatchObject({ firstName: 'Ann', lastName: null });
	},
);
