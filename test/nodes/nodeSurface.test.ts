/**
 * Each node's public surface: the names users' saved workflows depend on
 * (../shared/node-contract.md) and what n8n reads from a node type before any parameter:
 * its name, credential, inputs and outputs, whether it polls or can be a tool, and the
 * search and load-options methods its parameters name. Each node is built inside the test,
 * as n8n builds it when it loads the package.
 */
import type { INodeProperties, INodeType } from 'n8n-workflow';
import { CheckMonitor } from '../../nodes/CheckMonitor/CheckMonitor.node';
import { CheckMonitorTrigger } from '../../nodes/CheckMonitorTrigger/CheckMonitorTrigger.node';
import { CustomerEngagement } from '../../nodes/CustomerEngagement/CustomerEngagement.node';
import { CustomerEngagementTrigger } from '../../nodes/CustomerEngagementTrigger/CustomerEngagementTrigger.node';

const nodes: Array<[string, () => INodeType, object]> = [
	[
		'Customer Engagement',
		() => new CustomerEngagement(),
		{ name: 'customerEngagement', group: ['transform'], version: 1, defaults: { name: 'Customer Engagement' }, usableAsTool: true, inputs: ['main'], outputs: ['main'], credentials: [{ name: 'customerEngagementApi', required: true }] },
	],
	[
		'Check Monitor',
		() => new CheckMonitor(),
		{ name: 'checkMonitor', group: ['transform'], version: 1, defaults: { name: 'Check Monitor' }, usableAsTool: true, inputs: ['main'], outputs: ['main'], credentials: [{ name: 'checkMonitorApi', required: true }] },
	],
	[
		'Customer Engagement Trigger',
		() => new CustomerEngagementTrigger(),
		{ name: 'customerEngagementTrigger', group: ['trigger'], version: 1, defaults: { name: 'Customer Engagement Trigger' }, polling: true, inputs: [], outputs: ['main'], credentials: [{ name: 'customerEngagementApi', required: true }] },
	],
	[
		'Check Monitor Trigger',
		() => new CheckMonitorTrigger(),
		{ name: 'checkMonitorTrigger', group: ['trigger'], version: 1, defaults: { name: 'Check Monitor Trigger' }, polling: true, inputs: [], outputs: ['main'], credentials: [{ name: 'checkMonitorApi', required: true }] },
	],
];

/** The methods the parameters name, by kind, at any depth (options of collections, locator modes). */
function methodsNamed(properties: INodeProperties[]): { listSearch: Set<string>; loadOptions: Set<string> } {
	const named = { listSearch: new Set<string>(), loadOptions: new Set<string>() };
	const visit = (value: unknown): void => {
		if (Array.isArray(value)) value.forEach(visit);
		else if (value && typeof value === 'object') {
			const record = value as Record<string, unknown>;
			if (typeof record.searchListMethod === 'string') named.listSearch.add(record.searchListMethod);
			if (typeof record.loadOptionsMethod === 'string') named.loadOptions.add(record.loadOptionsMethod);
			Object.values(record).forEach(visit);
		}
	};
	visit(properties);
	return named;
}

describe.each(nodes)('%s', (_name, build, surface) => {
	test('has the name, credential, inputs and outputs n8n and saved workflows expect', () => {
		expect(build().description).toMatchObject(surface);
	});

	test('every search and load-options method a parameter names is there, and none is unused', () => {
		const node = build();
		const named = methodsNamed(node.description.properties);
		for (const kind of ['listSearch', 'loadOptions'] as const) {
			const methods = (node.methods?.[kind] ?? {}) as Record<string, unknown>;
			expect([kind, Object.keys(methods).sort()]).toEqual([kind, [...named[kind]].sort()]);
			for (const method of Object.values(methods)) expect(typeof method).toBe('function');
		}
	});
});

test('the check of the methods above sees methods inside locators and collections (so it can fail)', () => {
	const named = methodsNamed(new CustomerEngagement().description.properties);
	expect(named.listSearch).toEqual(new Set(['searchContacts', 'searchCustomFields', 'searchLabels', 'searchRewards']));
	expect(named.loadOptions.has('getLabels')).toBe(true);
});
