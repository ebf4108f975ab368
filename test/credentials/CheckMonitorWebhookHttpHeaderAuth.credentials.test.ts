/** The Check Monitor Webhook credential: its fields, and its test run as n8n runs a node's credential test. */
import { CheckMonitorWebhookHttpHeaderAuth } from '../../credentials/CheckMonitorWebhookHttpHeaderAuth.credentials';
import { CheckMonitorWebhookTrigger } from '../../nodes/CheckMonitorWebhookTrigger/CheckMonitorWebhookTrigger.node';

test('a header name (default X-Check-Monitor-Secret) and a secret kept as a password, both required', () => {
	const credential = new CheckMonitorWebhookHttpHeaderAuth();
	expect(
		credential.properties.map((p) => [
			p.name,
			p.type,
			p.default,
			p.required,
			p.typeOptions?.password ?? false,
		]),
	).toEqual([
		['headerName', 'string', 'X-Check-Monitor-Secret', true, false],
		['secret', 'string', '', true, true],
	]);
});

test('the trigger names the method that tests it, and the method refuses a weak secret', async () => {
	const node = new CheckMonitorWebhookTrigger();
	const testedBy = node.description.credentials?.find((c) => c.name === 'checkMonitorWebhook')
		?.testedBy as string;
	const method = node.methods.credentialTest[testedBy as 'checkWebhookCredential'];
	const run = (data: object) =>
		method.call({} as never, { id: 'c', name: 'c', type: 'checkMonitorWebhook', data } as never);
	expect(
		await run({ headerName: 'X-Check-Monitor-Secret', secret: 'Zq8-r7Tn2wP5xL9kV3mB' }),
	).toMatchObject({ status: 'OK' });
	expect(await run({ headerName: 'X-Check-Monitor-Secret', secret: 'abc' })).toMatchObject({
		status: 'Error',
	});
});
