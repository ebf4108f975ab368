/**
 * Test order of mutation runs: the quick tests that compare whole descriptions first, so that a
 * mutant of build-time code is killed by its first test (a killed mutant skips every later test:
 * mutationEnvironment.js); the slow randomized and timing tests last. Under a mutant, only the
 * files holding one of its tests (testFiles.js).
 */
const Sequencer = require('@jest/test-sequencer').default;
const { filesToRun } = require('./testFiles');

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

function rank(path) {
	const first = FIRST.findIndex((name) => path.includes(name));
	if (first !== -1) return first;
	return LAST.some((name) => path.includes(name)) ? FIRST.length + 1 : FIRST.length;
}

class MutationSequencer extends Sequencer {
	#globalConfig;

	constructor(options) {
		super(options);
		this.#globalConfig = options.globalConfig;
	}

	sort(tests) {
		const { rootDir, testNamePattern } = this.#globalConfig;
		return [...filesToRun(tests, rootDir, testNamePattern)].sort(
			(a, b) => rank(a.path) - rank(b.path) || a.path.localeCompare(b.path),
		);
	}
}

module.exports = MutationSequencer;
