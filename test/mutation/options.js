/**
 * What `npm run test:mutation -- …` was asked (cli.mjs): the files to mutate and the run's
 * options, checked before Stryker starts, and which files of a report belong to the run.
 * CommonJS so jest can test it.
 */
const { globSync, statSync } = require('node:fs');
const { matchesGlob } = require('node:path');

const USAGE = `Mutation testing (StrykerJS) of the code you name, then its score.

  npm run test:mutation -- <file, folder or glob>...   mutate only these (under nodes/ or credentials/)
  npm run test:mutation -- --all                       mutate every file of stryker.config.json

Options:
  --force           test every mutant again (otherwise unchanged code and tests reuse reports/stryker-incremental.json)
  --concurrency <n> test runners side by side (default 2; each takes a core)
  --every-test      run every test against every mutant, with module-level code mutated too:
                    for code that runs when a node is built (slow; pair it with --tests)
  --tests <names>   only the test files whose names start with these (comma-separated):
                    a quick look, whose score is a lower bound
  --help            this text

Examples:
  npm run test:mutation -- nodes/shared/dates.ts
  npm run test:mutation -- nodes/CheckMonitor/shared 'nodes/shared/*Feed.ts'
  npm run test:mutation -- nodes/shared/dates.ts:20-40     (lines 20 to 40 only)

The score is printed at the end; every survivor not listed in test/mutation/equivalents.json
is a missing test. Details: docs/mutation.md.`;

class UsageError extends Error {}

/** Stryker's line range at the end of a pattern (`<file>.ts:20-40`, `<file>.ts:20:5-40:1`): its first and last line. */
const RANGE = /:(\d+)(?::\d+)?-(\d+)(?::\d+)?$/;

/** A pattern without its line range. */
const withoutRange = (pattern) => pattern.replace(RANGE, '');

/** Whether a pattern names only some lines of its files. */
const hasRange = (pattern) => RANGE.test(pattern);

/** Whether a file (relative, with forward slashes) is one that a pattern names. */
const matchesPattern = (file, pattern) =>
	matchesGlob(file, withoutRange(pattern).replace(/^\.\//, ''));

/** Whether a file is one of the run's: named by a pattern and by no `!pattern`. */
function inScope(file, patterns) {
	const named = patterns.filter((p) => !p.startsWith('!'));
	const left = patterns.filter((p) => p.startsWith('!')).map((p) => p.slice(1));
	return named.some((p) => matchesPattern(file, p)) && !left.some((p) => matchesPattern(file, p));
}

/**
 * Whether a mutant's line is one the run named: any line of a file named whole, else a line
 * in one of the ranges named for it. A range run tests only its lines; the report holds the
 * file's other mutants as an earlier run left them, which are not this run's to score.
 */
function inNamedLines(file, line, patterns) {
	let ranged = false;
	for (const pattern of patterns.filter((p) => !p.startsWith('!') && matchesPattern(file, p))) {
		const range = RANGE.exec(pattern);
		if (!range) return true;
		ranged = true;
		if (line >= Number(range[1]) && line <= Number(range[2])) return true;
	}
	return !ranged;
}

/** A folder stands for the code in it; a file or glob stays as given. */
function asPattern(argument, cwd) {
	const plain = withoutRange(argument).replace(/^\.\//, '').replace(/\/+$/, '');
	let folder = false;
	try {
		folder = statSync(`${cwd}/${plain}`).isDirectory();
	} catch {
		// not a path: a glob, or a file that is not there (refused below)
	}
	return folder ? `${plain}/**/*.ts` : argument.replace(/^\.\//, '');
}

/**
 * The run asked for: `{ help }`, or `{ mutate, force, concurrency, everyTest, tests }`.
 * `codeGlobs` are stryker.config.json's `mutate`: a named file must be one of them.
 */
function parseArguments(args, { cwd, codeGlobs }) {
	const run = {
		mutate: [],
		all: false,
		force: false,
		concurrency: undefined,
		everyTest: false,
		tests: [],
	};
	const patterns = [];
	for (let i = 0; i < args.length; i++) {
		const arg = args[i];
		const value = () => {
			const next = args[++i];
			if (next === undefined || next.startsWith('--')) throw new UsageError(`${arg} needs a value`);
			return next;
		};
		if (arg === '--help' || arg === '-h') return { help: true };
		else if (arg === '--all') run.all = true;
		else if (arg === '--force') run.force = true;
		else if (arg === '--every-test') run.everyTest = true;
		else if (arg === '--concurrency') {
			const n = Number(value());
			if (!Number.isInteger(n) || n < 1)
				throw new UsageError(`--concurrency must be a whole number of at least 1, got ${args[i]}`);
			run.concurrency = n;
		} else if (arg === '--tests')
			run.tests = value()
				.split(',')
				.map((t) => t.trim())
				.filter(Boolean);
		else if (arg.startsWith('-')) throw new UsageError(`unknown option ${arg}`);
		else patterns.push(asPattern(arg, cwd));
	}
	if (run.all && patterns.length > 0)
		throw new UsageError('--all mutates every file: name files or give --all, not both');
	if (!run.all && patterns.length === 0) return { help: true, nothingNamed: true };
	if (run.all) return { ...run, mutate: [...codeGlobs] };
	const code = codeGlobs.flatMap((glob) => globSync(glob, { cwd }));
	for (const pattern of patterns.filter((p) => !p.startsWith('!'))) {
		if (!code.some((file) => matchesPattern(file, pattern))) {
			throw new UsageError(
				`${pattern} names no file to mutate: name code under ${codeGlobs.join(' or ')} (not tests)`,
			);
		}
	}
	return { ...run, mutate: patterns };
}

/** Stryker's options for the run, over stryker.config.json's. */
function strykerOptions(run) {
	return {
		configFile: 'stryker.config.json',
		mutate: run.mutate,
		...(run.force ? { force: true } : {}),
		...(run.concurrency ? { concurrency: run.concurrency } : {}),
		...(run.everyTest ? { coverageAnalysis: 'all', ignoreStatic: false } : {}),
		// Results measured with other tests, or with other coverage, must not be reused by a
		// normal run: such runs keep no incremental state.
		...(run.everyTest || run.tests.length > 0 ? { incremental: false } : {}),
	};
}

module.exports = {
	USAGE,
	UsageError,
	parseArguments,
	strykerOptions,
	inScope,
	inNamedLines,
	hasRange,
	withoutRange,
};
