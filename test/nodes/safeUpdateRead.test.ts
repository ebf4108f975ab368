/**
 * The safe update (read, merge, write back: nodes/shared/safeUpdate.ts) checks its own read,
 * whatever the request code before it let through: it refuses to write when it read by no id
 * (the package's own path parameters refuse an empty id before any request, so this runs
 * Contact → Update on a node whose update reads a URL that names no `{contactId}`), and when
 * the read answered a JSON string (writeGuards.test.ts has a list, another record and a
 * record without an ID). A file of its own, so that the mutation state of
 * the other write-guard tests stays valid (docs/mutation.md).
 */
import { CustomerEngagement } from '../../nodes/CustomerEngagement/CustomerEngagement.node';
import { mergeContact } from '../../nodes/CustomerEngagement/resources/contact/update';
import { customerEngagementApi } from '../../nodes/CustomerEngagement/shared/customerEngagementApi';
import { readMergeWrite } from '../../nodes/shared/safeUpdate';
import { byId, registerOperationVariant, runNode } from '../support/engine';
import { useCustomerEngagementServer } from '../support/setup';

const { server, credentials } = useCustomerEngagementServer();

// The package's own API definitions cannot give an empty id here: resolvePath refuses it before
// any request, and no normalize function makes one. A URL without the id can.
test('Contact Update reading a URL that names no {contactId}: refused with the field named, nothing written', async () => {
	const contact = server.seedContact({ email: 'ann@example.com', firstName: 'Ann' });
	// Contact → Update sent by the safe update to a URL that names no {contactId}.
	const update = readMergeWrite(customerEngagementApi, 'contactId', mergeContact);
	registerOperationVariant('updateWithoutId', new CustomerEngagement(), { resource: 'contact', operation: 'update' }, (routing) => ({
		...routing,
		request: { ...routing.request, url: `/v1/contacts/${String(contact.id)}` },
		operations: { ...routing.operations, pagination: update },
	}));
	const result = await runNode({
		type: 'updateWithoutId',
		parameters: { resource: 'contact', operation: 'update', contactId: { __rl: true, mode: 'id', value: contact.id }, updateFields: { firstName: 'Overwritten' } } as never,
		credentials: credentials(),
	});
	expect(result.error?.message).toBe('Contact: is empty');
	expect(result.error?.description).toBe('Pick one from the list or enter its ID.');
	expect(server.requestLines()).toEqual([`GET /v1/contacts/${contact.id}`]);
	expect(server.state.contacts.get(String(contact.id))?.firstName).toBe('Ann');
});

// A JSON string (what Custom Field Rename answers, so the shared response check lets it
// through) is no record; Simplify off, so that the read reaches the update as it came. JSON
// null, a number or a boolean never get here: the shared check refuses them for every
// operation (nonDataJson.test.ts), here before anything is written.
test.each([
	['a JSON string', 'Ann', `Contact: reading "{id}" before the update returned no record; nothing was written`],
	['JSON null', null, 'The Customer Engagement API answered with text instead of data'],
])('Contact Update whose read answers %s: refused, nothing written', async (_case, answer, message) => {
	const contact = server.seedContact({ email: 'ann@example.com', firstName: 'Ann' });
	const id = String(contact.id);
	server.answerNextGet(`/v1/contacts/${id}`, answer);
	const result = await runNode({
		type: 'customerEngagement',
		parameters: { resource: 'contact', operation: 'update', contactId: byId(id), updateFields: { firstName: 'Overwritten' }, simplify: false } as never,
		credentials: credentials(),
	});
	expect(result.error?.message).toBe(message.replace('{id}', id));
	expect(server.requestLines()).toEqual([`GET /v1/contacts/${id}`]);
	expect(server.state.contacts.get(id)?.firstName).toBe('Ann');
});
