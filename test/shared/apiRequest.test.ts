/**
 * What every request goes through (nodes/shared/apiRequest.ts), through n8n's engine against the
 * stand-ins: rate limits and faults are retried where safe, never duplicated, never lost, at most
 * 5 in flight per credential (the gate's rules one at a time: test/shared/gate.test.ts); then
 * what a failure was for the retry policy, and the words of a failed request.
 */
import { byId, createPoller, runNode } from '../../harness/engine';
import { useCheckMonitorServer, useCustomerEngagementServer } from '../support/setup';
import { NodeApiError } from 'n8n-workflow';
import {
	classify,
	policy as resiliencePolicy,
	describeNetworkError,
	ErrorStatus,
	wordedError,
} from '../../nodes/shared/apiRequest';

describe('Customer Engagement', () => {
	const { server, credentials } = useCustomerEngagementServer();
	const run = (parameters: Record<string, unknown>, items?: object[]) =>
		runNode({
			type: 'customerEngagement',
			parameters: parameters as never,
			credentials: credentials(),
			items: items as never,
		});
	const createLabel = {
		resource: 'label',
		operation: 'create',
		name: '={{ $json.name ?? "VIP" }}',
	};

	test('a 429 on a write is retried after Retry-After (seconds); the label exists once', async () => {
		server.injectFault({ kind: 'status', status: 429, retryAfter: '1' });
		const started = Date.now();
		const result = await run(createLabel);
		expect(Date.now() - started).toBeGreaterThanOrEqual(950);
		expect(result.error).toBeUndefined();
		expect(server.requestLines()).toEqual(['POST /v1/labels', 'POST /v1/labels']);
		expect(server.state.labels.size).toBe(1);
	});

	test('Retry-After as an HTTP date is honoured', async () => {
		server.injectFault({
			kind: 'status',
			status: 429,
			retryAfter: new Date(Date.now() + 1500).toUTCString(),
		});
		const started = Date.now();
		await run(createLabel);
		// HTTP dates have whole seconds: the wait is between 0.5 and 1.5 s.
		expect(Date.now() - started).toBeGreaterThanOrEqual(450);
		expect(server.state.labels.size).toBe(1);
	});

	test('without Retry-After the node backs off and tries again, bounded in attempts', async () => {
		server.injectFault({ kind: 'status', status: 429 }, 2);
		const result = await run(createLabel);
		expect(result.error).toBeUndefined();
		expect(server.requests).toHaveLength(3);
		server.clearLog();
		server.injectFault({ kind: 'status', status: 429 }, 10);
		const failed = await run({ ...createLabel, name: 'Other' });
		expect(server.requests).toHaveLength(resiliencePolicy.rateLimitAttempts);
		expect(failed.error?.message).toBe(
			'Rate limit reached: the Customer Engagement API answered 429 (TOO_MANY_REQUESTS)',
		);
	});

	test('the total wait is bounded: a Retry-After beyond it fails at once, saying why', async () => {
		server.injectFault({ kind: 'status', status: 429, retryAfter: '3600' });
		const started = Date.now();
		const result = await run(createLabel);
		expect(Date.now() - started).toBeLessThan(1000);
		expect(server.requests).toHaveLength(1);
		expect(result.error?.description).toContain('waiting longer would exceed 120 s');
	});

	test('a 500 on a write is not retried (it may have happened): one request, a clear error', async () => {
		server.injectFault({
			kind: 'status',
			status: 500,
			body: { errorCode: 'INTERNAL', message: 'database timeout' },
		});
		const result = await run(createLabel);
		expect(server.requests).toHaveLength(1);
		expect(result.error?.message).toBe(
			'The Customer Engagement API failed with HTTP 500: database timeout',
		);
		expect(result.error?.description).toBe(
			'This is a problem on the API side. The request was a write (POST) and was not sent again: it may have happened, so check before running it again.',
		);
	});

	test('a dropped connection on a write is not retried, and the message says it may have happened', async () => {
		server.injectFault({ kind: 'drop' });
		const result = await run(createLabel);
		expect(server.requests).toHaveLength(1);
		expect(result.error?.message).toBe(
			'Could not reach the Customer Engagement API: the connection was closed before a response arrived',
		);
		expect(result.error?.description).toBe(
			'Network error ECONNRESET. Check the Base URL in the credential and that the server is reachable from n8n. The request was a write (POST) and was not sent again: it may have happened, so check before running it again.',
		);
	});

	test('a read that keeps failing (5xx, then a dropped connection) says it only reads data, never a word of writes', async () => {
		server.state.labels.set('lb_1', { id: 'lb_1', name: 'VIP', color: 'GREY' });
		server.injectFault({ kind: 'status', status: 503 }, 3);
		const failed = await run({ resource: 'label', operation: 'get', labelId: byId('lb_1') });
		expect(server.requests).toHaveLength(3);
		expect(failed.error?.message).toBe('The Customer Engagement API failed with HTTP 503');
		expect(failed.error?.description).toMatch(
			/^This is a problem on the API side\. The request only reads data, so running it again is safe\. The node tried 3 times over [\d.]+ s before giving up\.$/,
		);
		server.injectFault({ kind: 'drop' }, 3);
		const dropped = await run({ resource: 'label', operation: 'get', labelId: byId('lb_1') });
		expect(dropped.error?.message).toBe(
			'Could not reach the Customer Engagement API: the connection was closed before a response arrived',
		);
		expect(dropped.error?.description).toMatch(
			/^Network error ECONNRESET\. Check the Base URL in the credential and that the server is reachable from n8n\. The request only reads data, so running it again is safe\. The node tried 3 times over [\d.]+ s before giving up\.$/,
		);
		expect(`${failed.error?.description} ${dropped.error?.description}`).not.toMatch(/write/);
	});

	test('reads are retried on 5xx and dropped connections', async () => {
		server.state.labels.set('lb_1', { id: 'lb_1', name: 'VIP', color: 'GREY' });
		server.injectFault({ kind: 'status', status: 502 });
		server.injectFault({ kind: 'drop' });
		const result = await run({ resource: 'label', operation: 'get', labelId: byId('lb_1') });
		expect(result.items.map((i) => i.json.name)).toEqual(['VIP']);
		expect(server.requests).toHaveLength(3);
	});

	test('30 writes against 10 requests per second: every item done exactly once, 5 in flight at most', async () => {
		resiliencePolicy.maxTotalWaitMs = 60_000;
		server.setRateLimit({ requests: 10, windowMs: 1000 });
		// Slow answers, so that the cap is what limits the requests in flight.
		server.responseDelayMs = 100;
		const items = Array.from({ length: 30 }, (_, i) => ({ name: `L${i}` }));
		const result = await run(createLabel, items);
		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => i.json.name)).toEqual(items.map((i) => i.name));
		expect([...server.state.labels.values()].map((l) => l.name).sort()).toEqual(
			items.map((i) => i.name).sort(),
		);
		expect(server.maxInFlight).toBe(resiliencePolicy.maxConcurrent);
	}, 30_000);

	test('the cap is exact: a slow server sees exactly 5 requests at once, also when one is retried after a 429', async () => {
		server.state.labels.set('lb_1', { id: 'lb_1', name: 'VIP', color: 'GREY' });
		server.responseDelayMs = 150;
		server.injectFault({ kind: 'status', status: 429, retryAfter: '0' });
		const items = Array.from({ length: 12 }, () => ({}));
		const result = await run({ resource: 'label', operation: 'get', labelId: byId('lb_1') }, items);
		expect(result.items).toHaveLength(12);
		expect(server.requests).toHaveLength(13);
		expect(server.maxInFlight).toBe(resiliencePolicy.maxConcurrent);
	});

	test("a 429 pauses only the credential that got it: another account's requests go on", async () => {
		server.state.labels.set('lb_a', { id: 'lb_a', name: 'A', color: 'GREY' });
		server.state.labels.set('lb_b', { id: 'lb_b', name: 'B', color: 'GREY' });
		server.injectFault(
			{ kind: 'status', status: 429, retryAfter: '2' },
			1,
			(request) => request.path === '/v1/labels/lb_a',
		);
		const started = Date.now();
		const getLabel = (labelId: string, credentialId: string) =>
			runNode({
				type: 'customerEngagement',
				parameters: { resource: 'label', operation: 'get', labelId: byId(labelId) } as never,
				credentials: credentials(),
				items: Array.from({ length: 3 }, () => ({})) as never,
				credentialId,
			}).then((r) => ({ r, ms: Date.now() - started }));
		const first = getLabel('lb_a', 'account-a');
		// The second account starts while the first one's 429 pause is running.
		await new Promise((resolve) => setTimeout(resolve, 200));
		const [a, b] = await Promise.all([first, getLabel('lb_b', 'account-b')]);
		expect(a.r.items.map((i) => i.json.name)).toEqual(['A', 'A', 'A']);
		expect(b.r.items.map((i) => i.json.name)).toEqual(['B', 'B', 'B']);
		expect(a.ms).toBeGreaterThanOrEqual(1900);
		expect(b.ms).toBeLessThan(1500);
	});
});

