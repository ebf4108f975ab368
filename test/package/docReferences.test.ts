/**
 * What the docs and the comments name exists. Read: every tracked `*.md` but CHANGELOG.md
 * (history names what is gone) and the comments of every tracked .ts, .js, .mjs, .cjs file.
 * What counts as a reference (anything else, n8n's names included, is prose):
 *
 * - A path: a word with a `/` that ends in an extension some tracked file has (`.ts`, `.md`,
 *   ...) or in `/`, or that starts at a top-level entry of the repository. It must exist:
 *   from the root, from the naming file's folder, or as the end of a tracked path
 *   (`contact/fields.ts`).
 * - A file name without a folder (`<name>.ts`): in the naming file's folder, or the only
 *   tracked file of that name (a folder name, `resources/`: any folder of that name).
 * - Not ours: a placeholder (`<Node>.node.ts`, `*.test.ts`, `{id}`, `…`), a URL path (`/v1/`),
 *   a path git ignores (`dist/`, `.sandbox/`: what tools write), a path under a package
 *   (`n8n-core/dist/...`: package.json's dependencies, and n8n), a `.js` name in kebab case
 *   (n8n's compiled `poll-trigger-executor.js`) or capitalised (`Node.js`): no `.js` file of
 *   ours is named so (checked below).
 * - `npm run <script>`: package.json has the script.
 * - "`<name>` (in `<file>`)": that file exports the name.
 * - `<doc>.md, "<Section>"`: that doc has a heading, or a list item in bold, starting with
 *   those words.
 * - A count of polling events ("all ten events"): the number the build declares, one per
 *   event, or per event and Checks option where the event has one.
 * - One doc section, by its heading, on adding an operation (CONTRIBUTING's).
 *
 * Package-wide: reads the tracked tree, package.json and the build (`dist/`).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { INodeTypeDescription } from 'n8n-workflow';

const root = path.join(__dirname, '..', '..');
const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
	cwd: root,
	encoding: 'utf8',
})
	.split('\n')
	.filter((file) => file && existsSync(path.join(root, file)));
const folders = new Set(
	tracked.flatMap((file) =>
		file
			.split('/')
			.slice(0, -1)
			.map((_, i, parts) => parts.slice(0, i + 1).join('/')),
	),
);
const extensions = new Set(tracked.map((file) => /[^/.]\.(\w+)$/.exec(file)?.[1]).filter(Boolean));
const topLevel = new Set(tracked.map((file) => file.split('/')[0]));
const packageJson = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const packages = new Set([
	'n8n',
	...Object.keys({ ...packageJson.devDependencies, ...packageJson.peerDependencies }),
]);

const docs = tracked.filter((file) => file.endsWith('.md') && file !== 'CHANGELOG.md');
const sources = tracked.filter((file) => /\.(ts|js|mjs|cjs)$/.test(file));
// Strings first, so that a `//` or `/*` inside one starts no comment.
const tokens =
	/'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"|`(?:\\.|[^`\\])*`|\/\*[\s\S]*?\*\/|\/\/.*$/gm;

/** Each file read, as the text that can name things: a doc whole, a source's comments. */
const texts = [
	...docs.map((file) => ({ file, text: readFileSync(path.join(root, file), 'utf8') })),
	...sources.map((file) => ({
		file,
		text: (readFileSync(path.join(root, file), 'utf8').match(tokens) ?? [])
			.filter((token) => token.startsWith('/'))
			.join('\n'),
	})),
];

/** A `.js` name in kebab case (n8n's compiled `poll-trigger-executor.js`) or capitalised (`Node.js`). */
const notOurJs = (name: string) => name.endsWith('.js') && /-|^[A-Z]/.test(name);

/** Paths git ignores: what tools write (`dist/`, `.sandbox/`), not the repository's. */
function ignored(words: string[]): Set<string> {
	const result = spawnSync('git', ['check-ignore', '--stdin'], {
		cwd: root,
		input: words.join('\n'),
		encoding: 'utf8',
	});
	return new Set(result.stdout.split('\n'));
}

/** The tracked files and folders a word names from a file: by its path, else by its end. */
function named(word: string, from: string): string[] {
	const clean = word.replace(/\/$/, '');
	const all = [...tracked, ...folders];
	const near = path.posix.join(path.posix.dirname(from), clean);
	const exact = [near, clean].find((candidate) => all.includes(candidate));
	return exact ? [exact] : all.filter((file) => file.endsWith(`/${clean}`));
}

function existsAt(word: string, from: string): boolean {
	// `.test.ts`: a suffix, not a file.
	if (word.startsWith('.') && tracked.some((file) => file.endsWith(word))) return true;
	const found = named(word, from).length;
	return word.replace(/\/$/, '').includes('/') || word.endsWith('/') ? found > 0 : found === 1;
}

/** The paths and file names a text names (the rule above). */
function namedPaths(text: string): string[] {
	return (text.match(/[\w.@/<>{}*…:-]+/g) ?? [])
		.map((word) => word.replace(/:\d[\d-]*$/, '').replace(/[.:-]+$/, ''))
		.filter(
			(word) =>
				!/[<>{}*…:]|\.\.\.|^\/|^\.\.?\//.test(word) &&
				!packages.has(word.split('/')[0]) &&
				!notOurJs(path.posix.basename(word)),
		)
		.filter((word) => {
			const extension = /[^/.]\.(\w+)$/.exec(word)?.[1];
			const named = extension !== undefined && extensions.has(extension);
			return word.includes('/')
				? named || word.endsWith('/') || topLevel.has(word.split('/')[0])
				: named;
		});
}

