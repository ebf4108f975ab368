/**
 * IDs in paths and bodies (nodes/shared/apiRequest.ts, readId and the paths of routedRequest). Every operation whose route has a path
 * parameter: the value reaches the server URL-encoded (an ID with "/", "?", "#" or spaces cannot
 * change the path or the query), trimmed, and an empty one (blank, or an expression that gives
 * nothing) is refused before any request, naming the field as the editor does; an ID sent in the
 * body likewise.
 */
import type { INodeProperties } from 'n8n-workflow';
import { CheckMonitor } from '../../nodes/CheckMonitor/CheckMonitor.node.ts';
import { CustomerEngagement } from '../../nodes/CustomerEngagement/CustomerEngagement.node.ts';
import { byId, runNode } from '../../harness/engine';
import { useCheckMonitorServer, useCustomerEngagementServer } from '../support/setup';
import type { INodeTypeDescription } from 'n8n-workflow';
import { checkMonitorApi } from '../../nodes/CheckMonitor/shared/checkMonitorApi';
import { customerEngagementApi } from '../../nodes/CustomerEngagement/shared/customerEngagementApi';
import { labelOf, type ApiDefinition } from '../../nodes/shared/apiRequest';

/** resource, operation, URL template, for every operation whose URL has `{…}`. */
function routesWithParameters(properties: INodeProperties[]): Array<[string, string, string]> {
	return properties
		.filter((p) => p.name === 'operation')
		.flatMap((p) =>
			(p.options as Array<{ value: string; routing?: { request?: { url?: string } } }>)
				.filter((o) => o.routing?.request?.url?.includes('{'))
				.map(
					(o) =>
						[String(p.displayOptions!.show!.resource![0]), o.value, o.routing!.request!.url!] as [
							string,
							string,
							string,
						],
				),
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
	[
		'customerEngagement',
		new CustomerEngagement().description.properties,
		useCustomerEngagementServer,
	],
	['checkMonitor', new CheckMonitor().description.properties, useCheckMonitorServer],
] as const)('%s', (type, properties, useServer) => {
	const { server, credentials } = useServer();

	test.each(routesWithParameters(properties))(
		'%s %s (%s): URL-encoded, trimmed; empty refused',
		async (resource, operation, template) => {
			const names = [...template.matchAll(/\{(\w+)\}/g)]
				.map((m) => m[1])
				.filter((n) => n !== 'pingNumber');
			const isLocator = (name: string) =>
				properties.some((p) => p.name === name && p.type === 'resourceLocator');
			const value = (name: string, text: string) =>
				isLocator(name) ? locator(nasty(text)) : nasty(text);
			const parameters = {
				resource,
				operation,
				...OTHERS[`${resource}:${operation}`],
				...Object.fromEntries(names.map((n) => [n, value(n, NASTY)])),
			};
			await runNode({ type, parameters: parameters as never, credentials: credentials() });
			// The check ID is also lower-cased (the server knows UUIDs in lower case).
			const encoded = encodeURIComponent(
				type === 'checkMonitor' ? NASTY.trim().toLowerCase() : NASTY.trim(),
			);
			const expected = template.replace(/\{(\w+)\}/g, (_m, name: string) =>
				name === 'pingNumber' ? '7' : encoded,
			);
			expect(server.requests[0]?.path).toBe(expected);

			server.clearLog();
			const empty = await runNode({
				type,
				parameters: { ...parameters, [names[0]]: value(names[0], '  ') } as never,
				credentials: credentials(),
			});
			expect(empty.error?.message).toMatch(/^[A-Z][\w ]+: is empty$/);
			expect(server.requests).toHaveLength(0);
		},
	);
});

