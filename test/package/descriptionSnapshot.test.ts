/**
 * What n8n receives, committed: each node's description as n8n reads it
 * (`new Node().description`, the properties as the source declares them),
 * in test/package/descriptions/<node name>.json. A change to a resource file that changes
 * what runs shows its effect there, in the same diff.
 *
 * How it is rendered (renderDescription):
 * - every object's keys in one stable order: displayName, name, value, type, default
 *   first; options, values, modes, routing, properties last; the others alphabetical
 *   (arrays keep their order: it is the order n8n shows and evaluates them in);
 * - a function (preSend, postReceive, a pagination hook) as "[function <name>]": its own
 *   name, else the name it is exported under (`sendSingleRequest`), else the exported
 *   factory that made it, as "[function convertSent(…)]", so a diff shows which hook sits
 *   where; a function none of these name renders "[function anonymous]", which the last
 *   test refuses;
 * - a key whose value is undefined is left out (as JSON.stringify and n8n's own metadata
 *   generator, n8n-core's bin/generate-metadata, leave it out of dist/types/nodes.json).
 *
 * The test fails when the description differs from the committed file, and says how to
 * regenerate: `WRITE_DESCRIPTIONS=1 npx jest test/package/descriptionSnapshot.test.ts`
 * writes the files (and only with that variable: without it a missing file fails too).
 *
 * Package-wide: one committed description per node, all five, rendered by one function.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { INodeTypeDescription } from 'n8n-workflow';
import { CheckMonitor } from '../../nodes/CheckMonitor/CheckMonitor.node';
import { CheckMonitorTrigger } from '../../nodes/CheckMonitorTrigger/CheckMonitorTrigger.node';
import { CheckMonitorWebhookTrigger } from '../../nodes/CheckMonitorWebhookTrigger/CheckMonitorWebhookTrigger.node';
import { CustomerEngagement } from '../../nodes/CustomerEngagement/CustomerEngagement.node';
import { CustomerEngagementTrigger } from '../../nodes/CustomerEngagementTrigger/CustomerEngagementTrigger.node';

const folder = path.join(__dirname, 'descriptions');
const nodesFolder = path.join(__dirname, '..', '..', 'nodes');
const REGENERATE = 'WRITE_DESCRIPTIONS=1 npx jest test/package/descriptionSnapshot.test.ts';

/**
 * Each node by its name, built when called: inside a test, so that the mutation run counts
 * the test as covering the build (a description built while jest collects tests is covered by
 * no test, and Stryker would never run this comparison against a mutant of it).
 */
const builders: Array<[string, () => INodeTypeDescription]> = [
	['customerEngagement', () => new CustomerEngagement().description],
	['checkMonitor', () => new CheckMonitor().description],
	['customerEngagementTrigger', () => new CustomerEngagementTrigger().description],
	['checkMonitorTrigger', () => new CheckMonitorTrigger().description],
	['checkMonitorWebhookTrigger', () => new CheckMonitorWebhookTrigger().description],
];
const descriptions = (): INodeTypeDescription[] => builders.map(([, build]) => build());

// ---- Naming functions ----------------------------------------------------------------

/** Every .ts module under nodes/, loaded as the node classes load them. */
function nodeModules(): Array<Record<string, unknown>> {
	const files: string[] = [];
	const walk = (dir: string) => {
		for (const entry of readdirSync(dir, { withFileTypes: true })) {
			const full = path.join(dir, entry.name);
			if (entry.isDirectory()) walk(full);
			else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) files.push(full);
		}
	};
	walk(nodesFolder);
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	return files.sort().map((file) => require(file) as Record<string, unknown>);
}

/** Any function a description holds (preSend, postReceive, a pagination hook). */
type AnyFunction = (...args: never[]) => unknown;

type Named = { exported: Map<AnyFunction, string>; factories: Array<{ name: string; source: string }> };

