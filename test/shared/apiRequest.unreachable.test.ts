/**
 * A server that cannot be reached (nodes/shared/apiRequest.ts): a read is retried and says it
 * is safe to repeat, a write is sent once and says it may have happened, both in plain words
 * with the network code and nothing secret. Through n8n's engine against an address where
 * nothing listens. (The wording and the retry policy: apiRequest.test.ts; what counts as an
 * answer: apiRequest.answers.test.ts.)
 */
import { byId, runNode } from '../../harness/engine';
import { everything } from '../support/setup';
import { CM_KEY } from '../../harness/servers/checkMonitorServer';
import { CE_TOKEN } from '../../harness/servers/customerEngagementServer';

describe('Check Monitor', () => {
	test('no connection: a read (Check → Get) is retried and says so, a write (Check → Create) is sent once and says it may have happened', async () => {
		const unreachable = { checkMonitorApi: { baseUrl: 'http://127.0.0.1:1', apiKey: CM_KEY } };
		const read = await runNode({
			type: 'checkMonitor',
			parameters: {
				resource: 'check',
				operation: 'get',
				checkId: byId('8a3c5b7e-1f2d-4c6a-9b0e-3d5f7a9c1e2b'),
			} as never,
			credentials: unreachable,
		});
		expect(read.error?.message).toBe(
			'Could not reach the Check Monitor API: the connection was refused',
		);
		expect(read.error?.description).toMatch(
			/^Network error ECONNREFUSED\. Check the Base URL in the credential and that the server is reachable from n8n\. The request only reads data, so running it again is safe\. The node tried 3 times over [\d.]+ s before giving up\.$/,
		);
		const write = await runNode({
			type: 'checkMonitor',
			parameters: {
				resource: 'check',
				operation: 'create',
				additionalFields: { name: 'backup' },
			} as never,
			credentials: unreachable,
		});
		expect(write.error?.message).toBe(
			'Could not reach the Check Monitor API: the connection was refused',
		);
		expect(write.error?.description).toBe(
			'Network error ECONNREFUSED. Check the Base URL in the credential and that the server is reachable from n8n. The request was a write (POST) and was not sent again: it may have happened, so check before running it again.',
		);
		expect(everything([read.error, write.error])).not.toContain(CM_KEY);
	});
});

describe('Customer Engagement', () => {
	const run = (parameters: Record<string, unknown>, credentialData: object) =>
		runNode({
			type: 'customerEngagement',
			parameters: parameters as never,
			credentials: credentialData as never,
		});

	const unreachable = {
		customerEngagementApi: { baseUrl: 'http://127.0.0.1:1', accessToken: CE_TOKEN },
	};

	test('a refused connection on a read: said in plain words with the network code, read retried, no word of writes, nothing secret', async () => {
		const result = await run(
			{ resource: 'label', operation: 'getAll', returnAll: true },
			unreachable,
		);
		expect(result.error?.message).toBe(
			'Could not reach the Customer Engagement API: the connection was refused',
		);
		expect(result.error?.description).toMatch(
			/^Network error ECONNREFUSED\. Check the Base URL in the credential and that the server is reachable from n8n\. The request only reads data, so running it again is safe\. The node tried 3 times over [\d.]+ s before giving up\.$/,
		);
		expect(result.error?.description).not.toMatch(/write/);
		expect(everything(result.error)).not.toContain(CE_TOKEN);
	});

	test('a refused connection on a write: sent once, and the message says it may have happened', async () => {
		const result = await run({ resource: 'label', operation: 'create', name: 'VIP' }, unreachable);
		expect(result.error?.message).toBe(
			'Could not reach the Customer Engagement API: the connection was refused',
		);
		expect(result.error?.description).toBe(
			'Network error ECONNREFUSED. Check the Base URL in the credential and that the server is reachable from n8n. The request was a write (POST) and was not sent again: it may have happened, so check before running it again.',
		);
		expect(everything(result.error)).not.toContain(CE_TOKEN);
	});
});
