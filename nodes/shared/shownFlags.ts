/**
 * A parameter several resources share, shown where a hidden flag is true: n8n's display rule
 * is resources × operations, which cannot name Contact Get and Note Create without also
 * naming Contact Create, and a second definition of the parameter would have n8n evaluate
 * the user's expression in it once more per item (docs/architecture.md, "One definition per
 * name"). The flag's `true` places are written next to the parameter, as a shared
 * parameter's operations are; the flag must also be `false` everywhere else, or the editor
 * keeps its last value when the user switches operations, and those definitions are derived
 * here from the node's resources and their operations.
 */
import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';
import type { ResourceDescription } from './resourceDescription';

/** One place where the flag `name` is true: the parameter it governs is shown there. */
export function shownFlag(name: string, displayName: string, show: Record<string, string[]>): INodeProperties {
	return { displayName, name, type: 'hidden', default: true, displayOptions: { show } };
}

/** Whether a flag's rule shows it for this resource and operation (its rules name only these two). */
function showsFor(rule: IDisplayOptions | undefined, resource: string, operation: string): boolean {
	const show = (rule?.show ?? {}) as Record<string, unknown[] | undefined>;
	return (show.resource === undefined || show.resource.includes(resource)) && (show.operation === undefined || show.operation.includes(operation));
}

/**
 * `parameter`, a shared parameter led by its flag's `true` places, with the flag's `false`
 * definitions before it: one for each resource where only some operations show it, one
 * for the resources where none does, and one for a resource the node does not declare
 * (n8n's Custom API Call).
 */
export function shownOnlyThere(parameter: INodeProperties[], resources: ResourceDescription[]): INodeProperties[] {
	const flags = parameter.filter((p) => p.type === 'hidden' && p.default === true);
	const { name, displayName } = flags[0];
	const declared: string[] = [];
	const hidden: INodeProperties[] = [];
	const nowhere: string[] = [];
	for (const { resource, operations: described } of resources) {
		{
			declared.push(resource);
			const operations = described.map(({ option }) => String(option.value));
			const elsewhere = operations.filter((operation) => !flags.some((flag) => showsFor(flag.displayOptions, resource, operation)));
			if (elsewhere.length === operations.length) nowhere.push(resource);
			else if (elsewhere.length > 0) hidden.push(falseFlag(name, displayName, { show: { resource: [resource], operation: elsewhere } }));
		}
	}
	if (nowhere.length > 0) hidden.push(falseFlag(name, displayName, { show: { resource: nowhere } }));
	hidden.push(falseFlag(name, displayName, { hide: { resource: declared } }));
	return [...flags, ...hidden, ...parameter.filter((p) => !flags.includes(p))];
}

function falseFlag(name: string, displayName: string, displayOptions: IDisplayOptions): INodeProperties {
	return { displayName, name, type: 'hidden', default: false, displayOptions };
}
