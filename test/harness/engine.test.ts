/** The harness runs declarative operations through n8n's engine against the local servers. */
import { byId, runNode } from '../../harness/engine';
import { everything, useCheckMonitorServer, useCustomerEngagementServer } from '../support/setup';
import { CE_TOKEN } from '../../harness/servers/customerEngagementServer';

describe('a declarative operation through WorkflowExecute', () => {
	const ce = useCustomerEngagementServer();

	test('label get: output item and the request that reached the server', async () => {
		const label = { id: 'lb_x1', name: 'VIP', color: 'RED' };
		ce.server.state.labels.set(label.id, label);
		const result = await runNode({
			type: 'customerEngagement',
			parameters: { resource: 'label', operation: 'get', labelId: byId('lb_x1') },
			credentials: ce.credentials(),
		});
		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => i.json)).toEqual([label]);
		expect(ce.server.requests).toHaveLength(1);
		const [request] = ce.server.requests;
		expect(request.method).toBe('GET');
		expect(request.path).toBe('/v1/labels/lb_x1');
		expect(request.headers.authorization).toBe(`Bearer ${CE_TOKEN}`);
		expect(request.headers.accept).toBe('application/json');
	});

	test('each output item is paired with the input item it came from, also when the counts differ', async () => {
		const a = ce.server.seedContact().id as string;
		const b = ce.server.seedContact().id as string;
		for (const contactId of [a, a, a, b]) ce.server.seedVisit({ contactId });
		const result = await runNode({
			type: 'customerEngagement',
			parameters: {
				resource: 'visit',
				operation: 'getAll',
				returnAll: true,
				filters: { contactId: '={{ $json.contact }}' },
			},
			credentials: ce.credentials(),
			items: [{ contact: b }, { contact: a }],
		});
		expect(result.items.map((i) => [i.json.contactId, i.pairedItem])).toEqual([
			[b, { item: 0 }],
			[a, { item: 1 }],
			[a, { item: 1 }],
			[a, { item: 1 }],
		]);
	});

	test('one request per input item, each with its own expression values', async () => {
		ce.server.state.labels.set('lb_1', { id: 'lb_1', name: 'One', color: 'GREY' });
		ce.server.state.labels.set('lb_2', { id: 'lb_2', name: 'Two', color: 'GREY' });
		const result = await runNode({
			type: 'customerEngagement',
			parameters: {
				resource: 'label',
				operation: 'get',
				labelId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
			},
			credentials: ce.credentials(),
			items: [{ id: 'lb_1' }, { id: 'lb_2' }],
		});
		expect(result.items.map((i) => i.json.name)).toEqual(['One', 'Two']);
		expect(ce.server.requestLines().sort()).toEqual(['GET /v1/labels/lb_1', 'GET /v1/labels/lb_2']);
	});

	test('with Continue On Fail, a bad item becomes an error item and the others keep their results', async () => {
		ce.server.state.labels.set('lb_1', { id: 'lb_1', name: 'One', color: 'GREY' });
		const result = await runNode({
			type: 'customerEngagement',
			parameters: {
				resource: 'label',
				operation: 'get',
				labelId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
			},
			credentials: ce.credentials(),
			items: [{ id: 'lb_missing' }, { id: 'lb_1' }],
			continueOnFail: true,
		});
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(2);
		expect(result.items[0].json.error).toBe(
			'No label with ID "lb_missing" exists (RESOURCE_NOT_FOUND)',
		);
		expect(result.items[1].json).toEqual({ id: 'lb_1', name: 'One', color: 'GREY' });
	});

	test('without Continue On Fail the node fails with the API error in plain words', async () => {
		const result = await runNode({
			type: 'customerEngagement',
			parameters: { resource: 'label', operation: 'get', labelId: byId('lb_missing') },
			credentials: ce.credentials(),
		});
		expect(result.error?.message).toBe('No label with ID "lb_missing" exists (RESOURCE_NOT_FOUND)');
		expect(result.error?.description).toBe(
			'Label lb_missing not found. Send the ID of an existing label, as Label → Get Many lists it.',
		);
	});

	test('a 401 says to check the credential and never shows the token', async () => {
		const token = 'super-secret-token-do-not-leak';
		const result = await runNode({
			type: 'customerEngagement',
			parameters: { resource: 'label', operation: 'get', labelId: byId('lb_1') },
			credentials: { customerEngagementApi: { baseUrl: ce.server.url, accessToken: token } },
		});
		expect(result.error?.message).toBe(
			'The Customer Engagement API rejected the access token (INVALID_TOKEN)',
		);
		expect(result.error?.description).toContain('Check the Customer Engagement API credential');
		expect(everything(result.run)).not.toContain(token);
	});
});

describe('Check Monitor through the engine', () => {
	const cm = useCheckMonitorServer();

	test('status get wraps the plain-text OK', async () => {
		const result = await runNode({
			type: 'checkMonitor',
			parameters: { resource: 'status', operation: 'get' },
			credentials: cm.credentials(),
		});
		expect(result.items.map((i) => i.json)).toEqual([{ status: 'OK', ok: true, statusCode: 200 }]);
		expect(cm.server.requestLines()).toEqual(['GET /api/v3/status/']);
	});

	test('check get by UUID sends the key header and lowercases the UUID', async () => {
		const check = cm.server.seedCheck({ name: 'backup' });
		const result = await runNode({
			type: 'checkMonitor',
			parameters: { resource: 'check', operation: 'get', checkId: byId(check.uuid.toUpperCase()) },
			credentials: cm.credentials(),
		});
		expect(result.items[0].json).toMatchObject({ name: 'backup', uuid: check.uuid, status: 'new' });
		expect(cm.server.requestLines()).toEqual([`GET /api/v3/checks/${check.uuid}`]);
		expect(cm.server.requests[0].headers['x-api-key']).toBeDefined();
	});

	test('a missing check gives a not-found message without HTML', async () => {
		const uuid = '5d0c4b6e-0000-4000-8000-000000000000';
		const result = await runNode({
			type: 'checkMonitor',
			parameters: { resource: 'check', operation: 'get', checkId: byId(uuid) },
			credentials: cm.credentials(),
		});
		expect(result.error?.message).toBe(`No check with ID "${uuid}" was found`);
		expect(everything(result.error)).not.toMatch(/<h1>|<html/i);
	});
});
