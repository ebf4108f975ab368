/**
 * Edges of what the APIs answer, each kept from reaching the user wrong, through n8n's engine
 * against the stand-ins: the Customer Engagement API's own 404 words ending in a full stop
 * (customerEngagementApi.ts joins them to the hint with one), and a slug look-up answering a
 * check whose UUID is empty (checkMonitorApi.ts: nothing is sent to it). errorMessages.test.ts
 * has every status's words; checkMonitorBySlug.test.ts the other look-up answers.
 */
import { byId, bySlug, runNode } from '../support/engine';
import { useCheckMonitorServer, useCustomerEngagementServer } from '../support/setup';

const engagement = useCustomerEngagementServer();
const monitor = useCheckMonitorServer();

test.each([
	['Contact c.1 not found.', 'Contact c.1 not found. Send the ID of an existing contact, as Contact → Get Many lists it.'],
	['Contact c.1 not found', 'Contact c.1 not found. Send the ID of an existing contact, as Contact → Get Many lists it.'],
])('Contact Get answered 404 with the API words %j: one full stop before the hint, the ID left whole', async (message, description) => {
	engagement.server.injectFault({ kind: 'status', status: 404, body: { errorCode: 'NOT_FOUND', message } });
	const result = await runNode({
		type: 'customerEngagement',
		parameters: { resource: 'contact', operation: 'get', contactId: byId('c.1') } as never,
		credentials: engagement.credentials(),
	});
	expect(result.error?.message).toBe('No contact with ID "c.1" exists (NOT_FOUND)');
	expect(result.error?.description).toBe(description);
	expect(engagement.server.requestLines()).toEqual(['GET /v1/contacts/c.1']);
});

test('a slug look-up answering a check whose UUID is empty: Check → Pause sends nothing', async () => {
	const { server, run } = monitor;
	const check = server.seedCheck({ name: 'Backup', slug: 'backup' });
	server.answerNextGet('/api/v3/checks/', { checks: [{ uuid: '', slug: 'backup', name: 'Backup' }] });
	const result = await run({ resource: 'check', operation: 'pause', checkId: bySlug('backup') });
	expect(result.error?.message).toBe('Check (by slug): looking up the slug "backup" answered a check without an ID; nothing was sent to it');
	expect(server.requestLines()).toEqual(['GET /api/v3/checks/?slug=backup']);
	expect(server.checks.get(check.uuid)).toMatchObject({ status: 'new' });
});
