/**
 * Edges of what the APIs answer, each kept from reaching the user wrong: the Customer
 * Engagement API's own 404 words ending in a full stop (customerEngagementApi.ts joins them to
 * the hint with one), and a slug look-up answering a check whose UUID is empty
 * (checkMonitorApi.ts: nothing is sent to it). A file of its own, so that the mutation state
 * of the error tables and slug tests stays valid (docs/mutation.md).
 */
import { describeCustomerEngagementError } from '../../nodes/CustomerEngagement/shared/customerEngagementApi';
import { bySlug } from '../harness/engine';
import { useCheckMonitorServer } from '../harness/setup';

const { server, run } = useCheckMonitorServer();

test.each([
	['Contact c.1 not found.', 'Contact c.1 not found. Send the ID of an existing contact, as Contact → Get Many lists it.'],
	['Contact c.1 not found', 'Contact c.1 not found. Send the ID of an existing contact, as Contact → Get Many lists it.'],
])('a 404 whose API message is %j: one full stop before the hint, the ID left whole', (message, description) => {
	const described = describeCustomerEngagementError({ statusCode: 404, headers: {}, body: { errorCode: 'NOT_FOUND', message } }, { method: 'GET', url: '/v1/contacts/c.1' });
	expect(described).toStrictEqual({ message: 'No contact with ID "c.1" exists (NOT_FOUND)', description });
});

test('a slug look-up answering a check whose UUID is empty: Check → Pause sends nothing', async () => {
	const check = server.seedCheck({ name: 'Backup', slug: 'backup' });
	server.injectFault({ kind: 'status', status: 200, body: { checks: [{ uuid: '', slug: 'backup', name: 'Backup' }] } }, 1, (request) => request.method === 'GET' && request.path === '/api/v3/checks/');
	const result = await run({ resource: 'check', operation: 'pause', checkId: bySlug('backup') });
	expect(result.error?.message).toBe('Check (by slug): looking up the slug "backup" answered a check without an ID; nothing was sent to it');
	expect(server.requestLines()).toEqual(['GET /api/v3/checks/?slug=backup']);
	expect(server.checks.get(check.uuid)).toMatchObject({ status: 'new' });
});
