/**
 * The id of a record the package writes to, as the API may send it: a number where the spec
 * shows text, null, blank, a list. The safe update (nodes/shared/safeUpdate.ts) writes back
 * only to the record its read answered with the id asked for; Create or Update
 * (contact/upsert.ts) only to a found contact with an id. Through n8n's engine against the
 * stateful stand-in, which answers the read or look-up with the record each test gives
 * (writeGuards.test.ts has the other record checks of both writes).
 */
import { byId, runNode } from '../support/engine';
import { useCustomerEngagementServer } from '../support/setup';

const { server, credentials } = useCustomerEngagementServer();

const run = (parameters: Record<string, unknown>) => runNode({ type: 'customerEngagement', parameters: parameters as never, credentials: credentials() });

/** A contact stored under the id `42`, as an API with number ids would have it. */
function contactWithNumberId() {
	const seeded = server.seedContact({ email: 'ann@example.com', firstName: 'Ann' });
	const stored = server.state.contacts.get(String(seeded.id))!;
	server.state.contacts.delete(String(seeded.id));
	server.state.contacts.set('42', { ...stored, id: '42' });
	return { ...seeded, id: 42 };
}

test('contact Update whose read answers the id asked for as a number: updated', async () => {
	const contact = contactWithNumberId();
	server.answerNextGet('/v1/contacts/42', contact);
	const result = await run({ resource: 'contact', operation: 'update', contactId: byId('42'), updateFields: { lastName: 'Lee' } });
	expect(result.error).toBeUndefined();
	expect(server.writeLines()).toEqual(['PUT /v1/contacts/42']);
	expect(server.state.contacts.get('42')).toMatchObject({ firstName: 'Ann', lastName: 'Lee' });
});

test.each([
	['a null id', null, 'a record without an ID'],
	['the id asked for in a list', ['{id}'], 'another record ("{id}")'],
])('contact Update whose read answers %s: refused, nothing written', async (_case, answeredId, answered) => {
	const contact = server.seedContact({ email: 'ann@example.com', firstName: 'Ann' });
	const id = String(contact.id);
	server.answerNextGet(`/v1/contacts/${id}`, { ...contact, id: Array.isArray(answeredId) ? [id] : answeredId });
	const result = await run({ resource: 'contact', operation: 'update', contactId: byId(id), updateFields: { lastName: 'Lee' } });
	expect(result.error?.message).toBe(`Contact: reading "${id}" before the update returned ${answered.replace('{id}', id)}; nothing was written`);
	expect(server.writeLines()).toEqual([]);
	expect(server.state.contacts.get(id)).toMatchObject({ firstName: 'Ann', lastName: null });
});

test('Create or Update whose look-up finds the contact with a number id: updated at that id', async () => {
	const contact = contactWithNumberId();
	server.answerNextGet('/v1/contacts', [contact]);
	const result = await run({ resource: 'contact', operation: 'upsert', email: 'ann@example.com', additionalFields: { lastName: 'Lee' } });
	expect(result.error).toBeUndefined();
	expect(result.items[0].json).toMatchObject({ outcome: 'updated' });
	expect(server.writeLines()).toEqual(['PUT /v1/contacts/42']);
	expect(server.state.contacts.get('42')).toMatchObject({ firstName: 'Ann', lastName: 'Lee' });
});

test('Create or Update whose look-up finds a contact with a blank id: refused, nothing written', async () => {
	const contact = server.seedContact({ email: 'ann@example.com', firstName: 'Ann' });
	server.answerNextGet('/v1/contacts', [{ ...contact, id: '  ' }]);
	const result = await run({ resource: 'contact', operation: 'upsert', email: 'ann@example.com', additionalFields: { lastName: 'Lee' } });
	expect(result.error?.message).toBe('Email: looking up "ann@example.com" found a contact without an ID; nothing was written');
	expect(server.writeLines()).toEqual([]);
});
