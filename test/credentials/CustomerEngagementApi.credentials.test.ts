/**
 * The Customer Engagement API credential (credentials/CustomerEngagementApi.credentials.ts):
 * its test as n8n runs it against the stand-in, the base URL it gives (a pasted /v1 or trailing
 * slash removed), its token header, n8n's "Allowed HTTP Request Domains", and the fields saved
 * credentials depend on.
 */
import { Workflow, type INode } from 'n8n-workflow';
import {
	CUSTOMER_ENGAGEMENT_BASE_URL,
	CustomerEngagementApi,
} from '../../credentials/CustomerEngagementApi.credentials';
import { nodeTypes, runNode, testCredential } from '../../harness/engine';
import { customerEngagementApi } from '../../nodes/CustomerEngagement/shared/customerEngagementApi';
import { everything, useCustomerEngagementServer } from '../support/setup';
import { CE_TOKEN } from '../../harness/servers/customerEngagementServer';

describe('Customer Engagement API credential test', () => {
	const { server } = useCustomerEngagementServer();

	test.each([
		['no slash', ''],
		['trailing slash', '/'],
		['with /v1', '/v1/'],
	])('succeeds with the right token (base URL %s)', async (_name, suffix) => {
		const result = await testCredential('customerEngagementApi', {
			baseUrl: server.url + suffix,
			accessToken: CE_TOKEN,
		});
		expect(result).toEqual({ status: 'OK', message: 'Connection successful!' });
		expect(server.requests).toHaveLength(1);
		// One contact is enough to prove the token: the test reads no more.
		expect(server.requests[0]).toMatchObject({
			method: 'GET',
			path: '/v1/contacts',
			query: [['perPage', '1']],
		});
		expect(server.requests[0].headers.authorization).toBe(`Bearer ${CE_TOKEN}`);
	});

	test('fails with a clear message for a wrong token, without showing it', async () => {
		const secret = 'wrong-token-that-must-not-leak-123';
		const result = await testCredential('customerEngagementApi', {
			baseUrl: server.url,
			accessToken: secret,
		});
		expect(result).toEqual({
			status: 'Error',
			message:
				'The access token was rejected (401). Copy it again from the Apps / Integration page of your business backend.',
		});
		expect(everything(result)).not.toContain(secret);
	});

	test('fails with a base-URL hint when nothing answers at the path', async () => {
		const result = await testCredential('customerEngagementApi', {
			baseUrl: `${server.url}/not-the-api`,
			accessToken: CE_TOKEN,
		});
		expect(result.status).toBe('Error');
		expect(result.message).toContain('Check the Base URL');
	});
});

describe('credentials restricted to some domains ("Allowed HTTP Request Domains")', () => {
	const { server } = useCustomerEngagementServer();
	const restricted = { allowedHttpRequestDomains: 'domains', allowedDomains: 'other.example' };

	test("the node still reaches the credential's own API, as n8n allows for a node's own endpoint", async () => {
		const result = await runNode({
			type: 'customerEngagement',
			parameters: { resource: 'label', operation: 'getAll', returnAll: true } as never,
			credentials: {
				customerEngagementApi: { baseUrl: server.url, accessToken: CE_TOKEN, ...restricted },
			},
		});
		expect(result.error).toBeUndefined();
		expect(server.requests.map((r) => r.path)).toEqual(['/v1/labels']);
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
			CUSTOMER_ENGAGEMENT_BASE_URL,
			'internal',
			{ $credentials: { baseUrl } },
		),
		requests: customerEngagementApi.baseUrl({ baseUrl }),
	};
}

test.each([
	['an API path at the end is removed', 'https://api.example.com/v1', 'https://api.example.com'],
	[
		'a trailing slash and spaces are removed',
		' https://api.example.com/v1/ ',
		'https://api.example.com',
	],
	['several trailing slashes are removed', 'https://api.example.com//', 'https://api.example.com'],
	[
		'/v1 inside the path is kept',
		'https://gw.example.com/v1beta/engagement',
		'https://gw.example.com/v1beta/engagement',
	],
])(
	"Base URL: %s, alike for the operations and the node's own requests",
	(_name, baseUrl, applied) => {
		expect(baseUrls(baseUrl)).toEqual({ operations: applied, requests: applied });
	},
);

test("the token goes in the Authorization header, as n8n's generic authentication sends it", () => {
	expect(new CustomerEngagementApi().authenticate).toEqual({
		type: 'generic',
		properties: { headers: { Authorization: '=Bearer {{$credentials.accessToken}}' } },
	});
});
