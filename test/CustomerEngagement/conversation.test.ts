/** Conversation → Get (resources/conversation/): a customer's texts, paged back by date, through n8n's engine against the stand-in. */
import { useCustomerEngagementServer } from '../support/setup';

const { server, run } = useCustomerEngagementServer();
const json = (result: Awaited<ReturnType<typeof run>>) => result.items.map((i) => i.json);

describe('conversation', () => {
	test('conversation: pages back with beforeDate = conversation[0].date, one item per message, oldest first', async () => {
		const contact = server.seedContact({ phone: '+1555', firstName: 'Ann' });
		for (let i = 0; i < 20; i++)
			server.seedMessage(
				contact.id as string,
				`m${i}`,
				new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
				i % 2 === 0,
			);
		const result = await run({
			resource: 'conversation',
			operation: 'get',
			customerId: contact.id,
			phone: '',
		});
		expect(json(result).map((m) => m.content)).toEqual(
			Array.from({ length: 20 }, (_, i) => `m${i}`),
		);
		expect(json(result)[0]).toMatchObject({
			date: '2026-01-01T00:00:00.000Z',
			type: 'text',
			fromContact: true,
			contactId: contact.id,
			phone: '+1555',
		});
		const oldestOfFirstPage = new Date(Date.UTC(2026, 0, 6)).toISOString();
		const oldest = new Date(Date.UTC(2026, 0, 1)).toISOString();
		expect(server.requestLines()).toEqual([
			`GET /v1/texts/conversations?customerId=${contact.id}`,
			`GET /v1/texts/conversations?customerId=${contact.id}&beforeDate=${encodeURIComponent(oldestOfFirstPage)}`,
			`GET /v1/texts/conversations?customerId=${contact.id}&beforeDate=${encodeURIComponent(oldest)}`,
		]);
	});

	test('conversation from a server that ignores beforeDate: the repeated page ends paging and its messages are emitted once', async () => {
		const contact = server.seedContact({ phone: '+1555' });
		const page = {
			phone: '+1555',
			conversation: [
				{
					date: '2026-01-02T00:00:00.000Z',
					messages: [
						{
							type: 'text',
							date: '2026-01-02T00:00:00.000Z',
							status: 'Sent',
							text: { content: 'only' },
						},
					],
				},
			],
			contacts: [{ contactId: contact.id }],
		};
		server.injectFault({ kind: 'status', status: 200, body: page }, 2);
		const result = await run({
			resource: 'conversation',
			operation: 'get',
			customerId: contact.id,
			phone: '',
		});
		expect(json(result).map((m) => m.content)).toEqual(['only']);
		expect(server.requestLines()).toEqual([
			`GET /v1/texts/conversations?customerId=${contact.id}`,
			`GET /v1/texts/conversations?customerId=${contact.id}&beforeDate=${encodeURIComponent('2026-01-02T00:00:00.000Z')}`,
		]);
	});

	test('conversation raw mode returns the pages, oldest first', async () => {
		const contact = server.seedContact({ phone: '+1555' });
		for (let i = 0; i < 16; i++)
			server.seedMessage(
				contact.id as string,
				`m${i}`,
				new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
			);
		const result = await run({
			resource: 'conversation',
			operation: 'get',
			phone: '+1555',
			options: { output: 'raw' },
		});
		expect(server.requestLines()[0]).toBe('GET /v1/texts/conversations?phone=%2B1555');
		expect(server.requests[0].rawBody).toBe('');
		expect(result.items).toHaveLength(2);
		expect((json(result)[0].conversation as unknown[]).length).toBe(1);
		expect((json(result)[1].conversation as unknown[]).length).toBe(15);
	});

	test('conversation without customer or phone is rejected before any request', async () => {
		const result = await run({
			resource: 'conversation',
			operation: 'get',
			customerId: '',
			phone: ' ',
		});
		expect(result.error?.message).toBe(
			'Customer or Phone: enter at least one (Customer wins when both are given)',
		);
		expect(server.requests).toHaveLength(0);
	});

	test('Get, every value an expression: each evaluated only as often as n8n needs; the conversations of 3 customers read', async () => {
		const ids = [0, 1, 2].map((i) => server.seedContact({ phone: `+1555010${i}` }).id as string);
		ids.forEach((id, i) =>
			server.seedMessage(id, `m${i}`, new Date(Date.UTC(2026, 0, 1 + i)).toISOString()),
		);
		const result = await run(
			{ resource: 'conversation', operation: 'get', customerId: '={{ $json.id }}' },
			{ items: ids.map((id) => ({ id })) },
		);
		expect(result.error).toBeUndefined();
		expect(json(result).map((m) => [m.contactId, m.content])).toEqual(
			ids.map((id, i) => [id, `m${i}`]),
		);
		// Each customer's page, then the page before it (empty); the items run side by side.
		const expected = ids.flatMap((id, i) => [
			`GET /v1/texts/conversations?customerId=${id}`,
			`GET /v1/texts/conversations?customerId=${id}&beforeDate=${encodeURIComponent(new Date(Date.UTC(2026, 0, 1 + i)).toISOString())}`,
		]);
		expect(server.requestLines().sort()).toEqual(expected.sort());
	});
});