describe('ids sent in the body', () => {
	const { server, credentials } = useCustomerEngagementServer();

	test.each([
		['visit', 'create', '/v1/visits', {}],
		['loyaltyReward', 'redeem', '/v1/loyalty-rewards/rw_1/redeem', { rewardId: locator('rw_1') }],
	])(
		'%s %s: the contact is sent trimmed, as given; empty refused before any request',
		async (resource, operation, path, others) => {
			const contact = server.seedContact({ email: 'a@example.com' });
			server.state.contacts.get(String(contact.id))!.loyaltyPointsCount = 100;
			server.state.rewards.set('rw_1', {
				id: 'rw_1',
				title: 'Coffee',
				points: 1,
				quantity: { total: null, perContact: null },
				startDate: null,
				expiredDate: null,
				expires: false,
				type: 'ITEM',
				value: null,
				itemId: null,
				itemName: null,
			});
			const parameters = {
				resource,
				operation,
				...others,
				contactId: locator(nasty(` ${String(contact.id)} `)),
			};
			const result = await runNode({
				type: 'customerEngagement',
				parameters: parameters as never,
				credentials: credentials(),
			});
			expect(result.error).toBeUndefined();
			expect(
				server.requests.map((r) => [
					r.method,
					r.path,
					(r.body as { contactId?: unknown }).contactId,
				]),
			).toEqual([['POST', path, contact.id]]);

			server.clearLog();
			const empty = await runNode({
				type: 'customerEngagement',
				parameters: { ...parameters, contactId: locator(nasty('  ')) } as never,
				credentials: credentials(),
			});
			expect(empty.error?.message).toBe('Contact: is empty');
			expect(empty.error?.description).toBe('Pick one from the list or enter its ID.');
			expect(server.requests).toHaveLength(0);
		},
	);
});

describe('an empty ID from an expression', () => {
	const { server, run } = useCustomerEngagementServer();

	test('a contact ID expression that gives null is empty, refused before any request', async () => {
		const result = await run({
			resource: 'contact',
			operation: 'get',
			contactId: byId('={{ null }}'),
		});
		expect(result.error?.message).toBe('Contact: is empty');
		expect(server.requests).toHaveLength(0);
	});

	test.each([
		[
			'contact',
			{
				resource: 'contact',
				operation: 'update',
				contactId: byId('={{ "  " }}'),
				updateFields: { lastName: 'Lee' },
			},
			'Contact: is empty',
		],
		[
			'loyaltyReward',
			{
				resource: 'loyaltyReward',
				operation: 'update',
				rewardId: byId('={{ null }}'),
				updateFields: { points: 1 },
			},
			'Loyalty Reward: is empty',
		],
	])(
		'%s Update with an empty ID: refused before any request',
		async (_resource, parameters, message) => {
			server.seedContact();
			const result = await run(parameters);
			expect(result.error?.message).toBe(message);
			expect(server.requests).toHaveLength(0);
		},
	);
});

describe('the label a bad-input message gives a path parameter: its name in words unless its API names it otherwise, as the editor shows the field', () => {
	test.each([
		['contactId', 'Contact'],
		['customFieldId', 'Custom Field'],
		['pingNumber', 'Ping Number'],
		['id', 'Id'],
	])('%s is labelled "%s" by default', (name, label) => {
		expect(labelOf({ name: 'Test API' } as ApiDefinition, name)).toBe(label);
	});

	test('an entry keeps its label, and a name without one (or with an entry for something else) gets the default', () => {
		const api = {
			pathParameters: { a: { label: 'Custom' }, checkId: { normalize: (v: string) => v } },
		} as unknown as ApiDefinition;
		expect(labelOf(api, 'a')).toBe('Custom');
		expect(labelOf(api, 'checkId')).toBe('Check');
		expect(labelOf(api, 'labelId')).toBe('Label');
	});

	/** Every `{name}` in the routes of a node's operations. */
	function routeParameters(description: INodeTypeDescription): string[] {
		const urls = description.properties
			.filter((p) => p.name === 'operation')
			.flatMap((p) =>
				(p.options as Array<{ routing?: { request?: { url?: string } } }>).map(
					(o) => o.routing?.request?.url ?? '',
				),
			);
		return [...new Set(urls.flatMap((url) => [...url.matchAll(/\{(\w+)\}/g)].map((m) => m[1])))];
	}

	describe.each([
		['Customer Engagement', new CustomerEngagement().description, customerEngagementApi],
		['Check Monitor', new CheckMonitor().description, checkMonitorApi],
	] as const)('%s', (_name, description, api) => {
		const parameters = routeParameters(description);

		test('its routes name path parameters (so the test below checks something)', () => {
			expect(parameters.length).toBeGreaterThan(1);
		});

		test.each(parameters)('{%s}: bad-input messages name it as the editor does', (name) => {
			const shown = new Set(
				description.properties
					.filter((p: INodeProperties) => p.name === name)
					.map((p) => p.displayName),
			);
			expect([name, [...shown]]).toEqual([name, [labelOf(api, name)]]);
		});
	});
});
