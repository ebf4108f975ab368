/**
 * docs/node-contract.md read as data: for each action node, its resources and each
 * resource's operations, from the node's table (`| \`resource\` | \`op\`, \`op\` | … |`).
 * The page is the users' list; test/package/nodeSurface.test.ts holds it equal to the build.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

export type OperationsByResource = Record<string, string[]>;

const contractFile = path.join(__dirname, '..', 'docs', 'node-contract.md');

/** The operations of `node` (its type name, e.g. `customerEngagement`), by resource. */
export function contractOperations(
	node: string,
	text = readFileSync(contractFile, 'utf8'),
): OperationsByResource {
	const heading = text
		.split('\n')
		.findIndex((line) => line.startsWith('## ') && line.includes(`(\`${node}\`)`));
	if (heading === -1) throw new Error(`docs/node-contract.md has no section "## … (\`${node}\`)"`);
	const operations: OperationsByResource = {};
	for (const line of text.split('\n').slice(heading + 1)) {
		if (line.startsWith('## ')) break;
		const cells = line.split('|').map((cell) => cell.trim());
		// A table row: | `resource` | `op`, `op` | names |
		if (cells.length < 4 || !/^`\w+`$/.test(cells[1]) || cells[1] === '`resource`') continue;
		operations[cells[1].slice(1, -1)] = [...cells[2].matchAll(/`(\w+)`/g)].map((match) => match[1]);
	}
	if (Object.keys(operations).length === 0)
		throw new Error(`docs/node-contract.md's section for \`${node}\` lists no resource`);
	return operations;
}
