/**
 * The Customer of Text → Send and Conversation → Get (resources/text/customerLocator.ts), as each
 * operation sends it, however it was given.
 */
import { useCustomerEngagementServer } from '../support/setup';

const { server, run } = useCustomerEngagementServer();

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
