/**
 * The mutation summary counts what Stryker reported and leaves out only the listed
 * equivalents, matched by file, mutator, original code and replacement.
 */
import {
	equivalentOf,
	isShared,
	originalOf,
	placeOf,
	renderSummary,
	score,
	scoreLines,
	summarize,
	type Equivalent,
	type Report,
} from './summary';
import strykerReport from './fixtures/strykerReport.json';

const at = (line: number, column: number, endColumn: number, endLine = line) => ({
	start: { line, column },
	end: { line: endLine, column: endColumn },
});

const SOURCE = [
	'export function f(a: number) {',
	'\tif (a > 0) return a;',
	'\treturn items.slice(0,\n\t\tlimit);',
	'}',
].join('\n');
const report: Report = {
	files: {
		'nodes/shared/f.ts': {
			source: SOURCE,
			mutants: [
				{
					mutatorName: 'EqualityOperator',
					replacement: 'a >= 0',
					location: at(2, 6, 11),
					status: 'Survived',
				},
				{
					mutatorName: 'EqualityOperator',
					replacement: 'a < 0',
					location: at(2, 6, 11),
					status: 'Killed',
				},
				{
					mutatorName: 'ConditionalExpression',
					replacement: 'true',
					location: at(2, 6, 11),
					status: 'NoCoverage',
				},
				{
					mutatorName: 'MethodExpression',
					replacement: 'items',
					location: at(3, 9, 9, 4),
					status: 'Survived',
				},
				{
					mutatorName: 'BlockStatement',
					replacement: '{}',
					location: at(1, 30, 2, 5),
					status: 'Timeout',
				},
				{
					mutatorName: 'StringLiteral',
					replacement: '""',
					location: at(1, 1, 2),
					status: 'Ignored',
				},
				{
					mutatorName: 'StringLiteral',
					replacement: '""',
					location: at(1, 1, 2),
					status: 'CompileError',
				},
			],
		},
		'nodes/Foo/resources/bar.ts': {
			source: 'x;',
			mutants: [
				{
					mutatorName: 'BooleanLiteral',
					replacement: 'false',
					location: at(1, 1, 2),
					status: 'Killed',
				},
			],
		},
	},
};
const equivalents: Equivalent[] = [
	// Written over two lines with other indentation: whitespace runs compare as one space.
	{
		file: 'nodes/shared/f.ts',
		mutator: 'MethodExpression',
		original: 'items.slice(0, limit)',
		replacement: 'items',
		reason: 'trimmed by n8n',
	},
	{
		file: 'nodes/shared/f.ts',
		mutator: 'EqualityOperator',
		original: 'a > 0',
		replacement: 'a <= 0',
		reason: 'not met: another replacement',
	},
];

test('the original code of a mutant is read from its location (1-based, end exclusive), over lines too', () => {
	expect(originalOf(SOURCE, at(2, 6, 11))).toBe('a > 0');
	expect(originalOf(SOURCE, at(3, 9, 9, 4))).toBe('items.slice(0,\n\t\tlimit)');
});

test('an equivalent matches by file, mutator, code and replacement', () => {
	const mutant = report.files['nodes/shared/f.ts'].mutants[3];
	expect(equivalentOf(equivalents, 'nodes/shared/f.ts', mutant, 'items.slice(0,\n\t\tlimit)')).toBe(
		equivalents[0],
	);
	expect(
		equivalentOf(equivalents, 'nodes/shared/g.ts', mutant, 'items.slice(0,\n\t\tlimit)'),
	).toBeUndefined();
	expect(
		equivalentOf(
			equivalents,
			'nodes/shared/f.ts',
			{ ...mutant, mutatorName: 'StringLiteral' },
			'items.slice(0, limit)',
		),
	).toBeUndefined();
	expect(
		equivalentOf(
			equivalents,
			'nodes/shared/f.ts',
			{ ...mutant, replacement: 'limit' },
			'items.slice(0, limit)',
		),
	).toBeUndefined();
	expect(
		equivalentOf(equivalents, 'nodes/shared/f.ts', mutant, 'items.slice(1, limit)'),
	).toBeUndefined();
});

