/**
 * Where code lives (docs/architecture.md, section 1): a maintainer finds an operation by its
 * name, and a shared mechanism by its job.
 *
 * - Every operation of both action nodes has `resources/<resource>/<operation>.ts`, named
 *   after the operation's value, and that file declares the operation's option of the
 *   Operation selector (its routing is there, not in resources/<resource>/index.ts).
 * - `nodes/shared/` holds one job per file: each at most 250 lines.
 * - No two files under `nodes/` share a name, outside `resources/` (where every resource has
 *   its `<resource>/index.ts`, `<resource>/get.ts`, ...) and `__schema__/` (n8n's output schemas, which n8n reads at
 *   `__schema__/v<version>/<resource>/<operation>.json` and so mirror the resources).
 * - A test's path follows from the code it tests (CONTRIBUTING.md, "Where a test goes"): the
 *   rule is TEST_LAYOUT below.
 *
 * Package-wide: it reads the whole source tree and the whole test tree.
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

function operationsOf(
	description: INodeTypeDescription,
): Array<{ resource: string; operation: string }> {
	return description.properties
		.filter((property) => property.name === 'operation')
		.flatMap((selector) =>
			(selector.displayOptions?.show?.resource as string[]).flatMap((resource) =>
				(selector.options as INodePropertyOptions[]).map((option) => ({
					resource,
					operation: String(option.value),
				})),
			),
		);
}

describe.each([
	['CustomerEngagement', new CustomerEngagement().description],
	['CheckMonitor', new CheckMonitor().description],
] as const)('%s: one file per operation', (folder, description) => {
	const operations = operationsOf(description);

	it('has operations (so the rule below checks something)', () => {
		expect(operations.length).toBeGreaterThan(5);
	});

	it.each(operations.map(({ resource, operation }) => [`${resource}/${operation}`]))(
		'resources/%s.ts declares the operation',
		(name) => {
			const file = path.join(nodesFolder, folder, 'resources', `${name}.ts`);
			expect(existsSync(file)).toBe(true);
			const operation = name.split('/')[1];
			expect(readFileSync(file, 'utf8')).toContain(`value: '${operation}'`);
		},
	);
});

describe('nodes/shared', () => {
	const shared = readdirSync(path.join(nodesFolder, 'shared')).filter((name) =>
		name.endsWith('.ts'),
	);

	it.each(shared)('%s is at most 250 lines', (name) => {
		const lines =
			readFileSync(path.join(nodesFolder, 'shared', name), 'utf8').split('\n').length - 1;
		expect(lines).toBeLessThanOrEqual(250);
	});
});

it('no two files under nodes/ share a name outside resources/ and __schema__/ (or a job both action nodes have, in the same place)', () => {
	const byName = new Map<string, string[]>();
	for (const file of filesUnder(nodesFolder)) {
		const relative = path.relative(nodesFolder, file);
		if (relative.split(path.sep).some((part) => part === 'resources' || part === '__schema__'))
			continue;
		const name = path.basename(file);
		byName.set(name, [...(byName.get(name) ?? []), relative]);
	}
	const samePlace = (files: string[]) =>
		new Set(files.map((file) => file.split(path.sep).slice(1).join('/'))).size === 1;
	const duplicates = [...byName.values()].filter((files) => files.length > 1 && !samePlace(files));
	expect(duplicates).toEqual([]);
});

/**
 * Imports run one way, node → resources → shared (docs/architecture.md, section 1): code in a
 * `shared/` folder (a node's own, or nodes/shared/) imports only code in `shared/` folders, so
 * a shared file never has to know the operations that use it. Each relative import is
 * resolved to a file.
 */
export function importsOutsideShared(file: string, text = readFileSync(file, 'utf8')): string[] {
	return (
		[...text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^;]*?from\s+['"](\.{1,2}\/[^'"]+)['"]/g)]
			.map((match) => path.relative(nodesFolder, path.resolve(path.dirname(file), match[1])))
			.filter((target) => !target.split(path.sep).slice(0, -1).includes('shared'))
			// A credential is shared by every node of its API (its API root is written there once).
			.filter((target) => !/^\.\.[\\/]credentials[\\/]/.test(target))
	);
}

describe('imports run one way: node → resources → shared', () => {
	const sharedFiles = filesUnder(nodesFolder).filter(
		(file) =>
			file.endsWith('.ts') &&
			path.relative(nodesFolder, file).split(path.sep).slice(0, -1).includes('shared'),
	);

	it.each(sharedFiles.map((file) => [path.relative(nodesFolder, file), file]))(
		'%s imports only shared code',
		(_name, file) => {
			expect(importsOutsideShared(file)).toEqual([]);
		},
	);

	it('sees an import of a resource from a shared file (so the test above can fail)', () => {
		const file = path.join(nodesFolder, 'CustomerEngagement', 'shared', 'example.ts');
		const text =
			"import type { X } from 'n8n-workflow';\nimport { a } from './locators';\nimport {\n\tcontactFields,\n} from '../resources/contact/fields';\nexport { b } from '../../shared/apiRequest';\n";
		expect(importsOutsideShared(file, text)).toEqual([
			path.join('CustomerEngagement', 'resources', 'contact', 'fields'),
		]);
	});
});

