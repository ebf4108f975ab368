/**
 * The nodes merge same-named parameter definitions (so n8n evaluates an expression once per
 * definition less often). The editor must not notice: every operation shows the same
 * parameters, and the same collection options, in the same order as the definitions the
 * resources declare.
 */
// @ts-nocheck

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

/** What the editor shows for these values: parameters, and the options each collection offers. */
function shown(properties: INodeProperties[], description: INodeTypeDescription, values: Record<string, unknown>): string[] {
	const visible = (p: INodeProperties) => NodeHelpers.displayParameter(values as never, p, null, description, values as never);
	return properties.filter(visible).flatMap((p) => {
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
