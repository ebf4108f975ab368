/**
 * Path parameters (nodes/shared/apiDefinition.ts): a `{name}` in a route needs no entry of
 * its own unless it differs from the default, and the label a bad-input message names is the
 * field as the editor shows it, for every `{name}` of every route of both action nodes.
 */
import type { INodeProperties, INodeTypeDescription } from 'n8n-workflow';
import { CheckMonitor } from '../../nodes/CheckMonitor/CheckMonitor.node.ts';
import { checkMonitorApi } from '../../nodes/CheckMonitor/shared/checkMonitorApi';
import { CustomerEngagement } from '../../nodes/CustomerEngagement/CustomerEngagement.node.ts';
import { customerEngagementApi } from '../../nodes/CustomerEngagement/shared/customerEngagementApi';
import { labelOf, pathParameter, type ApiDefinition } from '../../nodes/shared/apiDefinition';

test.each([
	['contactId', 'Contact'],
	['customFieldId', 'Custom Field'],
	['pingNumber', 'Ping Number'],
	['id', 'Id'],
])('%s is labelled "%s" by default', (name, label) => {
	expect(labelOf(name)).toBe(label);
});

test('an entry keeps what it declares and gets the default label when it declares none', () => {
	const api = { pathParameters: { a: { label: 'Custom' }, checkId: { normalize: (v: string) => v } } } as unknown as ApiDefinition;
	expect(pathParameter(api, 'a').label).toBe('Custom');
	expect(pathParameter(api, 'checkId')).toMatchObject({ label: 'Check', normalize: expect.any(Function) });
	expect(pathParameter(api, 'labelId')).toEqual({ label: 'Label' });
});

/** Every `{name}` in the routes of a node's operations. */
function routeParameters(description: INodeTypeDescription): string[] {
	const urls = description.properties
		.filter((p) => p.name === 'operation')
		.flatMap((p) => (p.options as Array<{ routing?: { request?: { url?: string } } }>).map((o) => o.routing?.request?.url ?? ''));
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
		const shown = new Set(description.properties.filter((p: INodeProperties) => p.name === name).map((p) => p.displayName));
		expect([name, [...shown]]).toEqual([name, [pathParameter(api, name).label]]);
	});
});