describe('Check Monitor and triggers', () => {
	const { server, credentials } = useCheckMonitorServer();

	test('a 429 (text body, as from a proxy) during a trigger poll is waited out', async () => {
		const check = server.seedCheck({ name: 'a' });
		const trigger = createPoller({
			type: 'checkMonitorTrigger',
			parameters: { event: 'newFlip', scope: 'one', checkId: byId(check.uuid) } as never,
			credentials: credentials(),
		});
		await trigger.poll();
		server.receivePing(check.uuid);
		server.injectFault({ kind: 'status', status: 429, retryAfter: '0' });
		const result = await trigger.poll();
		expect(result?.[0].map((i) => i.json.to)).toEqual(['up']);
	});

	test('pause (a write) after a 429 is sent again and happens once', async () => {
		const check = server.seedCheck();
		server.injectFault({ kind: 'status', status: 429, retryAfter: '0' });
		const result = await runNode({
			type: 'checkMonitor',
			parameters: { resource: 'check', operation: 'pause', checkId: byId(check.uuid) } as never,
			credentials: credentials(),
		});
		expect(result.items[0].json.status).toBe('paused');
		expect(check.flips).toHaveLength(1);
	});
});

describe('what a failure was, for the retry policy', () => {
	test("failures are classified for the retry policy; n8n-workflow's NodeApiError from another copy counts", () => {
		const node = {
			id: '1',
			name: 'Node',
			type: 't',
			typeVersion: 1,
			position: [0, 0] as [number, number],
			parameters: {},
		};
		// The package installed with its own n8n-workflow: a class of the same name, not the same class.
		const OtherCopy = { NodeApiError: class NodeApiError extends Error {} };
		expect(classify(new NodeApiError(node, { message: 'x' }))).toEqual({ kind: 'network' });
		expect(classify(new OtherCopy.NodeApiError('x'))).toEqual({ kind: 'network' });
		expect(classify(new TypeError("Cannot read properties of undefined (reading 'id')"))).toEqual({
			kind: 'final',
		});
		expect(classify(undefined)).toEqual({ kind: 'final' });
		const status = (statusCode: number, headers = {}) =>
			new ErrorStatus({ statusCode, headers, body: '' });
		expect(classify(status(429, { 'retry-after': '2' }))).toEqual({
			kind: 'rateLimited',
			retryAfterMs: 2000,
		});
		expect(classify(status(500))).toEqual({ kind: 'serverError' });
		expect(classify(status(499))).toEqual({ kind: 'final' });
	});
});

