/**
 * The nodes merge same-named parameter definitions (so n8n evaluates an expression once per
 * definition less often). The editor must not notice: every operation shows the same
 * parameters, and the same collection options, in the same order as the definitions the
 * resources declare.
 */
import { NodeHelpers, type INodeProperties, type INodeTypeDescription } from 'n8n-workflow';
import { CheckMonitor, checkMonitorProperties } from '../../nodes/CheckMonitor/CheckMonitor.node.ts';
import { CustomerEngagement, customerEngagementProperties } from '../../nodes/CustomerEngagement/CustomerEngagement.node.ts';

function operations(properties: INodeProperties[]): Array<Record<string, string>> {
	const resources = properties.find((p) => p.name === 'resource')!.options as Array<{ value: string }>;
	return resources.flatMap(({ value: resource }) =>
		properties
			.filter((p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(resource))
			.flatMap((p) => (p.options as Array<{ value: string }>).map(({ value: operation }) => ({ resource, operation }))),
	);
}

/**
 * What the editor shows for these values: parameters, and the options each collection offers.
 * Display is decided on the node's resolved parameters (defaults filled in, in the order the
 * display rules depend on each other), as the editor and the engine do; hidden parameters
 * (such as the `<name>Shown` flags of merged definitions) are never shown.
 */
function shown(properties: INodeProperties[], description: INodeTypeDescription, saved: Record<string, unknown>): string[] {
	const values = NodeHelpers.getNodeParameters(properties, saved as never, true, false, null, { ...description, properties }) as Record<string, unknown>;
	return shownFor(properties, description, values);
}

/** What the editor shows, given the values it holds. */
function shownFor(properties: INodeProperties[], description: INodeTypeDescription, values: Record<string, unknown>): string[] {
	const visible = (p: INodeProperties) => NodeHelpers.displayParameter(values as never, p, null, description, values as never);
	return properties.filter(visible).flatMap((p) => {
		if (p.type === 'hidden') return [];
		if (p.type !== 'collection') return [p.name];
		const options = (p.options as INodeProperties[]).filter((o) => !o.displayOptions || visible(o)).map((o) => o.name);
		// A collection with nothing to add (Custom Field Create's, for a text field) shows no options either way.
		return options.length ? [`${p.name}[${options.sort().join(',')}]`] : [];
	});
}

describe.each([
	['Customer Engagement', new CustomerEngagement().description, customerEngagementProperties],
	['Check Monitor', new CheckMonitor().description, checkMonitorProperties],
])('%s', (_name, description, declared) => {
	test.each(operations(declared))('%j shows what its resource declares, in order', (values) => {
		const declaredDescription = { ...description, properties: declared };
		// Custom Field Create offers options for select types only: check both kinds.
		for (const extra of values.resource === 'customField' && values.operation === 'create' ? [{ type: 'text' }, { type: 'single_select' }] : [{}]) {
			const all = { ...values, ...extra };
			expect(shown(description.properties, description, all)).toEqual(shown(declared, declaredDescription, all));
		}
	});
});

test('the flags of merged definitions are never saved with a workflow, and workflows saved before them still show their parameters', () => {
	const description = new CustomerEngagement().description;
	const saved = { resource: 'visit', operation: 'create', contactId: { __rl: true, mode: 'id', value: '={{ $json.id }}' } };
	// What the editor saves: only values that differ from their defaults.
	const stored = NodeHelpers.getNodeParameters(description.properties, saved as never, false, false, null, description) as Record<string, unknown>;
	expect(Object.keys(stored).filter((key) => key.endsWith('Shown'))).toEqual([]);
	expect(stored.contactId).toEqual(saved.contactId);
	// What the engine and the editor work with: the contact is there, the flag says it is shown.
	const resolved = NodeHelpers.getNodeParameters(description.properties, saved as never, true, false, null, description) as Record<string, unknown>;
	expect(resolved.contactIdShown).toBe(true);
	expect(resolved.contactId).toEqual(saved.contactId);
	// Where no definition shows it, the flag is false (not missing) and the stale value is gone.
	const elsewhere = NodeHelpers.getNodeParameters(description.properties, { ...saved, operation: 'getAll' } as never, true, false, null, description) as Record<string, unknown>;
	expect(elsewhere.contactIdShown).toBe(false);
	expect(elsewhere.contactId).toBeUndefined();
});

/**
 * What the editor does when the user changes a parameter (NodeSettings' valueChanged): the
 * node's values without defaults, the change applied, defaults filled in again, and each of
 * those set on the values it shows, which keep whatever the new ones do not mention.
 */
function editorChange(description: INodeTypeDescription, shownValues: Record<string, unknown>, name: string, value: unknown): Record<string, unknown> {
	const { properties } = description;
	const own = NodeHelpers.getNodeParameters(properties, shownValues as never, false, false, null, description) as Record<string, unknown>;
	const resolved = NodeHelpers.getNodeParameters(properties, { ...own, [name]: value } as never, true, false, null, description) as Record<string, unknown>;
	const next = { ...shownValues };
	for (const [key, v] of Object.entries(resolved)) if (v !== null && v !== undefined) next[key] = v;
	return next;
}

describe.each([
	['Customer Engagement', new CustomerEngagement().description, customerEngagementProperties],
	['Check Monitor', new CheckMonitor().description, checkMonitorProperties],
])('%s in the editor', (_name, description, declared) => {
	test('switching from any operation to any other shows what the second declares', () => {
		const declaredDescription = { ...description, properties: declared };
		const pairs = operations(declared);
		const wrong: string[] = [];
		for (const from of pairs) {
			const start = NodeHelpers.getNodeParameters(description.properties, from as never, true, false, null, description) as Record<string, unknown>;
			for (const to of pairs) {
				if (to === from) continue;
				let values = start;
				if (to.resource !== from.resource) values = editorChange(description, values, 'resource', to.resource);
				values = editorChange(description, values, 'operation', to.operation);
				const expected = shown(declared, declaredDescription, to);
				const got = shownFor(description.properties, description, values);
				if (JSON.stringify(got) !== JSON.stringify(expected)) wrong.push(`${JSON.stringify(from)} → ${JSON.stringify(to)}: ${got.join(',')}`);
			}
		}
		expect(wrong).toEqual([]);
	});
});
