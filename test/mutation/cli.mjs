/**
 * `npm run test:mutation -- <files or globs>` (or `--all`): StrykerJS over the code named
 * (stryker.config.json), then the score of that code, overall and less the listed
 * equivalents (equivalents.json), and every survivor nobody listed. Writes the run's summary
 * to reports/mutation/summary.md; a run of every file also to reports/mutation-summary.md,
 * the committed record of the last full measurement. `--help` for the options.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Stryker } from '@stryker-mutator/core';
import options from './options.js';
import summary from './summary.js';

const { USAGE, UsageError, parseArguments, strykerOptions, inScope, inNamedLines, hasRange } =
	options;
const { loadEquivalents, renderSummary, scoreLines, summarize } = summary;

const JSON_REPORT = 'reports/mutation/mutation.json';
const RUN_SUMMARY = 'reports/mutation/summary.md';
const FULL_SUMMARY = 'reports/mutation-summary.md';

function gitDescription() {
	try {
		const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
			encoding: 'utf8',
		}).trim();
		const changed = [
			'nodes',
			'credentials',
			'test',
			'stryker.config.json',
			'jest.config.js',
			'jest.stryker.config.js',
			'package-lock.json',
		];
		const dirty =
			execFileSync('git', ['status', '--porcelain', '--', ...changed], {
				encoding: 'utf8',
			}).trim() !== '';
		return dirty
			? `${commit} with uncommitted changes to the code, the tests or their configuration`
			: commit;
	} catch {
		return 'unknown (not a git checkout)';
	}
}

const config = JSON.parse(readFileSync('stryker.config.json', 'utf8'));
let run;
try {
	run = parseArguments(process.argv.slice(2), { cwd: process.cwd(), codeGlobs: config.mutate });
} catch (error) {
	if (!(error instanceof UsageError)) throw error;
	console.error(`test:mutation: ${error.message} (--help for the options)`);
	process.exit(2);
}
if (run.help) {
	console.log(USAGE);
	process.exit(run.nothingNamed ? 1 : 0);
}

if (run.tests.length > 0) process.env.STRYKER_TESTS = run.tests.join(','); // read by jest.stryker.config.js
const started = Date.now();
rmSync(JSON_REPORT, { force: true });
try {
	await new Stryker(strykerOptions(run)).runMutationTest();
} catch {
	// Stryker has logged why.
	process.exit(1);
}

// The report holds every result of the incremental state; the score is of the code named.
const report = JSON.parse(readFileSync(JSON_REPORT, 'utf8'));
const files = Object.fromEntries(
	Object.entries(report.files)
		.filter(([file]) => inScope(file, run.mutate))
		.map(([file, result]) => [
			file,
			{
				...result,
				mutants: result.mutants.filter((m) =>
					inNamedLines(file, m.location.start.line, run.mutate),
				),
			},
		]),
);
const full = run.all && !run.everyTest && run.tests.length === 0;
const result = summarize({ files }, loadEquivalents(), {
	everyTest: run.everyTest,
	everyFile: run.all,
});
const scope = run.all ? 'every file of stryker.config.json' : run.mutate.join(', ');
const context = {
	commit: gitDescription(),
	date: `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
	scope: `${full ? 'a run over every file of stryker.config.json, the whole jest tier' : `a run over ${scope}`}${run.everyTest ? ', every test for every mutant' : ''}${run.tests.length > 0 ? `, only the tests ${run.tests.join(', ')} (a lower bound)` : ''}`,
	// A line range leaves out some of a file's mutants: its listed equivalents may go unmet.
	complete: !run.mutate.some(hasRange),
};
const text = renderSummary(result, context);
for (const path of full ? [RUN_SUMMARY, FULL_SUMMARY] : [RUN_SUMMARY]) {
	mkdirSync(path.replace(/\/[^/]+$/, ''), { recursive: true });
	writeFileSync(path, text);
}
console.log(
	[
		'',
		...scoreLines(result, { scope }),
		`Per file, and every survivor with its line: ${full ? FULL_SUMMARY : RUN_SUMMARY}; each mutant's diff: reports/mutation/mutation.html.`,
		`${((Date.now() - started) / 60000).toFixed(1)} min, commit ${context.commit}.`,
	].join('\n'),
);
process.exit(0);
