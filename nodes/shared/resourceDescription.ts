/**
 * How an action node is put together from its operations. Each operation's file exports an
 * `OperationDescription`: its option of the Operation selector, its own parameters and its
 * entries of the collections several operations share (Additional Fields, Update Fields,
 * Filters, Options). Each resource's `index.ts` lists its operations (`resourceDescription`),
 * and the node file builds one definition of each shared collection from all of them
 * (`sharedCollection`): n8n evaluates the value saved under a name once per definition of
 * that name, for every item, so a definition per operation would have each expression in
 * the collection evaluated that many times more (docs/architecture.md, "One definition per
 * name"; measured in BENCHMARKS.md).
 */
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

export type SharedCollection = 'additionalFields' | 'updateFields' | 'filters' | 'options';

export interface OperationDescription {
	/** Its option of the Operation selector: name, value, action, description, routing. */
	option: INodePropertyOptions;
	/** The parameters only it has, each with the display rule that names it. */
	parameters?: INodeProperties[];
	/**
	 * Its entries of the node's shared collections, in the order the editor lists them, each
	 * written as n8n shows it: with a rule naming its resource and operations (`/resource`,
	 * `/operation`), since one collection holds every operation's entries.
	 */
	collections?: Partial<Record<SharedCollection, INodeProperties[]>>;
}

export interface ResourceDescription {
	resource: string;
	/** The resource's Operation selector. */
	selector: INodeProperties;
	operations: OperationDescription[];
}

/** A resource: its operations in the order the editor lists them, and the one selected first. */
export function resourceDescription(resource: string, operations: OperationDescription[], defaultOperation: string): ResourceDescription {
	return {
		resource,
		selector: {
			displayName: 'Operation',
			name: 'operation',
			type: 'options',
			noDataExpression: true,
			displayOptions: { show: { resource: [resource] } },
			options: operations.map((operation) => operation.option),
			default: defaultOperation,
		},
		operations,
	};
}

/**
 * Every operation's own parameters, resource by resource, each once: a parameter two
 * operations of a resource list (both name it in its display rule) is one definition.
 */
export const operationParameters = (resources: ResourceDescription[]) => [...new Set(resources.flatMap((r) => r.operations.flatMap((o) => o.parameters ?? [])))];

const LOOK: Record<SharedCollection, { displayName: string; placeholder: string }> = {
	additionalFields: { displayName: 'Additional Fields', placeholder: 'Add Field' },
	updateFields: { displayName: 'Update Fields', placeholder: 'Add Field' },
	filters: { displayName: 'Filters', placeholder: 'Add Filter' },
	options: { displayName: 'Options', placeholder: 'Add Option' },
};

/**
 * The collection `name` of the node, holding every operation's entries (none: no
 * definition). It is shown for the operations that have entries: one rule, resources ×
 * operations, where that rule names no other operation of the node; otherwise one definition
 * per group of resources with the same such operations.
 */
export function sharedCollection(name: SharedCollection, resources: ResourceDescription[]): INodeProperties[] {
	const wanted = new Map<string, string[]>();
	const entries: INodeProperties[] = [];
	for (const { resource, operations } of resources) {
		for (const { option, collections } of operations) {
			if (!collections?.[name]?.length) continue;
			wanted.set(resource, [...(wanted.get(resource) ?? []), String(option.value)]);
			for (const entry of collections[name]) if (!entries.includes(entry)) entries.push(entry);
		}
	}
	if (entries.length === 0) return [];
	const exists = (resource: string, operation: string) =>
		resources.some((r) => r.resource === resource && r.operations.some((o) => o.option.value === operation));
	const allResources = [...wanted.keys()];
	const allOperations = [...new Set([...wanted.values()].flat())];
	const oneRuleFits = allResources.every((r) => allOperations.every((o) => !exists(r, o) || wanted.get(r)!.includes(o)));
	const groups = oneRuleFits ? [{ resource: allResources, operation: allOperations }] : groupByOperations(wanted);
	return groups.map((show) => ({
		displayName: LOOK[name].displayName,
		name,
		type: 'collection',
		placeholder: LOOK[name].placeholder,
		default: {},
		displayOptions: { show },
		options: entries.filter((entry) =>
			resources.some(({ resource, operations }) => show.resource.includes(resource) && operations.some(({ option, collections }) => show.operation.includes(String(option.value)) && collections?.[name]?.includes(entry))),
		),
	}));
}

/** Resources with the same operations, shown by one rule, in the order they first come. */
function groupByOperations(wanted: Map<string, string[]>): Array<{ resource: string[]; operation: string[] }> {
	const groups: Array<{ resource: string[]; operation: string[] }> = [];
	for (const [resource, operations] of wanted) {
		const same = groups.find((group) => group.operation.length === operations.length && operations.every((o) => group.operation.includes(o)));
		if (same) same.resource.push(resource);
		else groups.push({ resource: [resource], operation: [...operations] });
	}
	return groups;
}
