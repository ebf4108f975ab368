/**
 * The safe update (read, merge, write back: nodes/shared/safeUpdate.ts) checks its own read,
 * whatever the request code before it let through: it refuses to write when it read by no id
 * (the package's own path parameters refuse an empty id before any request, so this runs
 * Contact → Update on a node whose update reads a URL that names no `{contactId}`), and when
 * the read answered JSON that is not an object (writeGuards.test.ts has a list, another
 * record and a record without an ID). A file of its own, so that the mutation state of
 * the other write-guard tests stays valid (docs/mutation.md).
 */
import type { INodeProperties, INodePropertyOptions, INodeType } from 'n8n-workflow';
import { CustomerEngagement } from '../../nodes/CustomerEngagement/CustomerEngagement.node';
import { mergeContact } from '../../nodes/CustomerEngagement/resources/contact/update';
import { customerEngagementApi } from '../../nodes/CustomerEngagement/shared/customerEngagementApi';
import { readMergeWrite } from '../../nodes/shared/safeUpdate';
import { byId, registerTestNode, runNode } from '../harness/engine';
import { useCustomerEngagementServer } from '../harness/setup';

const { server, credentials } = useCustomerEngagementServer();

/** Customer Engagement with Contact → Update sent by `update` to `url`. */
function registerUpdate(type: string, update: ReturnType<typeof readMergeWrite>, url: string): void {
	const node = new CustomerEngagement();
	let found = 0;
	const properties = node.description.properties.map((property): INodeProperties => {
		if (property.name !== 'operation' || !property.options) return property;
		const options = (property.options as INodePropertyOptions[]).map((option) => {
			if (option.value !== 'update' || !option.routing || !(property.displayOptions?.show?.resource as string[]).includes('contact')) return option;
			found++;
			const { routing } = option;
			return { ...option, routing: { ...routing, request: { ...routing.request, url }, operations: { ...routing.operations, pagination: update } } };
		});
		return { ...property, options } as INodeProperties;
	});
	expect(found).toBe(1);
	const nodeType: INodeType = { ...node, description: { ...node.description, properties } };
	registerTestNode(type, nodeType);
}

// The package's own API definitions cannot give an empty id here: resolvePath refuses it before
// any request, and no normalize function makes one. A URL without the id can.
test('Contact Update reading a URL that names no {contactId}: refused with the field named, nothing written', async () => {
	const contact = server.seedContact({ email: 'ann@example.com', firstName: 'Ann' });
	registerUpdate('updateWithoutId', readMergeWrite(customerEngagementApi, 'contactId', mergeContact), `/v1/contacts/${contact.id}`);
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

test.each([
	['null', null],
	['a number', 42],
	['true', true],
])('Contact Update whose read answers %s: "no record", nothing written', async (_case, answer) => {
	const contact = server.seedContact({ email: 'ann@example.com', firstName: 'Ann' });
	const id = String(contact.id);
	server.injectFault({ kind: 'status', status: 200, body: answer }, 1, (request) => request.method === 'GET' && request.path === `/v1/contacts/${id}`);
	const result = await runNode({
		type: 'customerEngagement',
		parameters: { resource: 'contact', operation: 'update', contactId: byId(id), updateFields: { firstName: 'Overwritten' } } as never,
		credentials: credentials(),
	});
	expect(result.error?.message).toBe(`Contact: reading "${id}" before the update returned no record; nothing was written`);
	expect(server.requestLines()).toEqual([`GET /v1/contacts/${id}`]);
	expect(server.state.contacts.get(id)?.firstName).toBe('Ann');
});