/**
 * One home for what the tests and the scripts share (harness/: the stand-in servers, the
 * engine harness, the node contract's reader): the tests and the scripts import it, and it
 * imports neither; the scripts import nothing of test/ (test/scripts/ imports the scripts
 * it tests).
 */
function importsInto(file: string, folders: string[], text = readFileSync(file, 'utf8')): string[] {
	return [...text.matchAll(/(?:from\s+|require\()['"](\.{1,2}\/[^'"]+)['"]/g)]
		.map((match) => path.relative(repoFolder, path.resolve(path.dirname(file), match[1])))
		.filter((target) => folders.includes(target.split(path.sep)[0]));
}

describe('imports run one way: test/ and scripts/ → harness/', () => {
	const code = (folder: string) =>
		filesUnder(path.join(repoFolder, folder)).filter((file) => /\.(ts|js|mjs|cjs)$/.test(file));

	it.each([
		['harness', ['test', 'scripts']],
		['scripts', ['test']],
	])('%s/ imports nothing of %j', (folder, forbidden) => {
		expect(
			code(folder).flatMap((file) =>
				importsInto(file, forbidden).map(
					(target) => `${path.relative(repoFolder, file)} → ${target}`,
				),
			),
		).toEqual([]);
	});

	it('sees an import of test/ from a script (so the test above can fail)', () => {
		const file = path.join(repoFolder, 'scripts', 'e2e', 'x.ts');
		expect(
			importsInto(
				file,
				['test'],
				"import { a } from '../../test/support/setup';\nimport { b } from '../../harness/engine';\n",
			),
		).toEqual([path.join('test', 'support', 'setup')]);
	});
});

/** Where a test goes; each failure below names the rule it breaks. */
const TEST_LAYOUT = `A test's path follows from the code it tests:
- test/<NodeFolder>/<resource>.test.ts for nodes/<NodeFolder>/resources/<resource>/, and <resource>.<file>.test.ts for one of its files
  whose tests stand apart (an operation such as upsert, a helper such as customFields);
- test/<NodeFolder>/<name>.test.ts for a source file or folder <name> under nodes/<NodeFolder>/ (<NodeFolder>.node for the node itself);
- test/shared/<name>.test.ts for nodes/shared/<name>.ts, and <name>.<aspect>.test.ts for one of its aspects whose tests stand apart;
  test/credentials/<Name>.credentials.test.ts for credentials/<Name>.credentials.ts;
- .randomized before .test.ts for the randomized test of a source file;
- test/package/ for a test of the whole package (a header line "Package-wide: why"), test/support/<path>.test.ts beside test/support/<path>.ts,
  test/harness/<path>.test.ts for harness/<path>.ts, test/scripts/<path>.test.ts for scripts/<path>, test/mutation/ for the mutation tool's own tests.`;

const repoFolder = path.join(__dirname, '..', '..');
const testFolder = path.join(repoFolder, 'test');
const isFolder = (...parts: string[]) =>
	existsSync(path.join(repoFolder, ...parts)) &&
	statSync(path.join(repoFolder, ...parts)).isDirectory();
const isFile = (...parts: string[]) =>
	existsSync(path.join(repoFolder, ...parts)) && statSync(path.join(repoFolder, ...parts)).isFile();

/** The names a test in test/<folder>/ may take from nodes/<folder>/: its .ts files and folders, outside resources/ and __schema__/. */
function sourceNames(folder: string): Set<string> {
	const names = new Set<string>();
	const visit = (relative: string) => {
		for (const entry of readdirSync(path.join(nodesFolder, relative))) {
			if (
				['resources', '__schema__', 'shared'].includes(entry) &&
				isFolder('nodes', relative, entry)
			) {
				if (entry === 'shared') visit(path.join(relative, entry));
				continue;
			}
			if (isFolder('nodes', relative, entry)) {
				names.add(entry);
				visit(path.join(relative, entry));
			} else if (entry.endsWith('.ts')) names.add(entry.slice(0, -'.ts'.length));
		}
	};
	visit(folder);
	return names;
}

/** A script named `name` (any extension) in scripts/<folder>/ or a folder below it. */
function hasScript(folder: string[], name: string): boolean {
	if (!isFolder('scripts', ...folder)) return false;
	return filesUnder(path.join(repoFolder, 'scripts', ...folder)).some(
		(file) => /^(.+)\.(ts|js|mjs|cjs)$/.exec(path.basename(file))?.[1] === name,
	);
}

/** `stem` as a name alone, or as <name>.<aspect>: whether `accept` takes either reading. */
function readings(stem: string, accept: (name: string, aspect?: string) => boolean): boolean {
	const dot = stem.lastIndexOf('.');
	return accept(stem) || (dot > 0 && accept(stem.slice(0, dot), stem.slice(dot + 1)));
}

/** Why the test file at `file` (relative to test/, with "/") is misplaced; undefined when it is where the layout puts it. */
function misplacement(file: string): string | undefined {
	const parts = file.split('/');
	const base = parts[parts.length - 1];
	if (!base.endsWith('.test.ts')) return undefined;
	const stem = base.slice(0, -'.test.ts'.length);
	const [top, ...below] = parts.slice(0, -1);
	if (top === undefined)
		return 'a test goes in the folder of the code it tests, not in test/ itself';
	if (top === 'support')
		return isFile('test', top, ...below, `${stem}.ts`)
			? undefined
			: `no test/${[top, ...below, stem].join('/')}.ts beside it`;
	if (top === 'harness')
		return isFile(top, ...below, `${stem}.ts`)
			? undefined
			: `no ${[top, ...below, stem].join('/')}.ts`;
	if (top === 'scripts')
		return hasScript(below, stem)
			? undefined
			: `no script ${stem} under scripts/${below.join('/')}`;
	if (below.length > 0) return `test/${top}/ has no subfolders`;
	if (top === 'package' || top === 'mutation') return undefined;
	if (top === 'shared') {
		return readings(stem, (name) => isFile('nodes', 'shared', `${name}.ts`))
			? undefined
			: `no nodes/shared/${stem}.ts`;
	}
	if (top === 'credentials')
		return stem.endsWith('.credentials') && isFile('credentials', `${stem}.ts`)
			? undefined
			: `no credentials/${stem}.ts`;
	if (!isFolder('nodes', top))
		return `no nodes/${top}/ (and not one of package, shared, credentials, support, harness, scripts, mutation)`;
	const names = sourceNames(top);
	const accepted = readings(stem, (name, aspect) =>
		isFolder('nodes', top, 'resources', name)
			? aspect === undefined ||
				aspect === 'randomized' ||
				isFile('nodes', top, 'resources', name, `${aspect}.ts`)
			: names.has(name) && (aspect === undefined || aspect === 'randomized'),
	);
	return accepted
		? undefined
		: `"${stem}" is no resource (with one of its files), source file or folder of nodes/${top}/`;
}

describe("test/: a test's path follows from the code it tests", () => {
	const tests = filesUnder(testFolder)
		.map((file) => path.relative(testFolder, file).split(path.sep).join('/'))
		.filter((file) => file.endsWith('.test.ts') && !file.startsWith('mutation/fixtures/'));

	it('every test file is where the layout puts it', () => {
		const misplaced = tests.flatMap((file) => {
			const reason = misplacement(file);
			return reason === undefined ? [] : [`test/${file}: ${reason}`];
		});
		expect(misplaced.length ? `${misplaced.join('\n')}\n\n${TEST_LAYOUT}` : '').toBe('');
	});

	it('the rule finds a misplaced test, and takes each kind of place (so the test above can fail)', () => {
		const misplaced = [
			'credentials.test.ts',
			'nodes/checkMonitor.test.ts',
			'CustomerEngagement/contacts.test.ts',
			'CustomerEngagement/contact.rename.test.ts',
			'CustomerEngagement/create.test.ts',
			'CustomerEngagement/customerEngagementApi.errors.test.ts',
			'CheckMonitor/check/get.test.ts',
			'Monitor/check.test.ts',
			'shared/transports.test.ts',
			'shared/apiRequests.answers.test.ts',
			'shared/CheckMonitor.node.test.ts',
			'credentials/CheckMonitorApi.test.ts',
			'support/harness.test.ts',
			'support/servers/checkMonitorServer.test.ts',
			'harness/nothing.test.ts',
			'scripts/nothing.test.ts',
			'package/more/x.test.ts',
		];
		expect(misplaced.filter((file) => misplacement(file) === undefined)).toEqual([]);
		const placed = [
			'CustomerEngagement/contact.test.ts',
			'CustomerEngagement/contact.upsert.test.ts',
			'CustomerEngagement/listSearch.test.ts',
			'CheckMonitor/CheckMonitor.node.test.ts',
			'CheckMonitor/checkMonitorApi.test.ts',
			'CheckMonitorTrigger/CheckMonitorTrigger.node.randomized.test.ts',
			'CheckMonitorTrigger/listedChecks.test.ts',
			'shared/apiRequest.test.ts',
			'shared/apiRequest.randomized.test.ts',
			'shared/apiRequest.answers.test.ts',
			'credentials/CheckMonitorApi.credentials.test.ts',
			'harness/servers/checkMonitorServer.test.ts',
			'support/regexCpuLimit.test.ts',
			'package/anything.test.ts',
		];
		expect(placed.filter((file) => misplacement(file) !== undefined)).toEqual([]);
	});

	it('test/package/ stays small: at most 10 files, each saying in its header why it is package-wide', () => {
		const packageTests = tests.filter((file) => file.startsWith('package/'));
		expect(packageTests.length).toBeLessThanOrEqual(10);
		const header = (file: string) =>
			readFileSync(path.join(testFolder, file), 'utf8').split('*/')[0];
		expect(packageTests.filter((file) => !/\n \* Package-wide: \S/.test(header(file)))).toEqual([]);
	});
});
