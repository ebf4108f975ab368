/**
 * The editor conventions of n8n's own nodes, held for every operation of both nodes and
 * both triggers: Simplify on by default and placed the same way (after the operation's own
 * parameters, before its collections); options of every collection in alphabetical order; no
 * hidden parameter in an action node.
 *
 * Package-wide: the editor conventions hold for every operation of all five nodes.
 */
import {
	NodeHelpers,
	type INodeProperties,
	type INodePropertyOptions,
	type INodeTypeDescription,
} from 'n8n-workflow';
import { CheckMonitor } from '../../nodes/CheckMonitor/CheckMonitor.node';
import { CheckMonitorTrigger } from '../../nodes/CheckMonitorTrigger/CheckMonitorTrigger.node';
import { CheckMonitorWebhookTrigger } from '../../nodes/CheckMonitorWebhookTrigger/CheckMonitorWebhookTrigger.node';
import { CustomerEngagement } from '../../nodes/CustomerEngagement/CustomerEngagement.node';
import { CustomerEngagementTrigger } from '../../nodes/CustomerEngagementTrigger/CustomerEngagementTrigger.node';

const actionNodes: Array<[string, INodeTypeDescription]> = [
	['Customer Engagement', new CustomerEngagement().description],
	['Check Monitor', new CheckMonitor().description],
];
const allNodes: Array<[string, INodeTypeDescription]> = [
	...actionNodes,
	['Customer Engagement Trigger', new CustomerEngagementTrigger().description],
	['Check Monitor Trigger', new CheckMonitorTrigger().description],
	['Check Monitor Webhook Trigger', new CheckMonitorWebhookTrigger().description],
];

/** Every (resource, operation) of an action node, with the top-level parameters it shows, in order. */
function operations(
	description: INodeTypeDescription,
): Array<{ name: string; shown: INodeProperties[] }> {
	const resources = (description.properties.find((p) => p.name === 'resource')?.options ??
		[]) as INodePropertyOptions[];
	const result: Array<{ name: string; shown: INodeProperties[] }> = [];
	for (const resource of resources) {
		const parameters = { resource: resource.value };
		const operationProperty = description.properties.find(
			(p) =>
				p.name === 'operation' && NodeHelpers.displayParameter(parameters, p, null, description),
		);
		for (const operation of (operationProperty?.options ?? []) as INodePropertyOptions[]) {
			const values = { resource: resource.value, operation: operation.value, returnAll: false };
			const shown = description.properties.filter(
				(p) =>
					!['resource', 'operation'].includes(p.name) &&
					p.type !== 'hidden' &&
					p.type !== 'notice' &&
					NodeHelpers.displayParameter(values, p, null, description),
			);
			result.push({ name: `${String(resource.value)}.${String(operation.value)}`, shown });
		}
	}
	return result;
}

const isCollection = (p: INodeProperties) =>
	p.type === 'collection' || p.type === 'fixedCollection';

describe.each(actionNodes)('%s', (_node, description) => {
	const all = operations(description);

	test('operations are found (the walk below sees every one)', () => {
		expect(all.length).toBeGreaterThan(5);
	});

	test.each(
		all.filter((op) => op.shown.some((p) => p.name === 'simplify')).map((op) => [op.name, op]),
	)(
		'%s: Simplify is on by default and comes after the parameters, before the collections',
		(_name, op) => {
			const index = op.shown.findIndex((p) => p.name === 'simplify');
			expect(op.shown[index].default).toBe(true);
			expect(
				op.shown
					.slice(index + 1)
					.filter((p) => !isCollection(p))
					.map((p) => p.name),
			).toEqual([]);
		},
	);
});

/**
 * Every collection (and fixedCollection value list) of a node, with its option names in the
 * order the editor lists them where `values` are the node's parameters (a collection's
 * option may be shown for some operations only, by a `/resource` or `/operation` rule).
 */
function collections(
	properties: INodeProperties[],
	values: Record<string, unknown> = {},
	path = '',
): Array<[string, string[]]> {
	const found: Array<[string, string[]]> = [];
	const shown = (o: INodeProperties) =>
		!o.displayOptions ||
		NodeHelpers.displayParameter(values as never, o, null, null, values as never);
	for (const property of properties) {
		const where = `${path}${property.name}`;
		if (property.type === 'collection' && property.options) {
			const options = (property.options as INodeProperties[]).filter(shown);
			found.push([where, options.map((o) => o.displayName)]);
			found.push(...collections(options, values, `${where}.`));
		}
		if (property.type === 'fixedCollection' && property.options) {
			for (const group of property.options as Array<{ name: string; values: INodeProperties[] }>) {
				found.push(...collections(group.values, values, `${where}.${group.name}.`));
			}
		}
	}
	return found;
}

const unsorted = (found: Array<[string, string[]]>) =>
	found.filter(
		([, names]) => names.join('\n') !== [...names].sort((a, b) => a.localeCompare(b)).join('\n'),
	);

describe.each(actionNodes)('%s', (_node, description) => {
	test.each(operations(description).map((op) => [op.name, op]))(
		'%s: every collection lists its options in alphabetical order',
		(name, op) => {
			const [resource, operation] = name.split('.');
			expect(unsorted(collections(op.shown, { resource, operation }))).toEqual([]);
		},
	);
});

test.each(allNodes.slice(2))(
	'%s: every collection has its options in alphabetical order',
	(_node, description) => {
		expect(unsorted(collections(description.properties))).toEqual([]);
	},
);

test('the collections walk finds the collections, nested ones too (so the test above can fail)', () => {
	expect(
		collections(new CustomerEngagement().description.properties, {
			resource: 'contact',
			operation: 'update',
		}),
	).toContainEqual(['updateFields', expect.arrayContaining(['Email', 'First Name'])]);
	const planted = [
		{
			displayName: 'X',
			name: 'x',
			type: 'fixedCollection',
			default: {},
			options: [
				{
					name: 'g',
					displayName: 'G',
					values: [
						{
							displayName: 'Inner',
							name: 'inner',
							type: 'collection',
							default: {},
							options: [
								{ displayName: 'B', name: 'b', type: 'string', default: '' },
								{ displayName: 'A', name: 'a', type: 'string', default: '' },
							],
						},
					],
				},
			],
		},
	] as INodeProperties[];
	expect(collections(planted)).toEqual([['x.g.inner', ['B', 'A']]]);
});

/**
 * An action node declares what the editor shows, nothing hidden: no parameter whose only job is
 * to switch a path of n8n's engine on, or to say where another parameter is shown.
 */
const hiddenParameters = (properties: INodeProperties[]) =>
	properties.filter((p) => p.type === 'hidden').map((p) => p.name);

describe.each(actionNodes)('%s', (_node, description) => {
	test('has no hidden parameter', () => {
		expect(hiddenParameters(description.properties)).toEqual([]);
	});
});

test('a hidden parameter is found (so the test above can fail)', () => {
	const flag: INodeProperties = {
		displayName: 'Check Shown',
		name: 'checkIdShown',
		type: 'hidden',
		default: true,
	};
	expect(hiddenParameters([...new CheckMonitor().description.properties, flag])).toEqual([
		'checkIdShown',
	]);
});
