/**
 * n8n receives each action node's properties as the source writes them (docs/architecture.md,
 * section 1): `description.properties` is the list the node file declares, each definition in
 * it is the very object its module exports (no copy made on the way), and building the node
 * changes none of them. A pass that merged, re-sorted or stripped definitions would fail here.
 *
 * Package-wide: one rule for both action nodes, over every module of their folders.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { INodeProperties, INodeTypeDescription } from 'n8n-workflow';

const nodesFolder = path.join(__dirname, '..', '..', 'nodes');

/** The .ts modules of a folder under nodes/, recursively. */
function modulesUnder(folder: string): string[] {
	return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
		const full = path.join(folder, entry.name);
		if (entry.isDirectory()) return modulesUnder(full);
		return entry.name.endsWith('.ts') && !entry.name.endsWith('.node.ts') ? [full] : [];
	});
}

/** Every parameter definition the modules export, alone or in an exported list. */
function exportedDefinitions(files: string[]): Set<unknown> {
	const found = new Set<unknown>();
	for (const file of files) {
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		for (const value of Object.values(require(file) as Record<string, unknown>)) {
			for (const item of Array.isArray(value) ? value : [value]) if (item && typeof item === 'object' && 'name' in item) found.add(item);
		}
	}
	return found;
}

/** The definitions as text, functions by their source, to see whether anything changed them. */
const asText = (properties: INodeProperties[]) => JSON.stringify(properties, (_key, value: unknown) => (typeof value === 'function' ? String(value) : value));

describe.each([
	['CustomerEngagement', 'customerEngagementProperties'],
	['CheckMonitor', 'checkMonitorProperties'],
])('%s', (folder, listName) => {
	const files = [...modulesUnder(path.join(nodesFolder, folder)), ...modulesUnder(path.join(nodesFolder, 'shared'))];
	const nodeFile = path.join(nodesFolder, folder, `${folder}.node.ts`);

	it('n8n receives the list the node file declares, made of the definitions the modules export, unchanged by building the node', () => {
		jest.isolateModules(() => {
			const exported = exportedDefinitions(files);
			// eslint-disable-next-line @typescript-eslint/no-require-imports
			const node = require(nodeFile) as Record<string, unknown>;
			const declared = node[listName] as INodeProperties[];
			const before = asText(declared);
			const NodeClass = node[folder] as new () => { description: INodeTypeDescription };
			const { properties } = new NodeClass().description;
			expect(properties).toBe(declared);
			// The node file's own literals: the Resource selector and the AI-tool notice.
			const notExported = properties.filter((p) => !exported.has(p)).map((p) => p.name);
			expect(notExported).toEqual(['toolNotice', 'resource']);
			expect(asText(properties)).toBe(before);
		});
	});
});

test('a copied definition is found (so the test above can fail)', () => {
	const definition: INodeProperties = { displayName: 'X', name: 'x', type: 'string', default: '' };
	const exported = new Set<unknown>([definition]);
	expect([definition, { ...definition }].filter((p) => !exported.has(p))).toHaveLength(1);
});
