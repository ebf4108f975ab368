/**
 * Where code lives (docs/architecture.md, section 1): a maintainer finds an operation by its
 * name, and a shared mechanism by its job.
 *
 * - Every operation of both action nodes has `resources/<resource>/<operation>.ts`, named
 *   after the operation's value, and that file declares the operation's option of the
 *   Operation selector (its routing is there, not in the resource's index.ts).
 * - `nodes/shared/` holds one job per file: each at most 250 lines.
 * - No two files under `nodes/` share a name, outside `resources/` (where every resource has
 *   its `index.ts`, `get.ts`, ...) and `__schema__/` (n8n's output schemas, which n8n reads at
 *   `__schema__/v<version>/<resource>/<operation>.json` and so mirror the resources).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { INodePropertyOptions, INodeTypeDescription } from 'n8n-workflow';
import { CheckMonitor } from '../../nodes/CheckMonitor/CheckMonitor.node';
import { CustomerEngagement } from '../../nodes/CustomerEngagement/CustomerEngagement.node';

const nodesFolder = path.join(__dirname, '..', '..', 'nodes');

function filesUnder(folder: string): string[] {
	return readdirSync(folder).flatMap((entry) => {
		const full = path.join(folder, entry);
		return statSync(full).isDirectory() ? filesUnder(full) : [full];
	});
}

function operationsOf(description: INodeTypeDescription): Array<{ resource: string; operation: string }> {
	return description.properties
		.filter((property) => property.name === 'operation')
		.flatMap((selector) =>
			(selector.displayOptions?.show?.resource as string[]).flatMap((resource) =>
				(selector.options as INodePropertyOptions[]).map((option) => ({ resource, operation: String(option.value) })),
			),
		);
}

describe.each([
	['CustomerEngagement', new CustomerEngagement().description, 31],
	['CheckMonitor', new CheckMonitor().description, 14],
] as const)('%s: one file per operation', (folder, description, count) => {
	const operations = operationsOf(description);

	it(`has the ${count} operations of the node contract`, () => {
		expect(operations).toHaveLength(count);
	});

	it.each(operations.map(({ resource, operation }) => [`${resource}/${operation}`]))('resources/%s.ts declares the operation', (name) => {
		const file = path.join(nodesFolder, folder, 'resources', `${name}.ts`);
		expect(existsSync(file)).toBe(true);
		const operation = name.split('/')[1];
		expect(readFileSync(file, 'utf8')).toContain(`value: '${operation}'`);
	});
});

describe('nodes/shared', () => {
	const shared = readdirSync(path.join(nodesFolder, 'shared')).filter((name) => name.endsWith('.ts'));

	it.each(shared)('%s is at most 250 lines', (name) => {
		const lines = readFileSync(path.join(nodesFolder, 'shared', name), 'utf8').split('\n').length - 1;
		expect(lines).toBeLessThanOrEqual(250);
	});
});

it('no two files under nodes/ share a name outside resources/ and __schema__/ (or a job both action nodes have, in the same place)', () => {
	const byName = new Map<string, string[]>();
	for (const file of filesUnder(nodesFolder)) {
		const relative = path.relative(nodesFolder, file);
		if (relative.split(path.sep).some((part) => part === 'resources' || part === '__schema__')) continue;
		const name = path.basename(file);
		byName.set(name, [...(byName.get(name) ?? []), relative]);
	}
	// CustomerEngagement/shared/collections.ts and CheckMonitor/shared/collections.ts: one job, once per node.
	const samePlace = (files: string[]) => new Set(files.map((file) => file.split(path.sep).slice(1).join('/'))).size === 1;
	const duplicates = [...byName.values()].filter((files) => files.length > 1 && !samePlace(files));
	expect(duplicates).toEqual([]);
});
