/**
 * What `npm run test:mutation -- …` takes: the code to mutate (files, folders, globs, line
 * ranges, only under nodes/ or credentials/), its options, and which files a run's score counts.
 */
import {
	hasRange,
	inNamedLines,
	inScope,
	parseArguments,
	strykerOptions,
	type Run,
} from './options';

const context = { cwd: process.cwd(), codeGlobs: ['nodes/**/*.ts', 'credentials/**/*.ts'] };
const parse = (...args: string[]) => parseArguments(args, context);
const run = (...args: string[]) => parse(...args) as Run;

test('files, folders, globs and line ranges are mutated as named; a folder stands for its code', () => {
	expect(
		parse(
			'nodes/shared/dates.ts',
			'./nodes/shared/',
			'nodes/*/shared/*.ts',
			'nodes/shared/dates.ts:20-40',
		),
	).toMatchObject({
		mutate: [
			'nodes/shared/dates.ts',
			'nodes/shared/**/*.ts',
			'nodes/*/shared/*.ts',
			'nodes/shared/dates.ts:20-40',
		],
		all: false,
	});
});

test('--all mutates what stryker.config.json names; nothing named shows the usage', () => {
	expect(parse('--all')).toMatchObject({ mutate: context.codeGlobs, all: true });
	expect(parse()).toEqual({ help: true, nothingNamed: true });
	expect(parse('--help', 'nodes/shared/dates.ts')).toEqual({ help: true });
});

test('a test, a file that is not there and a glob that names no code are refused with what to name', () => {
	const refusal = (pattern: string) =>
		`${pattern} names no file to mutate: name code under nodes/**/*.ts or credentials/**/*.ts (not tests)`;
	expect(() => parse('test/mutation/summary.test.ts')).toThrow(
		refusal('test/mutation/summary.test.ts'),
	);
	expect(() => parse('nodes/shared/nothing.ts')).toThrow(refusal('nodes/shared/nothing.ts'));
	expect(() => parse('scripts/*.ts')).toThrow(refusal('scripts/*.ts'));
});

test('the options, and what is refused', () => {
	expect(
		parse(
			'nodes/shared/dates.ts',
			'--force',
			'--concurrency',
			'1',
			'--every-test',
			'--tests',
			'dates, flips',
		),
	).toMatchObject({
		force: true,
		concurrency: 1,
		everyTest: true,
		tests: ['dates', 'flips'],
	});
	expect(() => parse('--all', 'nodes/shared')).toThrow(
		'--all mutates every file: name files or give --all, not both',
	);
	expect(() => parse('nodes/shared', '--concurrency', '0')).toThrow(
		'--concurrency must be a whole number of at least 1, got 0',
	);
	expect(() => parse('nodes/shared', '--concurrency', '1.5')).toThrow(
		'--concurrency must be a whole number of at least 1, got 1.5',
	);
	expect(() => parse('nodes/shared', '--tests')).toThrow('--tests needs a value');
	expect(() => parse('nodes/shared', '--fast')).toThrow('unknown option --fast');
});

test("Stryker's options: the config file's, with the run's; a run with other tests or coverage keeps no incremental state", () => {
	expect(strykerOptions(run('nodes/shared/dates.ts'))).toEqual({
		configFile: 'stryker.config.json',
		mutate: ['nodes/shared/dates.ts'],
	});
	expect(strykerOptions(run('nodes/shared/dates.ts', '--force', '--concurrency', '1'))).toEqual({
		configFile: 'stryker.config.json',
		mutate: ['nodes/shared/dates.ts'],
		force: true,
		concurrency: 1,
	});
	expect(strykerOptions(run('nodes/shared/dates.ts', '--every-test'))).toMatchObject({
		coverageAnalysis: 'all',
		ignoreStatic: false,
		incremental: false,
	});
	expect(strykerOptions(run('nodes/shared/dates.ts', '--tests', 'dates'))).toMatchObject({
		incremental: false,
	});
});

test("a run's score counts the files it named, whatever else the incremental state holds", () => {
	expect(inScope('nodes/shared/dates.ts', ['nodes/shared/dates.ts'])).toBe(true);
	expect(inScope('nodes/shared/dates.ts', ['nodes/shared/dates.ts:20-40'])).toBe(true);
	expect(inScope('nodes/shared/dates.ts', ['nodes/shared/dates.ts:20:5-40:1'])).toBe(true);
	expect(inScope('nodes/shared/datesToo.ts', ['nodes/shared/dates.ts'])).toBe(false);
	expect(inScope('nodes/shared/a/b.ts', ['nodes/shared/**/*.ts'])).toBe(true);
	expect(inScope('nodes/shared/a/b.ts', ['nodes/shared/**/*.ts', '!nodes/shared/a/*.ts'])).toBe(
		false,
	);
	expect(inScope('credentials/X.credentials.ts', ['nodes/**/*.ts'])).toBe(false);
});

test('a run over line ranges scores the mutants of those lines only; a file named whole, all of its lines', () => {
	const ranges = ['nodes/shared/dates.ts:20-40', 'nodes/shared/dates.ts:60:5-61:1'];
	expect(
		[19, 20, 40, 41, 60, 61, 62].map((line) => inNamedLines('nodes/shared/dates.ts', line, ranges)),
	).toEqual([false, true, true, false, true, true, false]);
	expect(inNamedLines('nodes/shared/dates.ts', 100, [...ranges, 'nodes/shared/*.ts'])).toBe(true);
	expect(
		inNamedLines('nodes/shared/pagination.ts', 100, [
			'nodes/shared/dates.ts:20-40',
			'nodes/shared/pagination.ts',
		]),
	).toBe(true);
	// A run over ranges leaves out some of a file's mutants, so its equivalents may go unmet.
	expect(
		[
			'nodes/shared/dates.ts:20-40',
			'nodes/shared/dates.ts:20:5-40:1',
			'nodes/shared/dates.ts',
			'nodes/shared',
		].map(hasRange),
	).toEqual([true, true, false, false]);
});
