/**
 * Test order for mutation runs (jest.stryker.config.js): the quick tests that run every
 * operation first, the slow randomized and timing tests last. A mutant's run skips every test
 * after its first failing one (mutationEnvironment.js), and a mutant in build-time code is read by
 * every test, so the order decides how long each of those mutants takes to be killed. Under
 * a mutant, only the files holding one of its tests run (testFiles.js).
 */
const Sequencer = require('@jest/test-sequencer').default;
const { filesToRun } = require('./testFiles');

// The node surface and the saved workflows first: a few quick tests that compare all of
// what n8n receives, so a mutant of the build (the node files, the build steps, the
// credentials' fields) is killed by its first test instead of after a hundred or more.
const FIRST = [
	'nodeSurface',
	'savedWorkflows',
	'credentials',
	'apiRequest.paths',
	'engine',
	'customerEngagement.test',
	'checkMonitor.test',
	'listSearch',
];
const LAST = ['Trigger', 'apiRequest.test', 'servers/'];

const rank = (path) => {
	const first = FIRST.findIndex((name) => path.includes(name));
	if (first !== -1) return first;
	return LAST.some((name) => path.includes(name)) ? FIRST.length + 1 : FIRST.length;
};

class MutationSequencer extends Sequencer {
	#globalConfig;

	constructor(options) {
		super(options);
		this.#globalConfig = options.globalConfig;
	}

	/** Under a mutant, only the files holding one of its tests (testFiles.js), quick ones first. */
	sort(tests) {
		const { rootDir, testNamePattern } = this.#globalConfig;
		return [...filesToRun(tests, rootDir, testNamePattern)].sort(
			(a, b) => rank(a.path) - rank(b.path) || a.path.localeCompare(b.path),
		);
	}
}

module.exports = MutationSequencer;
