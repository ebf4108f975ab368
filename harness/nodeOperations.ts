/**
 * The operations of an action node as its description declares them (the node class, or the
 * description the build writes for n8n's lazy loader, dist/types/nodes.json): each resource's
 * Operation selector. The one list a contributor keeps is resources/<resource>/index.ts; the tests,
 * the end-to-end tier and docs/node-contract.md's check read it from here.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { INodePropertyOptions, INodeTypeDescription } from 'n8n-workflow';

export type OperationsByResource = Record<string, string[]>;

export function operationsOf(
	description: Pick<INodeTypeDescription, 'properties'>,
): OperationsByResource {
	const operations: OperationsByResource = {};
	for (const selector of description.properties.filter((p) => p.name === 'operation')) {
		for (const resource of (selector.displayOptions?.show?.resource ?? []) as string[]) {
			operations[resource] = [
				...(operations[resource] ?? []),
				...(selector.options as INodePropertyOptions[]).map((o) => String(o.value)),
			];
		}
	}
	return operations;
}

/** A node's description as the build wrote it (run `npm run build` first). */
export function builtDescription(
	node: string,
	dist = path.join(__dirname, '..', 'dist'),
): INodeTypeDescription {
	const descriptions = JSON.parse(
		readFileSync(path.join(dist, 'types', 'nodes.json'), 'utf8'),
	) as INodeTypeDescription[];
	const description = descriptions.find((d) => d.name === node);
	if (!description)
		throw new Error(`the build (dist/types/nodes.json) has no node ${node}: run npm run build`);
	return description;
}
