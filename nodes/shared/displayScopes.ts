/**
 * Where a parameter definition is shown, as the set of resource:operation places it shows in
 * (n8n's `displayOptions` rules on Resource and Operation, plus any other condition kept as
 * is), and the arithmetic mergeSameNamedProperties (mergeProperties.ts) needs on it: whether
 * two definitions can be one, and the one `displayOptions` that shows exactly their places.
 */
import type { IDisplayOptions, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

export type Pair = `${string}:${string}`;

export interface Scope {
	/** Resources shown for (null: all). */
	resources: string[] | null;
	/** Operations shown for (null: all). */
	operations: string[] | null;
	/** Display conditions on other parameters, which must match to merge. */
	rest: string;
}

export interface Member {
	property: INodeProperties;
	scope: Scope;
	pairs: Set<Pair>;
}

/** Every resource:operation pair the node has, from its Resource and Operation parameters. */
export function operationPairs(properties: INodeProperties[]): Pair[] {
	const pairs: Pair[] = [];
	const resources = properties.find((p) => p.name === 'resource')?.options as INodePropertyOptions[] | undefined;
	if (!resources) throw new Error('mergeSameNamedProperties: the node has no Resource parameter');
	for (const resource of resources) {
		const value = String(resource.value);
		for (const operation of properties.filter((p) => p.name === 'operation')) {
			if (!operation.displayOptions?.show?.resource?.includes(value)) continue;
			for (const option of operation.options as INodePropertyOptions[]) pairs.push(`${value}:${String(option.value)}`);
		}
	}
	return pairs;
}

export function scopeOf(displayOptions: IDisplayOptions | undefined, prefix: '' | '/'): Scope {
	const show = { ...(displayOptions?.show ?? {}) };
	const resources = (show[`${prefix}resource`] as string[] | undefined) ?? null;
	const operations = (show[`${prefix}operation`] as string[] | undefined) ?? null;
	delete show[`${prefix}resource`];
	delete show[`${prefix}operation`];
	return { resources, operations, rest: JSON.stringify({ show, hide: displayOptions?.hide ?? {} }) };
}

export function shownPairs(scope: Pick<Scope, 'resources' | 'operations'>, all: Pair[]): Set<Pair> {
	return new Set(
		all.filter((pair) => {
			const [resource, operation] = pair.split(':');
			return (scope.resources?.includes(resource) ?? true) && (scope.operations?.includes(operation) ?? true);
		}),
	);
}

export const union = (a: string[] | null, b: string[] | null) => (a === null || b === null ? null : [...new Set([...a, ...b])]);

export function withoutDisplay(property: INodeProperties): string {
	return JSON.stringify({ ...property, displayOptions: undefined }, (_key, value: unknown) =>
		typeof value === 'function' ? String(value) : value,
	);
}

export function mergeable(a: Member, b: Member, all: Pair[]): boolean {
	if (a.scope.rest !== b.scope.rest) return false;
	const bothCollections = a.property.type === 'collection' && b.property.type === 'collection';
	if (bothCollections) {
		if (a.property.displayName !== b.property.displayName || a.property.placeholder !== b.property.placeholder) return false;
	} else if (withoutDisplay(a.property) !== withoutDisplay(b.property)) {
		return false;
	}
	// The union of the two scopes shows at least the places of each: it shows exactly them when it shows no more.
	const merged = shownPairs({ resources: union(a.scope.resources, b.scope.resources), operations: union(a.scope.operations, b.scope.operations) }, all);
	return merged.size === new Set([...a.pairs, ...b.pairs]).size;
}

export function withScope(scope: Scope, prefix: '' | '/'): IDisplayOptions | undefined {
	const rest = JSON.parse(scope.rest) as { show: Record<string, unknown>; hide: Record<string, unknown> };
	const show: Record<string, unknown> = { ...rest.show };
	if (scope.resources) show[`${prefix}resource`] = scope.resources;
	if (scope.operations) show[`${prefix}operation`] = scope.operations;
	const result: IDisplayOptions = {};
	if (Object.keys(show).length) result.show = show as IDisplayOptions['show'];
	if (Object.keys(rest.hide).length) result.hide = rest.hide as IDisplayOptions['hide'];
	return Object.keys(result).length ? result : undefined;
}

/** Greedy clusters of mergeable members, in order of first appearance. */
export function cluster(members: Member[], all: Pair[]): Member[][] {
	const clusters: Member[][] = [];
	for (const member of members) {
		const home = clusters.find((c) => mergeable(combine(c, all), member, all));
		if (home) home.push(member);
		else clusters.push([member]);
	}
	return clusters;
}

export function combine(members: Member[], all: Pair[]): Member {
	const scope = members.reduce<Scope>(
		(acc, m) => ({ resources: union(acc.resources, m.scope.resources), operations: union(acc.operations, m.scope.operations), rest: acc.rest }),
		members[0].scope,
	);
	return { property: members[0].property, scope, pairs: shownPairs(scope, all) };
}


export const NO_OTHER_CONDITIONS = JSON.stringify({ show: {}, hide: {} });

/**
 * Display rules that together cover every place but `shown`: one per resource (its other
 * operations), and one for a resource the node does not declare (n8n's Custom API Call).
 * A flag must be false there, not missing: when the user switches Operation, the editor
 * sets the parameters the new operation has and keeps the others it held, so a flag left
 * out would keep showing its parameter where it was shown before.
 */
export function elsewhere(shown: Set<Pair>, all: Pair[]): IDisplayOptions[] {
	const resources = [...new Set(all.map((pair) => pair.split(':')[0]))];
	const rules: IDisplayOptions[] = [];
	for (const resource of resources) {
		const operations = all.filter((pair) => pair.startsWith(`${resource}:`)).map((pair) => pair.split(':')[1]);
		const others = operations.filter((operation) => !shown.has(`${resource}:${operation}`));
		if (others.length === operations.length) rules.push({ show: { resource: [resource] } });
		else if (others.length) rules.push({ show: { resource: [resource], operation: others } });
	}
	rules.push({ hide: { resource: resources } });
	return rules;
}

/** Definitions that differ only in where they are shown (collections never: their options differ per operation). */
export function sameApartFromDisplay(a: INodeProperties, b: INodeProperties): boolean {
	return a.type !== 'collection' && withoutDisplay(a) === withoutDisplay(b);
}
