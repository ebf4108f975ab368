/**
 * A Stryker reporter (see stryker.config.json) that writes the score per file, the score of
 * the shared mechanisms, and every survivor that is not a listed equivalent.
 *
 * Listed equivalents (test/mutation/equivalents.json) are mutants that cannot change
 * behaviour through n8n's engine, each with its reason; they are matched by file, mutator,
 * original code and replacement (whitespace runs compared as one space), not by line, so
 * the list survives edits above them. "Score less equivalents" leaves them out of the count.
 *
 * A run over the configured files (`npm run test:mutation`) writes the committed summary,
 * reports/mutation-summary.md; a run over fewer files (`--mutate …`) or with another test
 * selection writes reports/mutation/summary.md only, so a partial run never replaces it.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { commonTokens, declareClassPlugin, PluginKind } from '@stryker-mutator/api/plugin';
import summary from './summary.js';

const { loadEquivalents, percent, renderSummary, score, summarize } = summary;

const FULL_SUMMARY = 'reports/mutation-summary.md';
const RUN_SUMMARY = 'reports/mutation/summary.md';

const now = () => `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`;

function gitDescription() {
	try {
		const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
		const dirty = execFileSync('git', ['status', '--porcelain', '--', 'nodes', 'credentials', 'test', 'stryker.config.json', 'jest.config.js', 'jest.stryker.config.js', 'package-lock.json'], { encoding: 'utf8' }).trim() !== '';
		return dirty ? `${commit} with uncommitted changes to the code, the tests or their configuration` : commit;
	} catch {
		return 'unknown (not a git checkout)';
	}
}

class SummaryReporter {
	static inject = [commonTokens.options, commonTokens.logger];

	constructor(options, log) {
		this.options = options;
		this.log = log;
	}

	onMutationTestReportReady(report) {
		const configured = JSON.parse(readFileSync('stryker.config.json', 'utf8'));
		const full =
			JSON.stringify(this.options.mutate) === JSON.stringify(configured.mutate) &&
			this.options.coverageAnalysis === configured.coverageAnalysis &&
			this.options.ignoreStatic === configured.ignoreStatic &&
			!process.env.STRYKER_TESTS?.split(',').some(Boolean);
		const scope = full
			? 'a run over every file of stryker.config.json, the whole jest tier'
			: `a partial run (${this.options.mutate.join(', ')}; coverage ${this.options.coverageAnalysis}${process.env.STRYKER_TESTS ? `; tests ${process.env.STRYKER_TESTS}` : ''})`;
		const result = summarize(report, loadEquivalents());
		const text = renderSummary(result, { commit: gitDescription(), date: now(), scope, complete: full });
		for (const path of full ? [RUN_SUMMARY, FULL_SUMMARY] : [RUN_SUMMARY]) {
			mkdirSync(dirname(path), { recursive: true });
			writeFileSync(path, text);
		}
		this.log.info(
			`Summary: ${percent(score(result.total, false))} overall (${percent(score(result.total, true))} less listed equivalents); shared mechanisms ${percent(score(result.shared, true))} less listed equivalents; ${result.unlisted.length} survivors not listed. Written to ${full ? FULL_SUMMARY : RUN_SUMMARY}.`,
		);
	}
}

export const strykerPlugins = [declareClassPlugin(PluginKind.Reporter, 'summary', SummaryReporter)];

// `node test/mutation/summaryReporter.mjs`: the summary of the incremental state (every
// result a run may reuse), printed; `--write` also writes it to reports/mutation-summary.md,
// e.g. after a partial run changed the state. A jest test holds the committed summary to
// the committed state.
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
	const report = JSON.parse(readFileSync('reports/stryker-incremental.json', 'utf8'));
	const text = renderSummary(summarize(report, loadEquivalents()), { commit: gitDescription(), date: now(), scope: 'from the incremental state', complete: true });
	process.stdout.write(text);
	if (process.argv.includes('--write')) writeFileSync(FULL_SUMMARY, text);
}
