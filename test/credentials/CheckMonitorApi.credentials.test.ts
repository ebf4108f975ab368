/**
 * The Check Monitor API credential (credentials/CheckMonitorApi.credentials.ts): its test as
 * n8n runs it against the stand-in, where `authenticate` sends API requests and pings (the ping
 * URL, the ping key, never the API key with a ping), and the fields saved credentials depend on.
 */
import type { IHttpRequestOptions } from 'n8n-workflow';
import { CheckMonitorApi } from '../../credentials/CheckMonitorApi.credentials';
import { testCredential } from '../../harness/engine';
import { everything, useCheckMonitorServer } from '../support/setup';
import { CM_KEY, CM_READ_ONLY_KEY } from '../../harness/servers/checkMonitorServer';

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

describe('Check Monitor API credential: where pings go', () => {
	const authenticate = async (credentials: Record<string, string>, url: string) => {
		const { CheckMonitorApi } = await import('../../credentials/CheckMonitorApi.credentials');
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

test.each([
	['an API version at the end is removed, of any number', new CheckMonitorApi(), 'https://monitor.example.com/api/v12', 'https://monitor.example.com'],
	['/api/v3 inside the path is kept', new CheckMonitorApi(), 'https://proxy.example.com/api/v3/monitor', 'https://proxy.example.com/api/v3/monitor'],
])('Base URL: %s', async (_name, credential, baseUrl, applied) => {
	const authenticate = credential.authenticate as (c: object, r: IHttpRequestOptions) => Promise<IHttpRequestOptions>;
	const options = await authenticate({ baseUrl, accessToken: 't0k', apiKey: 'k' }, { url: '/x' });
	expect(options.baseURL).toBe(applied);
});
