/** Text → Send (resources/text/), through n8n's engine against the stand-in. */
import { useCustomerEngagementServer } from '../support/setup';

const { server, run } = useCustomerEngagementServer();
const json = (result: Awaited<ReturnType<typeof run>>) => result.items.map((i) => i.json);

describe('text', () => {
	test('send to a customer, scheduled', async () => {
		const contact = server.seedContact({ phone: '+15550100' });
		const result = await run({
			resource: 'text',
			operation: 'send',
			customerId: contact.id,
			toPhone: '',
			message: 'Hi!',
			additionalFields: { scheduledDate: '2030-01-01T10:00:00Z' },
		});
		expect(server.requestLines()).toEqual(['POST /v1/texts']);
		expect(server.requests[0].body).toEqual({
			customerId: contact.id,
			message: 'Hi!',
			scheduledDate: '2030-01-01T10:00:00.000Z',
		});
		expect(json(result)[0]).toEqual({ id: expect.any(String), status: 'Sent' });
	});

	test('a To Phone, Customer and message an expression gives as numbers are sent as text', async () => {
		const result = await run({
			resource: 'text',
			operation: 'send',
			customerId: '',
			toPhone: '={{ 15550100 }}',
			message: '={{ 42 }}',
		});
		expect(result.error).toBeUndefined();
		await run({
			resource: 'text',
			operation: 'send',
			customerId: '={{ 12345 }}',
			toPhone: '={{ $json.nothing }}',
			message: 'Hi',
		});
		await run({
			resource: 'text',
			operation: 'send',
			customerId: '',
			toPhone: '={{ 0 }}',
			message: '={{ 0 }}',
		});
		expect(server.requests.map((r) => r.body)).toEqual([
			{ toPhone: '15550100', message: '42' },
			{ customerId: '12345', message: 'Hi' },
			{ toPhone: '0', message: '0' },
		]);
	});

	test.each([
		[
			{ customerId: '', toPhone: '', message: 'Hi' },
			'Customer or To Phone: enter at least one recipient (Customer wins when both are given)',
		],
		[
			{ customerId: 'ct_1', message: '' },
			'The \'Node\' node has issues:\n- Parameter "Message" is required.',
		],
		[{ customerId: 'ct_1', message: '={{ " " }}' }, 'Message: enter the text to send'],
		[{ customerId: 'ct_1', message: '={{ null }}' }, 'Message: enter the text to send'],
	])('send rejects %j before any request', async (params, message) => {
		const result = await run({ resource: 'text', operation: 'send', ...params });
		expect(result.error?.message).toBe(message);
		expect(server.requests).toHaveLength(0);
	});

	test('a recipient who unsubscribed: the API says so', async () => {
		const contact = server.seedContact({ phone: '+1555', unsubscribedFromText: true });
		const result = await run({
			resource: 'text',
			operation: 'send',
			customerId: contact.id,
			message: 'Hi',
		});
		expect(result.error?.message).toBe(
			'The Customer Engagement API rejected the request (ILLEGAL_ARGUMENT): The recipient has unsubscribed from texts',
		);
	});

	test('Send, every value an expression: each evaluated only as often as n8n needs; 3 texts sent', async () => {
		const ids = [0, 1, 2].map((i) => server.seedContact({ phone: `+1555010${i}` }).id as string);
		const result = await run(
			{
				resource: 'text',
				operation: 'send',
				customerId: '={{ $json.id }}',
				message: '={{ $json.message }}',
			},
			{ items: ids.map((id, i) => ({ id, message: `M${i}` })) },
		);
		expect(result.error).toBeUndefined();
		expect(json(result)).toEqual(Array(3).fill({ id: expect.any(String), status: 'Sent' }));
		expect(server.requestLines()).toEqual(Array(3).fill('POST /v1/texts'));
		expect(server.requests.map((r) => r.body)).toEqual(
			ids.map((customerId, i) => ({ customerId, message: `M${i}` })),
		);
	});
});
