/**
 * What several resources share (shared/descriptions.ts): each name declared once, shown exactly
 * where it was shown before; and the Customer of Text → Send and Conversation → Get, as each
 * operation sends it, however it was given.
 */
import { NodeHelpers, type INodeProperties, type INodePropertyOptions } from 'n8n-workflow';
import { CustomerEngagement } from '../../nodes/CustomerEngagement/CustomerEngagement.node';
import { useCustomerEngagementServer } from '../support/setup';

const { server, run } = useCustomerEngagementServer();

const { properties } = new CustomerEngagement().description;
const definitionsOf = (name: string) => properties.filter((p) => p.name === name);
/** Every operation of the node, as `resource.operation`, with the definitions of `name` it shows. */
function shownFor(name: string): Record<string, number> {
	const shown: Record<string, number> = {};
	for (const selector of definitionsOf('operation')) {
		const resource = (selector.displayOptions?.show?.resource as string[])[0];
		for (const { value } of selector.options as INodePropertyOptions[]) {
			const values = { resource, operation: value, returnAll: false };
			const count = definitionsOf(name).filter((p: INodeProperties) =>
				NodeHelpers.displayParameter(values, p, null, null),
			).length;
			if (count > 0) shown[`${resource}.${String(value)}`] = count;
		}
	}
	return shown;
}

describe('declared once: n8n evaluates a saved value once per definition of its name, for every item', () => {
	test.each(['customerId', 'name', 'returnAll', 'limit'])('%s is one definition', (name) => {
		expect(definitionsOf(name)).toHaveLength(1);
	});

	test('Contact is one definition per display rule (4), and one shown for each operation on a contact', () => {
		expect(definitionsOf('contactId')).toHaveLength(4);
		expect(shownFor('contactId')).toEqual({
			'contact.adjustLoyaltyPoints': 1,
			'contact.delete': 1,
			'contact.get': 1,
			'contact.update': 1,
			'activity.getAll': 1,
			'note.create': 1,
			'visit.create': 1,
			'loyaltyReward.redeem': 1,
		});
	});

	test('Return All and Limit are shown for every Get Many, and only there', () => {
		// Every Get Many the node declares, read from its Operation selectors.
		const getMany = Object.fromEntries(
			definitionsOf('operation')
				.filter((selector) =>
					(selector.options as INodePropertyOptions[]).some(({ value }) => value === 'getAll'),
				)
				.map((selector) => [
					`${(selector.displayOptions?.show?.resource as string[])[0]}.getAll`,
					1,
				]),
		);
		expect(Object.keys(getMany).length).toBeGreaterThan(5);
		expect(shownFor('returnAll')).toEqual(getMany);
		expect(shownFor('limit')).toEqual(getMany);
	});
});

test.each([
	[
		'picked from the list',
		(id: string) => ({ __rl: true, mode: 'list', value: id, cachedResultName: 'Ann' }),
	],
	['by ID', (id: string) => ({ __rl: true, mode: 'id', value: id })],
	['as saved by earlier versions (a plain string)', (id: string) => id],
	['by ID from an expression', () => ({ __rl: true, mode: 'id', value: '={{ $json.contact }}' })],
])('the customer %s: Text Send and Conversation Get send its ID', async (_name, customer) => {
	const contact = server.seedContact({ phone: '+15550100' });
	const send = await run(
		{
			resource: 'text',
			operation: 'send',
			customerId: customer(contact.id as string),
			toPhone: '+15550999',
			message: 'Hi!',
		},
		{ items: [{ contact: contact.id }] },
	);
	expect(send.error).toBeUndefined();
	expect(server.requests[0].body).toEqual({
		customerId: contact.id,
		toPhone: '+15550999',
		message: 'Hi!',
	});
	const conversation = await run(
		{
			resource: 'conversation',
			operation: 'get',
			customerId: customer(contact.id as string),
			phone: '',
		},
		{ items: [{ contact: contact.id }] },
	);
	expect(conversation.error).toBeUndefined();
	expect(server.requestLines()[1]).toBe(`GET /v1/texts/conversations?customerId=${contact.id}`);
	// Customer is routed to the body and moved to the query: nothing is left in the body of the GET.
	expect(server.requests[1].rawBody).toBe('');
});
