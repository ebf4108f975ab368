/**
 * The jest runner of mutation runs: jest's own, one file at a time in band (as Stryker runs
 * jest), except that once a test has failed under the mutant (mutationEnvironment.js) no later
 * file is loaded. Each load evaluates n8n-core again and grows the heap; a mutant of code every
 * test reads had some 150 files to load after it was killed.
 */
const { default: TestRunner } = require('jest-runner');
const MutationEnvironment = require('./mutationEnvironment');

class MutationRunner extends TestRunner {
	async runTests(tests, watcher, options) {
		if (!options.serial) return super.runTests(tests, watcher, options);
		for (const test of tests) {
			if (MutationEnvironment.failedUnderActiveMutant()) return;
			await super.runTests([test], watcher, options);
		}
	}
}

module.exports = MutationRunner;