function namingTable(): Named {
	const exported = new Map<AnyFunction, string>();
	const factories: Array<{ name: string; source: string }> = [];
	for (const module of nodeModules()) {
		for (const [name, value] of Object.entries(module)) {
			if (typeof value !== 'function') continue;
			if (!exported.has(value as AnyFunction)) exported.set(value as AnyFunction, name);
			factories.push({ name, source: Function.prototype.toString.call(value) });
		}
	}
	return { exported, factories };
}

let table: Named | undefined;

/**
 * "[function <name>]" for a function of a description (see the header). Names come from
 * function identity and source containment, never from the source text itself, so they are
 * the same when the code is instrumented (jest --coverage, Stryker's mutant switches).
 */
export function functionLabel(fn: AnyFunction): string {
	table ??= namingTable();
	if (fn.name) return `[function ${fn.name}]`;
	const exported = table.exported.get(fn);
	if (exported) return `[function ${exported}]`;
	const source = Function.prototype.toString.call(fn);
	// The innermost exported function whose source holds this one's: the factory that made it.
	const host = table.factories
		.filter((factory) => factory.source !== source && factory.source.includes(source))
		.sort((a, b) => a.source.length - b.source.length)[0];
	return host ? `[function ${host.name}(…)]` : '[function anonymous]';
}

// ---- Rendering -------------------------------------------------------------------------

const FIRST = ['displayName', 'name', 'value', 'type', 'default'];
const LAST = ['options', 'values', 'modes', 'routing', 'properties'];

function keyOrder(a: string, b: string): number {
	const rank = (key: string) => (FIRST.includes(key) ? FIRST.indexOf(key) - FIRST.length : LAST.includes(key) ? 1 + LAST.indexOf(key) : 0);
	return rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0);
}

function plain(value: unknown, where: string): unknown {
	if (typeof value === 'function') return functionLabel(value as AnyFunction);
	if (value === undefined) return '[undefined]';
	if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
	if (typeof value === 'number') return Number.isFinite(value) ? value : `[number ${value}]`;
	if (Array.isArray(value)) return value.map((entry, i) => plain(entry, `${where}[${i}]`));
	if (typeof value === 'object') {
		const prototype = Object.getPrototypeOf(value) as unknown;
		if (prototype !== Object.prototype && prototype !== null) {
			throw new Error(`renderDescription: ${where} is a ${(value as object).constructor?.name}, which the snapshot cannot show`);
		}
		const out: Record<string, unknown> = {};
		for (const key of Object.keys(value).sort(keyOrder)) {
			const entry = (value as Record<string, unknown>)[key];
			if (entry !== undefined) out[key] = plain(entry, `${where}.${key}`);
		}
		return out;
	}
	throw new Error(`renderDescription: ${where} is a ${typeof value}, which the snapshot cannot show`);
}

/** The committed text of a description: pretty-printed JSON, tab-indented, stable key order. */
export function renderDescription(description: INodeTypeDescription): string {
	return `${JSON.stringify(plain(description, description.name), null, '\t')}\n`;
}

// ---- Comparing -------------------------------------------------------------------------

/** The lines that differ, with two lines of context, as "- committed" / "+ built" (at most 60). */
function changedLines(committed: string, built: string): string {
	const a = committed.split('\n');
	const b = built.split('\n');
	let start = 0;
	while (start < a.length && start < b.length && a[start] === b[start]) start++;
	let endA = a.length;
	let endB = b.length;
	while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
		endA--;
		endB--;
	}
	const from = Math.max(0, start - 2);
	const lines = [
		`@@ line ${start + 1} @@`,
		...a.slice(from, start).map((line) => `  ${line}`),
		...a.slice(start, endA).map((line) => `- ${line}`),
		...b.slice(start, endB).map((line) => `+ ${line}`),
		...a.slice(endA, endA + 2).map((line) => `  ${line}`),
	];
	return lines.length > 60 ? [...lines.slice(0, 60), `  … ${lines.length - 60} more lines`].join('\n') : lines.join('\n');
}

/**
 * Compare a rendered description with its committed file: undefined when they are the same,
 * else the failure message. With `write`, a missing or different file is (re)written instead.
 */
