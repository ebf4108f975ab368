/**
 * A success answer whose JSON is null, a number or a boolean is no endpoint's answer in either
 * API (the specs answer objects, arrays, a JSON string or no body): the shared response check
 * (nodes/shared/responseChecks.ts) refuses it for every operation, in the API's words, before
 * any output code or write meets it. Output code used to fail on it with a TypeError ("Cannot
 * use 'in' operator to search for 'id' in null"). A file of its own, so that the mutation
 * state of the other transport tests stays valid (docs/mutation.md).
 */
import { byId, runNode } from '../support/engine';
import { useCheckMonitorServer, useCustomerEngagementServer } from '../support/setup';

const ANSWERS = [
	['null', null],
	['a number', 42],
	['false', false],
] as const;

describe('Customer Engagement', () => {
	const { server, credentials } = useCustomerEngagementServer();

	test.each(ANSWERS)('Contact Get answered with %s: refused in words, the answer shown', async (_case, answer) => {
		const contact = server.seedContact();
		server.injectFault({ kind: 'status', status: 200, body: answer });
		const result = await runNode({ type: 'customerEngagement', parameters: { resource: 'contact', operation: 'get', contactId: byId(String(contact.id)) } as never, credentials: credentials() });
		expect(result.error?.message).toBe('The Customer Engagement API answered with text instead of data');
		expect(result.error?.description).toBe(
			`HTTP 200 for GET /v1/contacts/${String(contact.id)}, with the text "${JSON.stringify(answer)}". Check the Base URL in the credential: it must be the API's own address, not a website's.`,
		);
		expect(server.requestLines()).toEqual([`GET /v1/contacts/${String(contact.id)}`]);
	});
});

describe('Check Monitor', () => {
	const { server, credentials } = useCheckMonitorServer();

	test.each(ANSWERS)('Check Get answered with %s: refused in words', async (_case, answer) => {
		const check = server.seedCheck();
		server.injectFault({ kind: 'status', status: 200, body: answer });
		const result = await runNode({ type: 'checkMonitor', parameters: { resource: 'check', operation: 'get', checkId: byId(check.uuid) } as never, credentials: credentials() });
		expect(result.error?.message).toBe('The Check Monitor API answered with text instead of data');
		expect(server.requestLines()).toEqual([`GET /api/v3/checks/${check.uuid}`]);
	});
});
