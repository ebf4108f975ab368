/**
 * One definition per parameter name, where n8n's display rules allow it.
 *
 * n8n's routing engine walks a declarative node's top-level property definitions for every
 * item and evaluates the value stored under each definition's name, whether the definition
 * is shown or not. A parameter that five operations define separately (Contact in Get,
 * Activity, Note, Visit and Redeem) has the user's expression evaluated five times per
 * item, whichever operation runs, and n8n >= 2.38 walks the definitions a second time to
 * find the base URL. The resources keep declaring their parameters next to their
 * operations, as n8n's templates do; the node merges the definitions that share a name.
 *
 * Two definitions merge when they are the same apart from where they are shown (and
 * collections always, their options keeping where each was shown), and when one
 * `displayOptions.show` of resources × operations shows the merged definition exactly
 * where the two were shown.
 *
 * n8n cannot say "(contact and get) or (note and create)" in one `displayOptions`. When the
 * definitions of a name are all the same apart from where they are shown, but no single
 * rule shows them in exactly the right places, they become one definition shown where a
 * hidden parameter `<name>Shown` is true, and that hidden parameter keeps one definition
 * per place (resources × operations) the name was shown. A hidden parameter's value is a
 * constant, never an expression, so its definitions cost the engine no evaluation; n8n
 * resolves a parameter after those its display depends on (in the engine and in the
 * editor), and never saves a hidden parameter at its default. Names that keep more than
 * one definition are those whose definitions differ in more than where they are shown.
 *
 * Measured (BENCHMARKS.md, "what each build step saves"): Contact Get evaluates 3
 * expressions per item with it and 11 without it on n8n 2.41.1 (2 and 6 on 1.123.81).
 */
import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';
import {
	cluster,
	combine,
	elsewhere,
	type Member,
	type Pair,
	NO_OTHER_CONDITIONS,
	operationPairs,
	sameApartFromDisplay,
	type Scope,
	scopeOf,
	shownPairs,
	withScope,
} from './displayScopes';

/** A collection's options, each shown only where its own definition was, then merged alike. */
function mergeOptions(members: Member[], all: Pair[]): INodeProperties[] {
	const options: Member[] = [];
	for (const member of members) {
		for (const option of (member.property.options ?? []) as INodeProperties[]) {
			const own = scopeOf(option.displayOptions, '/');
			const scope: Scope = {
				resources: own.resources ?? member.scope.resources,
				operations: own.operations ?? member.scope.operations,
				rest: own.rest,
			};
			options.push({ property: option, scope, pairs: shownPairs(scope, all) });
		}
	}
	const whole = combine(members, all);
	const merged = cluster(options, all).map((group) => {
		const scope = combine(group, all).scope;
		// Only narrower than the collection itself needs saying.
		const narrower: Scope = {
			resources: JSON.stringify(scope.resources) === JSON.stringify(whole.scope.resources) ? null : scope.resources,
			operations: JSON.stringify(scope.operations) === JSON.stringify(whole.scope.operations) ? null : scope.operations,
			rest: scope.rest,
		};
		const option: INodeProperties = { ...group[0].property };
		delete option.displayOptions;
		const display = withScope(narrower, '/');
		return display ? { ...option, displayOptions: display } : option;
	});
	return merged.sort((a, b) => a.displayName.localeCompare(b.displayName));
}

/**
 * The node's properties with same-named definitions merged, ordered so that every operation
 * still shows its parameters in the order it declared them (the tests check this for every
 * operation): a topological order of "comes before" within each operation, ties broken by
 * the declaration order.
 */
