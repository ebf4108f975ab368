/**
 * n8n receives each action node's properties as the source writes them (docs/architecture.md,
 * section 1), at every level: `description.properties` is the list the node file declares,
 * and building the node changes none of it. Every parameter in that list, every option of an
 * Operation selector and every entry of a shared collection is the very object a module
 * exports (alone, in an exported list, or in an operation's `OperationDescription`): no copy
 * made on the way. What is not written as such is built by name from what is: the node file's
 * Resource selector and AI-tool notice, each resource's Operation selector
 * (`resourceDescription`), the `false` definitions of the hidden flags (`shownOnlyThere`) and
 * the shared collections (`sharedCollection`). A pass that merged, re-sorted, copied or
 * stripped definitions would fail here.
 *
 * Package-wide: one rule for both action nodes, over every module of their folders.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { INodeProperties, INodePropertyOptions, INodeTypeDescription } from 'n8n-workflow';

const nodesFolder = path.join(__dirname, '..', '..', 'nodes');
const SHARED_COLLECTIONS = ['additionalFields', 'updateFields', 'filters', 'options'];

/** The .ts modules of a folder under nodes/, recursively. */
function modulesUnder(folder: string): string[] {
	return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
		const full = path.join(folder, entry.name);
		if (entry.isDirectory()) return modulesUnder(full);
		return entry.name.endsWith('.ts') && !entry.name.endsWith('.node.ts') ? [full] : [];
	});
}

/** Every definition the modules export: alone, in an exported list, or in an operation's description. */
function exportedDefinitions(files: string[]): Set<unknown> {
	const found = new Set<unknown>();
	const add = (value: unknown) => {
		for (const item of Array.isArray(value) ? value : [value]) if (item && typeof item === 'object' && 'name' in item) found.add(item);
	};
	for (const file of files) {
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		for (const value of Object.values(require(file) as Record<string, unknown>)) {
			add(value);
			if (value && typeof value === 'object' && 'option' in value) {
				const { option, parameters, collections } = value as { option: unknown; parameters?: unknown[]; collections?: Record<string, unknown[]> };
				add(option);
				add(parameters ?? []);
				Object.values(collections ?? {}).forEach(add);
			}
		}
	}
	return found;
}

/** The definitions as text, functions by their source, to see whether anything changed them. */
const asText = (properties: INodeProperties[]) => JSON.stringify(properties, (_key, value: unknown) => (typeof value === 'function' ? String(value) : value));

/** What in `properties` is neither exported as written nor built by name from exported objects. */
function notAsWritten(properties: INodeProperties[], exported: Set<unknown>): string[] {
	const problems: string[] = [];
	for (const p of properties) {
		if (exported.has(p) || p.name === 'toolNotice' || p.name === 'resource') continue;
		if (p.name === 'operation') {
			for (const option of p.options as INodePropertyOptions[]) if (!exported.has(option)) problems.push(`operation option ${String(option.value)} is a copy`);
		} else if (p.type === 'hidden' && p.default === false && p.name.endsWith('Shown')) {
			continue;
		} else if (p.type === 'collection' && SHARED_COLLECTIONS.includes(p.name)) {
			for (const entry of p.options as INodeProperties[]) if (!exported.has(entry)) problems.push(`${p.name} entry ${entry.name} is a copy`);
		} else {
			problems.push(`${p.name} is a copy or was built`);
		}
	}
	return problems;
}

describe.each([
	['CustomerEngagement', 'customerEngagementProperties'],
	['CheckMonitor', 'checkMonitorProperties'],
])('%s', (folder, listName) => {
	const files = [...modulesUnder(path.join(nodesFolder, folder)), ...modulesUnder(path.join(nodesFolder, 'shared'))];
	const nodeFile = path.join(nodesFolder, folder, `${folder}.node.ts`);

	it('n8n receives the list the node file declares, made of the definitions, options and entries the modules export, unchanged by building the node', () => {
		jest.isolateModules(() => {
			const exported = exportedDefinitions(files);
			// eslint-disable-next-line @typescript-eslint/no-require-imports
			const node = require(nodeFile) as Record<string, unknown>;
			const declared = node[listName] as INodeProperties[];
			const before = asText(declared);
			const NodeClass = node[folder] as new () => { description: INodeTypeDescription };
			const { properties } = new NodeClass().description;
			expect(properties).toBe(declared);
			expect(notAsWritten(properties, exported)).toEqual([]);
			// Something of each kind is there to check.
			const collections = properties.filter((p) => p.type === 'collection' && SHARED_COLLECTIONS.includes(p.name));
			expect([collections.length > 1, collections.every((c) => (c.options ?? []).length > 0)]).toEqual([true, true]);
			expect(asText(properties)).toBe(before);
		});
	});
});

test('a copied definition, a copied selector option and a copied collection entry are found (so the test above can fail)', () => {
	const entry: INodeProperties = { displayName: 'X', name: 'x', type: 'string', default: '' };
	const option: INodePropertyOptions = { name: 'Get', value: 'get' };
	const exported = new Set<unknown>([entry, option]);
	const properties: INodeProperties[] = [
		{ ...entry },
		{ displayName: 'Operation', name: 'operation', type: 'options', default: 'get', options: [{ ...option }] },
		{ displayName: 'Options', name: 'options', type: 'collection', default: {}, options: [{ ...entry }] },
	];
	expect(notAsWritten(properties, exported)).toEqual(['x is a copy or was built', 'operation option get is a copy', 'options entry x is a copy']);
});