test('an equivalent with `in` matches only the mutant that text encloses, even on one line', () => {
	const source = "\tif (String(raw ?? '').trim() === '') return;";
	const blank: Equivalent = {
		file: 'nodes/shared/f.ts',
		mutator: 'StringLiteral',
		original: "''",
		in: "raw ?? ''",
		reason: 'r',
	};
	const mutant = (column: number) => ({
		mutatorName: 'StringLiteral',
		replacement: '"Stryker was here!"',
		location: at(1, column, column + 2),
		status: 'Survived',
	});
	const first = mutant(source.indexOf("''") + 1);
	const second = mutant(source.lastIndexOf("''") + 1);
	expect(originalOf(source, first.location)).toBe("''");
	expect(originalOf(source, second.location)).toBe("''");
	expect(
		equivalentOf([blank], 'nodes/shared/f.ts', first, "''", placeOf(source, first.location)),
	).toBe(blank);
	expect(
		equivalentOf([blank], 'nodes/shared/f.ts', second, "''", placeOf(source, second.location)),
	).toBeUndefined();
});

test("a mutant over several lines is placed from its first line's start to its last line's end", () => {
	const place = placeOf(SOURCE, at(3, 9, 9, 4));
	expect(place.text.slice(place.start, place.end)).toBe('items.slice(0,\n\t\tlimit)');
});

test('counts per file and in all; scores with and without the listed equivalents; the survivors nobody listed', () => {
	const summary = summarize(report, equivalents);
	expect(summary.files.map((f) => f.file)).toEqual([
		'nodes/Foo/resources/bar.ts',
		'nodes/shared/f.ts',
	]);
	expect(summary.files[1].counts).toEqual({
		Killed: 1,
		Timeout: 1,
		Survived: 2,
		NoCoverage: 1,
		Ignored: 1,
		CompileError: 1,
		RuntimeError: 0,
		equivalent: 1,
	});
	expect(summary.total).toMatchObject({
		Killed: 2,
		Timeout: 1,
		Survived: 2,
		NoCoverage: 1,
		equivalent: 1,
	});
	expect(summary.shared).toEqual(summary.files[1].counts);
	// Detected (killed, timed out) of killed + timed out + survived + no coverage.
	expect(score(summary.total, false)).toBe(50);
	expect(score(summary.total, true)).toBe(60);
	expect(score(summary.files[0].counts, true)).toBe(100);
	// In source order (line, column), then by mutator and replacement.
	expect(summary.unlisted).toEqual([
		{
			file: 'nodes/shared/f.ts',
			line: 2,
			status: 'NoCoverage',
			mutator: 'ConditionalExpression',
			original: 'a > 0',
			replacement: 'true',
		},
		{
			file: 'nodes/shared/f.ts',
			line: 2,
			status: 'Survived',
			mutator: 'EqualityOperator',
			original: 'a > 0',
			replacement: 'a >= 0',
		},
	]);
	expect(summary.excluded).toEqual([
		{
			file: 'nodes/shared/f.ts',
			line: 3,
			status: 'Survived',
			mutator: 'MethodExpression',
			original: 'items.slice(0, limit)',
			replacement: 'items',
			reason: 'trimmed by n8n',
		},
	]);
	expect(summary.unusedEquivalents).toEqual([equivalents[1]]);
});

