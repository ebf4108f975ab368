/**
 * The id of a record the package writes to, as the API may send it: a number where the spec
 * shows text, null, blank, a list. The safe update (nodes/shared/safeUpdate.ts) writes back
 * only to the record its read answered with the id asked for; Create or Update
 * (contact/upsert.ts) only to a found contact with an id. Through n8n's engine against the
 * stateful stand-in, which answers the read or look-up with the record each test gives. A file
 * of its own, so that the mutation state of the other write-guard tests stays valid
 * (docs/mutation.md).
 */
import { byId, runNode } from '../harness/engine';
import { useCustomerEngagementServer } from '../harness/setup';

const { server, credentials } = useCustomerEngagementServer();

const run = (parameters: Record<string, unknown>) => runNode({ type: 'customerEngagement', parameters: parameters as never, credentials: credentials() });

/** The requests that write (anything but GET), as `METHOD path` lines. */
const writes = () => server.requestLines().filter((line) => !line.startsWith('GET '));

/** The next GET of this path is answered with this JSON (200). */
const answerNextRead = (path: string, body: unknown) =>
	server.injectFault({ kind: 'status', status: 200, body }, 1, (request) => request.method === 'GET' && request.path === path);

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
	answerNextRead('/v1/contacts/42', contact);
	const result = await run({ resource: 'contact', operation: 'update', contactId: byId('42'), updateFields: { lastName: 'Lee' } });
	expect(result.error).toBeUndefined();
	expect(writes()).toEqual(['PUT /v1/contacts/42']);
	expect(server.state.contacts.get('42')).toMatchObject({ firstName: 'Ann', lastName: 'Lee' });
});

test.each([
	['a null id', null, 'a record without an ID'],
	['the id asked for in a list', ['{id}'], 'another record ("{id}")'],
])('contact Update whose read answers %s: refused, nothing written', async (_case, answeredId, answered) => {
	const contact = server.seedContact({ email: 'ann@example.com', firstName: 'Ann' });
	const id = String(contact.id);
	answerNextRead(`/v1/contacts/${id}`, { ...contact, id: Array.isArray(answeredId) ? [id] : answeredId });
	const result = await run({ resource: 'contact', operation: 'update', contactId: byId(id), updateFields: { lastName: 'Lee' } });
	expect(result.error?.message).toBe(`Contact: reading "${id}" before the update returned ${answered.replace('{id}', id)}; nothing was written`);
	expect(writes()).toEqual([]);
	expect(server.state.contacts.get(id)).toMatchObject({ firstName: 'Ann', lastName: null });
});

test('Create or Update whose look-up finds the contact with a number id: updated at that id', async () => {
	const contact = contactWithNumberId();
	answerNextRead('/v1/contacts', [contact]);
	const result = await run({ resource: 'contact', operation: 'upsert', email: 'ann@example.com', additionalFields: { lastName: 'Lee' } });
	expect(result.error).toBeUndefined();
	expect(result.items[0].json).toMatchObject({ outcome: 'updated' });
	expect(writes()).toEqual(['PUT /v1/contacts/42']);
	expect(server.state.contacts.get('42')).toMatchObject({ firstName: 'Ann', lastName: 'Lee' });
});

test('Create or Update whose look-up finds a contact with a blank id: refused, nothing written', async () => {
	const contact = server.seedContact({ email: 'ann@example.com', firstName: 'Ann' });
	answerNextRead('/v1/contacts', [{ ...contact, id: '  ' }]);
	const result = await run({ resource: 'contact', operation: 'upsert', email: 'ann@example.com', additionalFields: { lastName: 'Lee' } });
	expect(result.error?.message).toBe('Email: looking up "ann@example.com" found a contact without an ID; nothing was written');
	expect(writes()).toEqual([]);
});

test('Activity Get Many with a Limit, against an API that answers more than it was asked for: exactly the Limit, one request', async () => {
	const contact = server.seedContact();
	const id = String(contact.id);
	const activities = [5, 4, 3, 2, 1].map((day) => ({ id: `ac_${day}`, type: 'NOTE', date: `2026-11-0${day}T10:00:00.000Z`, data: {} }));
	answerNextRead(`/v1/contacts/${id}/activities`, activities);
	const result = await run({ resource: 'activity', operation: 'getAll', contactId: byId(id), returnAll: false, limit: 3 });
	expect(result.error).toBeUndefined();
	expect(result.items.map((item) => item.json.id)).toEqual(['ac_5', 'ac_4', 'ac_3']);
	expect(server.requestLines()).toEqual([`GET /v1/contacts/${id}/activities?perPage=3`]);
});