export function compareWithCommitted(file: string, rendered: string, write: boolean): string | undefined {
	const shown = path.relative(process.cwd(), file);
	if (write) {
		if (!existsSync(file) || readFileSync(file, 'utf8') !== rendered) {
			mkdirSync(path.dirname(file), { recursive: true });
			writeFileSync(file, rendered);
		}
		return undefined;
	}
	if (!existsSync(file)) return `${shown} is missing. Write it with: ${REGENERATE}`;
	const committed = readFileSync(file, 'utf8');
	if (committed === rendered) return undefined;
	return [
		`${shown} differs from the description the node hands n8n (- committed, + built):`,
		changedLines(committed, rendered),
		`If the change is meant, regenerate it with: ${REGENERATE}`,
		'and commit the file with the change.',
	].join('\n');
}

const fileOf = (description: INodeTypeDescription) => path.join(folder, `${description.name}.json`);
const write = process.env.WRITE_DESCRIPTIONS === '1';

// ---- Tests -----------------------------------------------------------------------------

test.each(builders.map(([name, build]) => [name, name, build] as const))(
	'%s: the description n8n gets is the committed test/package/descriptions/%s.json',
	(name, _file, build) => {
		const description = build();
		expect(description.name).toBe(name);
		const failure = compareWithCommitted(fileOf(description), renderDescription(description), write);
		if (failure) throw new Error(failure);
	},
);

test('a changed description text fails the comparison, shows the line and says how to regenerate', () => {
	const description = new CustomerEngagement().description;
	const committed = fileOf(description);
	expect(compareWithCommitted(committed, renderDescription(description), false)).toBeUndefined();
	// A copy with one parameter's description changed (the sources are not touched).
	const index = description.properties.findIndex((p) => p.name === 'simplify');
	const changed: INodeTypeDescription = {
		...description,
		properties: description.properties.map((p, i) => (i === index ? { ...p, description: `${p.description} (changed)` } : p)),
	};
	const failure = compareWithCommitted(committed, renderDescription(changed), false);
	expect(failure).toContain('differs from the description the node hands n8n');
	expect(failure).toContain('(changed)",');
	expect(failure).toMatch(/^\+ \t+"description": ".*\(changed\)",$/m);
	expect(failure).toMatch(/^- \t+"description": ".*",$/m);
	expect(failure).toContain(REGENERATE);
	// The file itself is left as it was.
	expect(readFileSync(committed, 'utf8')).toBe(renderDescription(description));
});

test('a hook moved or swapped shows: functions render as their names', () => {
	const description = new CustomerEngagement().description;
	const rendered = JSON.parse(renderDescription(description)) as INodeTypeDescription;
	// The hidden Transport parameter turns on the pagination hook for every operation.
	expect(rendered.properties[0].name).toBe('transport');
	expect(rendered.properties[0].routing?.send).toEqual({ paginate: true });
	expect(rendered.requestOperations).toEqual({ pagination: '[function sendSingleRequest]' });
	// A factory's product names its factory.
	expect(renderDescription(description)).toContain('"[function convertSent(…)]"');
	const swapped: INodeTypeDescription = { ...description, requestOperations: { pagination: async () => [] } };
	expect(compareWithCommitted(fileOf(description), renderDescription(swapped), false)).toContain('+ \t\t"pagination": "[function pagination]"');
});

test('without WRITE_DESCRIPTIONS a missing file fails and is not written', () => {
	const missing = path.join(folder, 'no-such-node.json');
	expect(compareWithCommitted(missing, '{}\n', false)).toBe(`${path.relative(process.cwd(), missing)} is missing. Write it with: ${REGENERATE}`);
	expect(existsSync(missing)).toBe(false);
});

test('every function in the descriptions is named (export it, or name the function, to keep the snapshot readable)', () => {
	for (const description of descriptions()) {
		const anonymous = renderDescription(description)
			.split('\n')
			.map((line, i) => `${description.name}.json:${i + 1}: ${line.trim()}`)
			.filter((line) => line.includes('[function anonymous]'));
		expect(anonymous).toEqual([]);
	}
});