test('the summary does not depend on the order the report lists the mutants in (two runs list them differently)', () => {
	const file = report.files['nodes/shared/f.ts'];
	const more = {
		...file,
		mutants: [
			...file.mutants,
			{
				mutatorName: 'EqualityOperator',
				replacement: 'a <= 0',
				location: at(2, 6, 11),
				status: 'Survived' as const,
			},
			{
				mutatorName: 'BooleanLiteral',
				replacement: 'false',
				location: at(2, 2, 4),
				status: 'Survived' as const,
			},
		],
	};
	const reversed = { ...more, mutants: [...more.mutants].reverse() };
	const render = (f: typeof more) =>
		renderSummary(summarize({ files: { ...report.files, 'nodes/shared/f.ts': f } }, equivalents), {
			commit: 'c',
			date: 'd',
			scope: 's',
			complete: true,
		});
	expect(render(reversed)).toBe(render(more));
	expect(
		summarize({ files: { 'nodes/shared/f.ts': reversed } }, equivalents).unlisted.map(
			(u) => u.replacement,
		),
	).toEqual(['false', 'true', 'a >= 0']);
});

test('a module-level survivor (a test loaded its module again) counts as ignored and is listed apart, unless every test ran it', () => {
	const moduleLevel = {
		mutatorName: 'StringLiteral',
		replacement: '""',
		location: at(1, 1, 4),
		status: 'Survived',
		static: true,
	};
	const withIt: Report = {
		files: {
			'nodes/shared/g.ts': {
				source: "'x';",
				mutants: [moduleLevel, { ...moduleLevel, status: 'Killed' }],
			},
		},
	};
	const summary = summarize(withIt, []);
	expect(summary.total).toMatchObject({ Killed: 1, Survived: 0, Ignored: 1 });
	expect(summary.unlisted).toEqual([]);
	expect(summary.reloaded).toEqual([
		{
			file: 'nodes/shared/g.ts',
			line: 1,
			status: 'Survived',
			mutator: 'StringLiteral',
			original: "'x'",
			replacement: '""',
		},
	]);
	expect(renderSummary(summary, { commit: 'c', date: 'd', scope: 's', complete: true })).toContain(
		'## Module-level survivors counted as ignored (1)\n\nCode that runs when a module loads is ignored; these ran only because a test loads their module again inside itself, and only against that test. `--every-test` runs them against every test (docs/mutation.md).\n\n| file | line | mutator | original | replacement |\n|---|---|---|---|---|\n| nodes/shared/g.ts | 1 | StringLiteral | `` \'x\' `` | `` "" `` |',
	);
	expect(scoreLines(summary, { scope: 's' }).at(-1)).toBe(
		'  1 module-level survivor(s) counted as ignored: a test loads their module again inside itself (see the summary; --every-test measures them).',
	);
	const everyTest = summarize(withIt, [], { everyTest: true });
	expect(everyTest.total).toMatchObject({ Killed: 1, Survived: 1, Ignored: 0 });
	expect(everyTest.unlisted).toHaveLength(1);
	expect(everyTest.reloaded).toEqual([]);
});

test('nodes/shared is the shared code, held to its own score', () => {
	expect(
		[
			'nodes/shared/pagination.ts',
			'nodes/shared/x/y.ts',
			'nodes/CheckMonitor/shared/flips.ts',
			'nodes/sharedThing.ts',
		].map(isShared),
	).toEqual([true, true, false, false]);
});

test('an entry of a file the report does not hold is not reported as unmet (a run over other files)', () => {
	const other: Equivalent = {
		file: 'nodes/shared/g.ts',
		mutator: 'StringLiteral',
		original: "''",
		reason: 'r',
	};
	expect(summarize(report, [...equivalents, other]).unusedEquivalents).toEqual([equivalents[1]]);
});

test('a run over every file reports an entry of a file it does not hold as unmet (the file moved or was removed)', () => {
	const moved: Equivalent = {
		file: 'nodes/shared/g.ts',
		mutator: 'StringLiteral',
		original: "''",
		reason: 'r',
	};
	expect(summarize(report, [...equivalents, moved], { everyFile: true }).unusedEquivalents).toEqual(
		[equivalents[1], moved],
	);
});

