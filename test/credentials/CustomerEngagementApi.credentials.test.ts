/**
 * The Customer Engagement API credential (credentials/CustomerEngagementApi.credentials.ts):
 * its test as n8n runs it against the stand-in, what `authenticate` does to a request (base URL,
 * token, n8n's "Allowed HTTP Request Domains"), and the fields saved credentials depend on.
 */
import type { IHttpRequestOptions } from 'n8n-workflow';
import { CustomerEngagementApi } from '../../credentials/CustomerEngagementApi.credentials';
import { runNode, testCredential } from '../../harness/engine';
import { everything, useCustomerEngagementServer } from '../support/setup';
import { CE_TOKEN } from '../../harness/servers/customerEngagementServer';

describe('Customer Engagement API credential test', () => {
	const { server } = useCustomerEngagementServer();

	test.each([['no slash', ''], ['trailing slash', '/'], ['with /v1', '/v1/']])(
		'succeeds with the right token (base URL %s)',
		async (_name, suffix) => {
			const result = await testCredential('customerEngagementApi', {
				baseUrl: server.url + suffix,
				accessToken: CE_TOKEN,
			});
			expect(result).toEqual({ status: 'OK', message: 'Connection successful!' });
			expect(server.requests).toHaveLength(1);
			// One contact is enough to prove the token: the test reads no more.
			expect(server.requests[0]).toMatchObject({ method: 'GET', path: '/v1/contacts', query: [['perPage', '1']] });
			expect(server.requests[0].headers.authorization).toBe(`Bearer ${CE_TOKEN}`);
		},
	);

	test('fails with a clear message for a wrong token, without showing it', async () => {
		const secret = 'wrong-token-that-must-not-leak-123';
		const result = await testCredential('customerEngagementApi', { baseUrl: server.url, accessToken: secret });
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
			credentials: { customerEngagementApi: { baseUrl: server.url, accessToken: CE_TOKEN, ...restricted } },
		});
		expect(result.error).toBeUndefined();
		expect(server.requests.map((r) => r.path)).toEqual(['/v1/labels']);
	});

	test('the credential used for an absolute URL (an HTTP Request node) keeps its list and gets no base URL', async () => {
		const credential = new CustomerEngagementApi();
		const authenticate = credential.authenticate as (c: object, r: IHttpRequestOptions) => Promise<IHttpRequestOptions>;
		const options = await authenticate({ baseUrl: 'https://api.example.com/v1', accessToken: 't0k', ...restricted }, {
			url: 'https://elsewhere.example/x',
			allowedDomains: 'other.example',
		});
		expect(options).toEqual({ url: 'https://elsewhere.example/x', allowedDomains: 'other.example', headers: { Authorization: 'Bearer t0k' } });
		const own = await authenticate({ baseUrl: ' https://api.example.com/v1/ ', accessToken: 't0k' }, { url: '/v1/labels', allowedDomains: 'other.example' });
		expect(own).toEqual({ url: '/v1/labels', baseURL: 'https://api.example.com', allowedDomains: 'api.example.com, other.example', headers: { Authorization: 'Bearer t0k' } });
	});

	test('a base URL with several trailing slashes; no domain list stays none; a base URL without a host adds none; no base URL stays empty', async () => {
		const credential = new CustomerEngagementApi();
		const authenticate = credential.authenticate as (c: object, r: IHttpRequestOptions) => Promise<IHttpRequestOptions>;
		const open = await authenticate({ baseUrl: 'https://api.example.com//', accessToken: 't0k' }, { url: '/v1/labels' });
		expect(open).toEqual({ url: '/v1/labels', baseURL: 'https://api.example.com', headers: { Authorization: 'Bearer t0k' } });
		const hostless = await authenticate({ baseUrl: 'api.example.com', accessToken: 't0k' }, { url: '/v1/labels', allowedDomains: 'other.example' });
		expect(hostless).toEqual({ url: '/v1/labels', baseURL: 'api.example.com', allowedDomains: 'other.example', headers: { Authorization: 'Bearer t0k' } });
		const none = await authenticate({ accessToken: 't0k' }, { url: '/v1/labels' });
		expect(none).toEqual({ url: '/v1/labels', baseURL: '', headers: { Authorization: 'Bearer t0k' } });
	});
});

test.each([
	['an API path at the end is removed', new CustomerEngagementApi(), 'https://api.example.com/v1', 'https://api.example.com'],
	['/v1 inside the path is kept', new CustomerEngagementApi(), 'https://gw.example.com/v1beta/engagement', 'https://gw.example.com/v1beta/engagement'],
])('Base URL: %s', async (_name, credential, baseUrl, applied) => {
	const authenticate = credential.authenticate as (c: object, r: IHttpRequestOptions) => Promise<IHttpRequestOptions>;
	const options = await authenticate({ baseUrl, accessToken: 't0k', apiKey: 'k' }, { url: '/x' });
	expect(options.baseURL).toBe(applied);
});