describe('the words of a failed request: a network error by its code, what a read and a write say about running them again, and an error that is no request failure (a bug in shaping the output) reaching the user as it is', () => {
	const testApi = { name: 'Test API', urlSetting: 'Base URL' };
	const tail =
		'Check the Base URL in the credential and that the server is reachable from n8n. The request only reads data, so running it again is safe.';
	const writeTail = (method: string) =>
		`Check the Base URL in the credential and that the server is reachable from n8n. The request was a write (${method}) and was not sent again: it may have happened, so check before running it again.`;
	test.each([
		['ECONNREFUSED', 'the connection was refused'],
		['ENOTFOUND', 'the host name could not be resolved'],
		['EAI_AGAIN', 'the host name could not be resolved'],
		['ECONNRESET', 'the connection was closed before a response arrived'],
		['ETIMEDOUT', 'the request timed out'],
		['ECONNABORTED', 'the request timed out'],
		['EPIPE', 'no response was received'],
	])('network error %s', (code, reason) => {
		const expected = {
			message: `Could not reach the Test API: ${reason}`,
			description: `Network error ${code}. ${tail}`,
		};
		expect(describeNetworkError(Object.assign(new Error('x'), { code }), testApi, 'GET')).toEqual(
			expected,
		);
		// n8n-core sometimes keeps the code only on the error's cause.
		expect(describeNetworkError(new Error('x', { cause: { code } }), testApi, 'GET')).toEqual(
			expected,
		);
	});

	test('a network error without a code', () => {
		expect(describeNetworkError(new Error('socket hang up'), testApi, 'GET')).toEqual({
			message: 'Could not reach the Test API: no response was received',
			description: tail,
		});
	});

	test.each([
		['GET', tail],
		['head', tail],
		['POST', writeTail('POST')],
		['put', writeTail('PUT')],
		['DELETE', writeTail('DELETE')],
	])(
		'a network error on %s: a read says it is safe to repeat, a write that it may have happened',
		(method, expected) => {
			expect(
				describeNetworkError(Object.assign(new Error('x'), { code: 'ECONNRESET' }), testApi, method)
					.description,
			).toBe(`Network error ECONNRESET. ${expected}`);
		},
	);

	test('an error that is not a request failure (a bug in shaping the output) reaches the user as it is', () => {
		const node = {
			id: '1',
			name: 'Node',
			type: 't',
			typeVersion: 1,
			position: [0, 0] as [number, number],
			parameters: {},
		};
		const api = { ...testApi, describeError: () => ({ message: 'never' }) };
		const bug = new TypeError("Cannot read properties of undefined (reading 'id')");
		expect(wordedError(node, api, bug, { method: 'GET', url: '/x' })).toBe(bug);
		const thrown = wordedError(node, api, 'a thrown text', { method: 'GET', url: '/x' });
		expect(thrown).toBeInstanceOf(Error);
		expect(thrown.message).toBe('a thrown text');
	});
});