test('the rendered summary: totals first, a row per file, the unlisted survivors, a score never rounded up to a threshold', () => {
	const text = renderSummary(summarize(report, equivalents), {
		commit: 'abc1234',
		date: '2026-11-26 07:00 UTC',
		scope: 'a test',
		complete: true,
	});
	expect(text).toContain('| **all (2 files)** | 50.0 % | 60.0 % | 2 | 1 | 2 | 1 | 1 | 1 |');
	expect(text).toContain('| nodes/shared/f.ts | 40.0 % | 50.0 % | 1 | 1 | 2 | 1 | 1 | 1 |');
	expect(text).toContain('## Survivors not listed as equivalent (2)');
	expect(text).toContain(
		'| nodes/shared/f.ts | 2 | NoCoverage | ConditionalExpression | `` a > 0 `` | `` true `` |',
	);
	expect(text).toContain(
		'| nodes/shared/f.ts | 3 | MethodExpression | `` items.slice(0, limit) `` | `` items `` | trimmed by n8n |',
	);
	expect(text).toContain('## Listed equivalents this run did not meet (1)');
	const almost = {
		Killed: 8999,
		Timeout: 0,
		Survived: 1001,
		NoCoverage: 0,
		Ignored: 0,
		CompileError: 0,
		RuntimeError: 0,
		equivalent: 0,
	};
	expect(
		renderSummary(
			{
				files: [],
				total: almost,
				shared: almost,
				unlisted: [],
				excluded: [],
				reloaded: [],
				unusedEquivalents: [],
			},
			{ commit: 'c', date: 'd', scope: 's', complete: false },
		),
	).toContain('| 89.9 % |');
});

test("the location reading agrees with Stryker's own report: an operator mutant's code and replacement differ only in the operator", () => {
	// fixtures/strykerReport.json: two files of a report StrykerJS 10.0.0 wrote, with their
	// operator mutants. Stryker prints replacements reformatted (parentheses, line breaks),
	// hence the shape. Read one column off, none would agree.
	const shape = (code: string) =>
		code.replace(/(===|!==|==|!=|<=|>=|<|>)/, '#').replace(/[\s()]/g, '');
	const results = Object.values((strykerReport as Report).files).flatMap(({ source, mutants }) =>
		mutants.map((m) => [shape(originalOf(source, m.location)), shape(String(m.replacement))]),
	);
	expect(results.length).toBe(50);
	for (const [original, replacement] of results) expect(original).toBe(replacement);
});

test('the lines the command ends with: the scores, nodes/shared only when the run holds it, and the survivors nobody listed', () => {
	expect(
		scoreLines(summarize(report, equivalents), { scope: 'nodes/shared/f.ts, nodes/Foo', limit: 1 }),
	).toEqual([
		'Mutation score of nodes/shared/f.ts, nodes/Foo (2 file(s); 1 mutants ignored, 1 ruled out by the type checker):',
		'  overall: 50.0 % (3 of 6 mutants detected); 60.0 % less 1 listed equivalent(s)',
		'  nodes/shared: 40.0 % (2 of 5 mutants detected); 50.0 % less 1 listed equivalent(s)',
		'  Survivors not listed as equivalent (2), each a missing test or an equivalent to list:',
		'    nodes/shared/f.ts:2 NoCoverage ConditionalExpression: a > 0 → true',
		'    … 1 more in the summary',
	]);
	const elsewhere = {
		files: { 'nodes/Foo/resources/bar.ts': report.files['nodes/Foo/resources/bar.ts'] },
	};
	expect(scoreLines(summarize(elsewhere, equivalents), { scope: 'nodes/Foo' })).toEqual([
		'Mutation score of nodes/Foo (1 file(s); 0 mutants ignored, 0 ruled out by the type checker):',
		'  overall: 100.0 % (1 of 1 mutants detected); 100.0 % less 0 listed equivalent(s)',
		'  Survivors not listed as equivalent: none.',
	]);
});
