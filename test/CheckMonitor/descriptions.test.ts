/**
 * What several resources share (shared/descriptions.ts): each name declared once per display
 * rule, shown exactly where it was shown before. n8n evaluates a saved value once per
 * definition of its name, for every item.
 */
import { NodeHelpers, type INodePropertyOptions } from 'n8n-workflow';
import { CheckMonitor } from '../../nodes/CheckMonitor/CheckMonitor.node';

const { properties } = new CheckMonitor().description;
const definitionsOf = (name: string) => properties.filter((p) => p.name === name);
/** Every operation of the node, as `resource.operation`, with the definitions of `name` it shows. */
function shownFor(name: string): Record<string, number> {
	const shown: Record<string, number> = {};
	for (const selector of definitionsOf('operation')) {
		const resource = (selector.displayOptions?.show?.resource as string[])[0];
		for (const { value } of selector.options as INodePropertyOptions[]) {
			const values = { resource, operation: value, returnAll: false };
			const count = definitionsOf(name).filter((p) =>
				NodeHelpers.displayParameter(values, p, null, null),
			).length;
			if (count > 0) shown[`${resource}.${String(value)}`] = count;
		}
	}
	return shown;
}

test('Check is one definition per display rule (2), and one shown for each operation on a check', () => {
	expect(definitionsOf('checkId')).toHaveLength(2);
	expect(shownFor('checkId')).toEqual({
		'check.delete': 1,
		'check.get': 1,
		'check.pause': 1,
		'check.resume': 1,
		'check.update': 1,
		'ping.getAll': 1,
		'ping.getBody': 1,
		'ping.send': 1,
		'flip.getAll': 1,
	});
});

test('Return All and Limit are one definition each, shown for every Get Many and only there', () => {
	// Every Get Many the node declares, read from its Operation selectors.
	const getMany = Object.fromEntries(
		definitionsOf('operation')
			.filter((selector) =>
				(selector.options as INodePropertyOptions[]).some(({ value }) => value === 'getAll'),
			)
			.map((selector) => [`${(selector.displayOptions?.show?.resource as string[])[0]}.getAll`, 1]),
	);
	expect(Object.keys(getMany).length).toBeGreaterThan(3);
	for (const name of ['returnAll', 'limit']) {
		expect(definitionsOf(name)).toHaveLength(1);
		expect(shownFor(name)).toEqual(getMany);
	}
});
