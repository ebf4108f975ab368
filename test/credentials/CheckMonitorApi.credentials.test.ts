/**
 * The Check Monitor API credential (credentials/CheckMonitorApi.credentials.ts): its test as
 * n8n runs it against the stand-in, the base URL it gives (a pasted /api/v3 or trailing slash
 * removed), its key header, and the fields saved credentials depend on. Where pings go: ping.send.test.ts.
 */
import { Workflow, type INode } from 'n8n-workflow';
import {
	CHECK_MONITOR_BASE_URL,
	CheckMonitorApi,
} from '../../credentials/CheckMonitorApi.credentials';
import { nodeTypes, testCredential } from '../../harness/engine';
import { checkMonitorApi } from '../../nodes/CheckMonitor/shared/checkMonitorApi';
import { everything, useCheckMonitorServer } from '../support/setup';
import { CM_KEY, CM_READ_ONLY_KEY } from '../../harness/servers/checkMonitorServer';

describe('Check Monitor API credential test', () => {
	const { server } = useCheckMonitorServer();

	test.each([
		['read-write key', CM_KEY],
		['read-only key', CM_READ_ONLY_KEY],
	])('succeeds with a %s, calling an endpoint that needs a key', async (_name, apiKey) => {
		const result = await testCredential('checkMonitorApi', { baseUrl: `${server.url}/`, apiKey });
		expect(result).toEqual({ status: 'OK', message: 'Connection successful!' });
		expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/v3/checks/']);
		expect(server.requests[0].headers['x-api-key']).toBe(apiKey);
	});

	test('accepts a base URL that already ends in /api/v3', async () => {
		const result = await testCredential('checkMonitorApi', {
			baseUrl: `${server.url}/api/v3/`,
			apiKey: CM_KEY,
		});
		expect(result.status).toBe('OK');
		expect(server.requests[0].path).toBe('/api/v3/checks/');
	});

	test('fails with a base-URL hint when nothing answers at the path', async () => {
		const result = await testCredential('checkMonitorApi', {
			baseUrl: `${server.url}/not-the-api`,
			apiKey: CM_KEY,
		});
		expect(result).toEqual({
			status: 'Error',
			message:
				'Nothing answered at <Base URL>/api/v3/checks/ (404). Check the Base URL: it is the server root, for example https://healthchecks.io.',
		});
	});

	test.each([
		['a 32-character key that matches nothing', 'x'.repeat(32)],
		['a key of the wrong length', 'short-secret-key'],
	])('fails with a clear message for %s, without showing it', async (_name, apiKey) => {
		const result = await testCredential('checkMonitorApi', { baseUrl: server.url, apiKey });
		expect(result).toEqual({
			status: 'Error',
			message:
				'The API key was rejected (401). Use a project API key from Project Settings → API Access (32 characters).',
		});
		expect(everything(result)).not.toContain(apiKey);
	});
});

/** The base URL the operations go to (the credential's expression, as n8n evaluates it) and the one the node's own requests take (the API definition's code). */
function baseUrls(baseUrl: string | undefined) {
	const workflow = new Workflow({ nodes: [], connections: {}, active: false, nodeTypes });
	const node = {
		name: 'Node',
		type: 'n8n-nodes-base.noOp',
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
	} as unknown as INode;
	return {
		operations: workflow.expression.getSimpleParameterValue(
			node,
			CHECK_MONITOR_BASE_URL,
			'internal',
			{ $credentials: { baseUrl } },
		),
		requests: checkMonitorApi.baseUrl({ baseUrl }),
	};
}

test.each([
	[
		'an API version at the end is removed, of any number',
		'https://monitor.example.com/api/v12',
		'https://monitor.example.com',
	],
	[
		'a trailing slash and spaces are removed',
		' http://monitor.internal:8000/api/v3/ ',
		'http://monitor.internal:8000',
	],
	[
		'/api/v3 inside the path is kept',
		'https://proxy.example.com/api/v3/monitor',
		'https://proxy.example.com/api/v3/monitor',
	],
])(
	"Base URL: %s, alike for the operations and the node's own requests",
	(_name, baseUrl, applied) => {
		expect(baseUrls(baseUrl)).toEqual({ operations: applied, requests: applied });
	},
);

test("the API key goes in the X-Api-Key header, as n8n's generic authentication sends it (pings send none: ping.send.test.ts)", () => {
	expect(new CheckMonitorApi().authenticate).toEqual({
		type: 'generic',
		properties: { headers: { 'X-Api-Key': '={{$credentials.apiKey}}' } },
	});
});