export function mergeSameNamedProperties(properties: INodeProperties[]): INodeProperties[] {
	const all = operationPairs(properties);
	const byName = new Map<string, Member[]>();
	const members: Member[] = properties.map((property) => {
		const scope = scopeOf(property.displayOptions, '');
		const member = { property, scope, pairs: shownPairs(scope, all) };
		byName.set(property.name, [...(byName.get(property.name) ?? []), member]);
		return member;
	});
	// Each declared definition, and what it becomes (itself, or the merged definition of its group).
	const becomes = new Map<INodeProperties, INodeProperties>(properties.map((p) => [p, p]));
	// The hidden definitions that say where a parameter merged by `shownWhere` is shown.
	const shownBy = new Map<INodeProperties, INodeProperties[]>();
	for (const [name, sameName] of byName) {
		// The operation selectors differ per resource and are never expressions: kept as they are.
		if (name === 'operation') continue;
		let groups = cluster(sameName, all);
		// Groups that no single rule can show together, but whose definitions are alike.
		const alike = groups.filter((group) => groups.some((other) => other !== group && sameApartFromDisplay(group[0].property, other[0].property)));
		if (alike.length > 0) {
			const flag = `${name}Shown`;
			if (byName.has(flag)) throw new Error(`mergeSameNamedProperties: ${flag} is already a parameter`);
			if (alike.some((group) => !sameApartFromDisplay(group[0].property, alike[0][0].property))) {
				throw new Error(`mergeSameNamedProperties: ${name} has two kinds of definitions to merge; one flag can serve one kind`);
			}
			if (alike.some((group) => combine(group, all).scope.rest !== NO_OTHER_CONDITIONS)) {
				throw new Error(`mergeSameNamedProperties: ${name} is shown on conditions besides resource and operation; a flag cannot say where`);
			}
			const merged: INodeProperties = { ...alike[0][0].property, displayOptions: { show: { [flag]: [true] } } };
			const flagDefinition = (value: boolean, displayOptions: IDisplayOptions): INodeProperties => ({
				displayName: `${merged.displayName} Shown`,
				name: flag,
				type: 'hidden',
				default: value,
				displayOptions,
			});
			shownBy.set(merged, [
				...alike.map((group) => flagDefinition(true, withScope(combine(group, all).scope, '') as IDisplayOptions)),
				...elsewhere(new Set(alike.flatMap((group) => [...combine(group, all).pairs])), all).map((display) => flagDefinition(false, display)),
			]);
			for (const group of alike) for (const member of group) becomes.set(member.property, merged);
			groups = groups.filter((group) => !alike.includes(group));
		}
		for (const group of groups) {
			if (group.length === 1) continue;
			const first = group[0].property;
			const merged: INodeProperties = { ...first, displayOptions: withScope(combine(group, all).scope, '') };
			if (first.type === 'collection') {
				merged.options = mergeOptions(group, all);
				if (new Set(group.map((m) => m.property.description)).size > 1) delete merged.description;
			}
			for (const member of group) becomes.set(member.property, merged);
		}
	}
	const result = [...new Set(becomes.values())];
	const position = new Map<INodeProperties, number>();
	properties.forEach((p, index) => {
		const target = becomes.get(p) as INodeProperties;
		if (!position.has(target)) position.set(target, index);
	});
	// "a comes before b" for consecutive parameters of each operation, as declared.
	const after = new Map<INodeProperties, Set<INodeProperties>>(result.map((p) => [p, new Set()]));
	const before = new Map<INodeProperties, number>(result.map((p) => [p, 0]));
	for (const pair of all) {
		const shown = members.filter((m) => m.pairs.has(pair)).map((m) => becomes.get(m.property) as INodeProperties);
		shown.slice(1).forEach((next, i) => {
			const edges = after.get(shown[i]) as Set<INodeProperties>;
			if (next !== shown[i] && !edges.has(next)) {
				edges.add(next);
				before.set(next, (before.get(next) as number) + 1);
			}
		});
	}
	const ordered: INodeProperties[] = [];
	const ready = result.filter((p) => before.get(p) === 0);
	while (ready.length) {
		ready.sort((a, b) => (position.get(a) as number) - (position.get(b) as number));
		const next = ready.shift() as INodeProperties;
		ordered.push(next);
		for (const successor of after.get(next) as Set<INodeProperties>) {
			before.set(successor, (before.get(successor) as number) - 1);
			if (before.get(successor) === 0) ready.push(successor);
		}
	}
	if (ordered.length !== result.length) {
		throw new Error('mergeSameNamedProperties: two operations declare shared parameters in opposite orders');
	}
	return ordered.flatMap((property) => [...(shownBy.get(property) ?? []), property]);
}
