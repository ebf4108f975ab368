/** The operations a description declares (harness/nodeOperations.ts): each resource's Operation selector, from the class and from the build. */
import type { INodeProperties } from 'n8n-workflow';
import { builtDescription, operationsOf } from '../../harness/nodeOperations';
import { CheckMonitor } from '../../nodes/CheckMonitor/CheckMonitor.node';

const selector = (resources: string[], values: string[]): INodeProperties => ({
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	default: values[0],
	displayOptions: { show: { resource: resources } },
	options: values.map((value) => ({ name: value, value })),
});

test("reads each resource's Operation selector, a selector shown for two resources for both, and nothing else", () => {
	const properties = [
		selector(['contact'], ['create', 'get']),
		{ displayName: 'Name', name: 'name', type: 'string', default: '' } as INodeProperties,
		selector(['note', 'label'], ['create']),
	];
	expect(operationsOf({ properties })).toEqual({
		contact: ['create', 'get'],
		note: ['create'],
		label: ['create'],
	});
});

test('the build declares what the node class declares', () => {
	expect(operationsOf(builtDescription('checkMonitor'))).toEqual(
		operationsOf(new CheckMonitor().description),
	);
});

test('says what to do when the build lacks the node', () => {
	expect(() => builtDescription('nothing')).toThrow(
		'the build (dist/types/nodes.json) has no node nothing: run npm run build',
	);
});
