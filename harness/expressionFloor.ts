/**
 * How often n8n must evaluate each expression a user writes into an action node, per item:
 * the node itself adds no expression of its own, and evaluates none more often than n8n's
 * routing engine needs (docs/architecture.md, "One definition per name").
 *
 * - The engine walks the node's top-level definitions for every item and evaluates the value
 *   stored under each definition's name: once per definition of that name. n8n-core 2.38+
 *   walks them twice (the second time to find the base URL), so WALKS = 2 there.
 * - A field with routing is read once more in each walk (getNodeParameter); one without
 *   routing is read once, by the operation's own code.
 * - A fixed collection (a list of entries) is resolved once more in each walk, where the
 *   engine routes its entries.
 *
 * So an expression in parameter `name` costs WALKS × definitions(name) + reads. `runNode`
 * (engine.ts) checks every run of an action node against this (one without expressions must
 * evaluate none), unless the run failed or an item did.
 */
import { RoutingNode } from 'n8n-core';
import { NodeHelpers, type INodeProperties, type INodeTypeDescription } from 'n8n-workflow';

export const WALKS = typeof (RoutingNode.prototype as unknown as Record<string, unknown>).resolveBaseUrl === 'function' ? 2 : 1;

/** Every expression in the parameters, with its top-level parameter and the option of it that holds it. */
function expressionsIn(value: unknown, top?: string, option?: string): Array<{ text: string; top: string; leaf: string }> {
	if (typeof value === 'string') return value.startsWith('=') ? [{ text: value.slice(1), top: top!, leaf: option ?? top! }] : [];
	if (Array.isArray(value)) return value.flatMap((v) => expressionsIn(v, top, option));
	if (value && typeof value === 'object') {
		return Object.entries(value).flatMap(([key, v]) => (top === undefined ? expressionsIn(v, key) : expressionsIn(v, top, option ?? key)));
	}
	return [];
}

/** How often n8n's engine reads a parameter besides its walks, from the description. */
function readsOf(description: INodeTypeDescription, saved: Record<string, unknown>, top: string, leaf: string): number {
	const parameters = NodeHelpers.getNodeParameters(description.properties, saved as never, true, false, null, description) as Record<string, unknown>;
	const shown = description.properties.find(
		(p) => p.name === top && NodeHelpers.displayParameter(parameters as never, p, null, description, parameters as never),
	) as INodeProperties;
	const option = (shown.options as INodeProperties[] | undefined)?.find(
		(o) => o.name === leaf && (!o.displayOptions || NodeHelpers.displayParameter(parameters as never, o, null, description, parameters as never)),
	);
	const definition = shown.routing || shown.type === 'fixedCollection' ? shown : (option ?? shown);
	const routed = definition.routing ? WALKS : 1;
	const fixedCollection = definition.type === 'fixedCollection' ? WALKS : 0;
	return routed + fixedCollection;
}

/** Evaluations per item n8n needs for each expression (by text) in `parameters`. */
export function expressionFloor(description: INodeTypeDescription, parameters: Record<string, unknown>): Record<string, number> {
	const definitions = (top: string) => description.properties.filter((p) => p.name === top).length;
	const floor: Record<string, number> = {};
	for (const { text, top, leaf } of expressionsIn(parameters)) floor[text] = (floor[text] ?? 0) + WALKS * definitions(top) + readsOf(description, parameters, top, leaf);
	return floor;
}
