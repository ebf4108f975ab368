import type { ICredentialType, IHttpRequestOptions } from 'n8n-workflow';
import { CheckMonitorApi } from '../credentials/CheckMonitorApi.credentials';
import { CustomerEngagementApi } from '../credentials/CustomerEngagementApi.credentials';
import { runNode, testCredential } from './support/engine';
import { everything, useCheckMonitorServer, useCustomerEngagementServer } from './support/setup';
import { CM_KEY, CM_READ_ONLY_KEY } from './support/servers/checkMonitorServer';
import { CE_TOKEN } from './support/servers/customerEngagementServer';

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

describe('Check Monitor API credential test', () => {
	const { server } = useCheckMonitorServer();

	test.each([['read-write key', CM_KEY], ['read-only key', CM_READ_ONLY_KEY]])(
		'succeeds with a %s, calling an endpoint that needs a key',
		async (_name, apiKey) => {
			const result = await testCredential('checkMonitorApi', { baseUrl: `${server.url}/`, apiKey });
			expect(result).toEqual({ status: 'OK', message: 'Connection successful!' });
			expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/v3/checks/']);
			expect(server.requests[0].headers['x-api-key']).toBe(apiKey);
		},
	);

	test('accepts a base URL that already ends in /api/v3', async () => {
		const result = await testCredential('checkMonitorApi', { baseUrl: `${server.url}/api/v3/`, apiKey: CM_KEY });
		expect(result.status).toBe('OK');
		expect(server.requests[0].path).toBe('/api/v3/checks/');
	});

	test('fails with a base-URL hint when nothing answers at the path', async () => {
		const result = await testCredential('checkMonitorApi', { baseUrl: `${server.url}/not-the-api`, apiKey: CM_KEY });
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

describe('Check Monitor API credential: where pings go', () => {
	const authenticate = async (credentials: Record<string, string>, url: string) => {
		const { CheckMonitorApi } = await import('../credentials/CheckMonitorApi.credentials');
		const options: IHttpRequestOptions = { url, method: 'POST', headers: { Accept: 'text/plain' } };
		const apply = new CheckMonitorApi().authenticate as (c: Record<string, string>, o: IHttpRequestOptions) => Promise<IHttpRequestOptions>;
		const result = await apply({ apiKey: CM_KEY, ...credentials }, options);
		return { target: `${result.baseURL}${result.url}`, headers: result.headers };
	};
	const uuid = '8a3c5b7e-1f2d-4c6a-9b0e-3d5f7a9c1e2b';

	test.each([
		['the hosted service: its ping host', { baseUrl: 'https://healthchecks.io/' }, `https://hc-ping.com/${uuid}/start`],
		['a self-hosted server: <Base URL>/ping', { baseUrl: 'http://monitor.internal:8000/api/v3' }, `http://monitor.internal:8000/ping/${uuid}/start`],
		['the Ping URL when given', { baseUrl: 'https://healthchecks.io', pingUrl: ' https://ping.example.com/p/ ' }, `https://ping.example.com/p/${uuid}/start`],
		['a Ping URL with several trailing slashes', { baseUrl: 'https://healthchecks.io', pingUrl: 'https://ping.example.com/p//' }, `https://ping.example.com/p/${uuid}/start`],
		['a region of the hosted service: its ping host', { baseUrl: 'https://eu.healthchecks.io' }, `https://hc-ping.com/${uuid}/start`],
		['a host that only ends like the hosted one: <Base URL>/ping', { baseUrl: 'https://nothealthchecks.io' }, `https://nothealthchecks.io/ping/${uuid}/start`],
	])('%s, without the API key', async (_name, credentials, target) => {
		const result = await authenticate(credentials, `/ping/${uuid}/start`);
		expect(result.target).toBe(target);
		expect(result.headers).toEqual({ Accept: 'text/plain' });
	});

	test('by slug: the ping key goes into the path, URL-encoded', async () => {
		const result = await authenticate({ baseUrl: 'https://healthchecks.io', pingKey: 'k/y' }, '/ping-by-slug/nightly-backup/fail');
		expect(result.target).toBe('https://hc-ping.com/k%2Fy/nightly-backup/fail');
	});

	test('API requests keep the API key and the base URL', async () => {
		const result = await authenticate({ baseUrl: 'https://healthchecks.io' }, '/api/v3/checks/');
		expect(result.target).toBe('https://healthchecks.io/api/v3/checks/');
		expect(result.headers).toEqual({ Accept: 'text/plain', 'X-Api-Key': CM_KEY });
	});
});

describe('the credentials as the node contract fixes them (saved credentials depend on the names)', () => {
	const fields = (credential: ICredentialType) =>
		credential.properties.map(({ name, type, required, default: value, typeOptions }) => ({ name, type, required: required ?? false, default: value, password: typeOptions?.password ?? false }));

	test.each([
		[
			'Customer Engagement API: a required Base URL and a required Access Token, kept as a password',
			() => new CustomerEngagementApi(),
			'customerEngagementApi',
			[
				{ name: 'baseUrl', type: 'string', required: true, default: '', password: false },
				{ name: 'accessToken', type: 'string', required: true, default: '', password: true },
			],
		],
		[
			'Check Monitor API: the hosted service by default, a required API key, an optional Ping URL and Ping Key (a password)',
			() => new CheckMonitorApi(),
			'checkMonitorApi',
			[
				{ name: 'baseUrl', type: 'string', required: true, default: 'https://healthchecks.io', password: false },
				{ name: 'apiKey', type: 'string', required: true, default: '', password: true },
				{ name: 'pingUrl', type: 'string', required: false, default: '', password: false },
				{ name: 'pingKey', type: 'string', required: false, default: '', password: true },
			],
		],
		// Built inside the test, so that the mutation run counts this test as covering the class's
		// fields (a table built while jest collects tests covers them in no test).
	])('%s', (_name, build, name, expected) => {
		const credential = build();
		expect(credential.name).toBe(name);
		expect(fields(credential)).toEqual(expected);
	});

	test.each([
		['an API path at the end is removed', new CustomerEngagementApi(), 'https://api.example.com/v1', 'https://api.example.com'],
		['/v1 inside the path is kept', new CustomerEngagementApi(), 'https://gw.example.com/v1beta/engagement', 'https://gw.example.com/v1beta/engagement'],
		['an API version at the end is removed, of any number', new CheckMonitorApi(), 'https://monitor.example.com/api/v12', 'https://monitor.example.com'],
		['/api/v3 inside the path is kept', new CheckMonitorApi(), 'https://proxy.example.com/api/v3/monitor', 'https://proxy.example.com/api/v3/monitor'],
	])('Base URL: %s', async (_name, credential, baseUrl, applied) => {
		const authenticate = credential.authenticate as (c: object, r: IHttpRequestOptions) => Promise<IHttpRequestOptions>;
		const options = await authenticate({ baseUrl, accessToken: 't0k', apiKey: 'k' }, { url: '/x' });
		expect(options.baseURL).toBe(applied);
	});
});