function exports(file: string, name: string): boolean {
	const source = readFileSync(path.join(root, file), 'utf8');
	return new RegExp(
		`export\\s+(?:default\\s+)?(?:async\\s+)?(?:function\\*?|const|let|class|type|interface|enum)\\s+${name}\\b|export\\s*\\{[^}]*\\b${name}\\b`,
	).test(source);
}

const numbers =
	'zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen'.split(
		' ',
	);

function pollingEventCount(): number {
	const built = JSON.parse(
		readFileSync(path.join(root, 'dist', 'types', 'nodes.json'), 'utf8'),
	) as INodeTypeDescription[];
	return built
		.filter((node) => node.polling)
		.flatMap((node) =>
			(node.properties.find((property) => property.name === 'event')?.options ?? []).map(
				(event) => {
					const scope = node.properties.find(
						(property) =>
							property.name === 'scope' &&
							(property.displayOptions?.show?.event as unknown[] | undefined)?.includes(
								(event as { value: string }).value,
							),
					);
					return scope?.options?.length ?? 1;
				},
			),
		)
		.reduce((sum, count) => sum + count, 0);
}

describe('what docs and comments name exists', () => {
	it('reads docs and comments (so the rules below check something)', () => {
		expect(docs).toContain('CONTRIBUTING.md');
		expect(sources.filter((file) => notOurJs(path.posix.basename(file)))).toEqual([]);
		expect(texts.filter(({ text }) => namedPaths(text).length > 0).length).toBeGreaterThan(50);
	});

	it('every path and file name named exists', () => {
		const dead = texts.flatMap(({ file, text }) =>
			namedPaths(text)
				.filter((word) => !existsAt(word, file))
				.map((word) => ({ file, word })),
		);
		const generated = ignored(dead.map(({ word }) => word));
		expect(
			dead
				.filter(({ word }) => !generated.has(word))
				.map(({ file, word }) => `${file} names ${word}`),
		).toEqual([]);
	});

	it('every `npm run <script>` named is a script of package.json', () => {
		const missing = texts.flatMap(({ file, text }) =>
			[...text.matchAll(/npm run ([\w:-]+)/g)]
				.filter(([, script]) => !(script in packageJson.scripts))
				.map(([, script]) => `${file} names npm run ${script}`),
		);
		expect(missing).toEqual([]);
	});

	it('every "`name` (in `file`)" is exported by that file', () => {
		const wrong = texts.flatMap(({ file, text }) =>
			[...text.matchAll(/`(\w+)` \(in `([^`]+)`\)/g)]
				.filter(([, name, source]) => {
					const found = named(source, file);
					return found.length !== 1 || !exports(found[0], name);
				})
				.map(([, name, source]) => `${file}: ${name} is not exported by ${source}`),
		);
		expect(wrong).toEqual([]);
	});

	it('every section named (`docs/x.md, "Section"`) is in that doc', () => {
		const wrong = texts.flatMap(({ file, text }) =>
			[...text.replace(/\n[\s*/]*/g, ' ').matchAll(/([\w./-]+\.md),? "([^"]+)"/g)]
				.filter(([, doc, section]) => {
					const found = named(doc, file);
					if (found.length !== 1) return false; // a dead path: the test above says so
					const headings =
						readFileSync(path.join(root, found[0]), 'utf8').match(/^(#+ |\s*- \*\*).*$/gm) ?? [];
					const words = section.replace(/`/g, '').toLowerCase();
					return !headings.some((heading) =>
						heading
							.replace(/^(#+ (\d+\. )?|\s*- \*\*)/, '')
							.replace(/`/g, '')
							.toLowerCase()
							.startsWith(words),
					);
				})
				.map(([, doc, section]) => `${file}: ${doc} has no section "${section}"`),
		);
		expect(wrong).toEqual([]);
	});

	it('every count of polling events is what the build declares', () => {
		const count = pollingEventCount();
		expect(count).toBeGreaterThan(5);
		const wrong = texts.flatMap(({ file, text }) =>
			[...text.matchAll(/\b(\w+) (?:polling |trigger )?events\b/gi)]
				.map(
					([phrase, number]) =>
						[phrase, numbers.indexOf(number.toLowerCase()), Number(number)] as const,
				)
				.filter(
					([, word, digits]) =>
						(word >= 0 || Number.isInteger(digits)) && (word >= 0 ? word : digits) !== count,
				)
				.map(([phrase]) => `${file}: "${phrase}", the build declares ${count}`),
		);
		expect(wrong).toEqual([]);
	});

	it('one doc section says how to add an operation', () => {
		const sections = texts
			.filter(({ file }) => file.endsWith('.md'))
			.flatMap(({ file, text }) =>
				(text.match(/^#+ .*$/gm) ?? [])
					.filter((heading) => /\b(add|adding|new)\b.*\boperations?\b/i.test(heading))
					.map((heading) => `${file}: ${heading}`),
			);
		expect(sections).toHaveLength(1);
	});
});
