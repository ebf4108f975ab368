/**
 * IDs in paths and bodies (nodes/shared/idParameters.ts). Every operation whose route has a path
 * parameter: the value reaches the server URL-encoded (an ID with "/", "?", "#" or spaces cannot
 * change the path or the query), trimmed, and an empty one (blank, or an expression that gives
 * nothing) is refused before any request, naming the field; an ID sent in the body likewise.
 */
import type { INodeProperties } from 'n8n-workflow';
import { CheckMonitor } from '../../nodes/CheckMonitor/CheckMonitor.node.ts';
import { CustomerEngagement } from '../../nodes/CustomerEngagement/CustomerEngagement.node.ts';
import { byId, runNode } from '../../harness/engine';
import { useCheckMonitorServer, useCustomerEngagementServer } from '../support/setup';

/** resource, operation, URL template, for every operation whose URL has `{…}`. */
function routesWithParameters(properties: INodeProperties[]): Array<[string, string, string]> {
	return properties
		.filter((p) => p.name === 'operation')
		.flatMap((p) =>
			(p.options as Array<{ value: string; routing?: { request?: { url?: string } } }>)
				.filter((o) => o.routing?.request?.url?.includes('{'))
				.map((o) => [String(p.displayOptions!.show!.resource![0]), o.value, o.routing!.request!.url!] as [string, string, string]),
		);
}

const NASTY = ' a/b?c=d#e f%g ';
/** As an expression: n8n checks a locator's "By ID" pattern (no spaces) only for fixed values. */
const nasty = (value: string) => `={{ ${JSON.stringify(value)} }}`;
const locator = (value: string) => ({ __rl: true, mode: 'id', value });
/** What each path parameter needs besides itself, to get the operation to its first request. */
const OTHERS: Record<string, Record<string, unknown>> = {
	'contact:adjustLoyaltyPoints': { pointsValue: 1 },
	'note:create': { text: 'x' },
	'customField:rename': { name: 'x' },
	'customField:updateOptions': { options: { option: [{ value: 'x' }] } },
	'loyaltyReward:update': { updateFields: { points: 1 } },
	'loyaltyReward:redeem': { contactId: locator('ct_1') },
	'ping:getBody': { pingNumber: 7 },
};

describe.each([
	['customerEngagement', new CustomerEngagement().description.properties, useCustomerEngagementServer],
	['checkMonitor', new CheckMonitor().description.properties, useCheckMonitorServer],
] as const)('%s', (type, properties, useServer) => {
	const { server, credentials } = useServer();

	test.each(routesWithParameters(properties))('%s %s (%s): URL-encoded, trimmed; empty refused', async (resource, operation, template) => {
		const names = [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).filter((n) => n !== 'pingNumber');
		const isLocator = (name: string) => properties.some((p) => p.name === name && p.type === 'resourceLocator');
		const value = (name: string, text: string) => (isLocator(name) ? locator(nasty(text)) : nasty(text));
		const parameters = { resource, operation, ...OTHERS[`${resource}:${operation}`], ...Object.fromEntries(names.map((n) => [n, value(n, NASTY)])) };
		await runNode({ type, parameters: parameters as never, credentials: credentials() });
		// The check ID is also lower-cased (the server knows UUIDs in lower case).
		const encoded = encodeURIComponent(type === 'checkMonitor' ? NASTY.trim().toLowerCase() : NASTY.trim());
		const expected = template.replace(/\{(\w+)\}/g, (_m, name: string) => (name === 'pingNumber' ? '7' : encoded));
		expect(server.requests[0]?.path).toBe(expected);

		server.clearLog();
		const empty = await runNode({ type, parameters: { ...parameters, [names[0]]: value(names[0], '  ') } as never, credentials: credentials() });
		expect(empty.error?.message).toMatch(/^[A-Z][\w ]+: is empty$/);
		expect(server.requests).toHaveLength(0);
	});
});

describe('ids sent in the body', () => {
	const { server, credentials } = useCustomerEngagementServer();

	test.each([
		['visit', 'create', '/v1/visits', {}],
		['loyaltyReward', 'redeem', '/v1/loyalty-rewards/rw_1/redeem', { rewardId: locator('rw_1') }],
	])('%s %s: the contact is sent trimmed, as given; empty refused before any request', async (resource, operation, path, others) => {
		const contact = server.seedContact({ email: 'a@example.com' });
		server.state.contacts.get(String(contact.id))!.loyaltyPointsCount = 100;
		server.state.rewards.set('rw_1', { id: 'rw_1', title: 'Coffee', points: 1, quantity: { total: null, perContact: null }, startDate: null, expiredDate: null, expires: false, type: 'ITEM', value: null, itemId: null, itemName: null });
		const parameters = { resource, operation, ...others, contactId: locator(nasty(` ${String(contact.id)} `)) };
		const result = await runNode({ type: 'customerEngagement', parameters: parameters as never, credentials: credentials() });
		expect(result.error).toBeUndefined();
		expect(server.requests.map((r) => [r.method, r.path, (r.body as { contactId?: unknown }).contactId])).toEqual([['POST', path, contact.id]]);

		server.clearLog();
		const empty = await runNode({ type: 'customerEngagement', parameters: { ...parameters, contactId: locator(nasty('  ')) } as never, credentials: credentials() });
		expect(empty.error?.message).toBe('Contact: is empty');
		expect(empty.error?.description).toBe('Pick one from the list or enter its ID.');
		expect(server.requests).toHaveLength(0);
	});
});

describe('an empty ID from an expression', () => {
	const { server, run } = useCustomerEngagementServer();

	test('a contact ID expression that gives null is empty, refused before any request', async () => {
		const result = await run({ resource: 'contact', operation: 'get', contactId: byId('={{ null }}') });
		expect(result.error?.message).toBe('Contact: is empty');
		expect(server.requests).toHaveLength(0);
	});

	test.each([
		['contact', { resource: 'contact', operation: 'update', contactId: byId('={{ "  " }}'), updateFields: { lastName: 'Lee' } }, 'Contact: is empty'],
		['loyaltyReward', { resource: 'loyaltyReward', operation: 'update', rewardId: byId('={{ null }}'), updateFields: { points: 1 } }, 'Loyalty Reward: is empty'],
	])('%s Update with an empty ID: refused before any request', async (_resource, parameters, message) => {
		server.seedContact();
		const result = await run(parameters);
		expect(result.error?.message).toBe(message);
		expect(server.requests).toHaveLength(0);
	});
});
