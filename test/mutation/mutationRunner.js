/**
 * The jest runner of mutation runs (jest.stryker.config.js): jest's own runner, one test file
 * at a time, in band (as Stryker's jest adapter always runs jest), except that under a mutant,
 * once one of its tests has failed (mutationEnvironment.js), the files after it are not loaded.
 *
 * Why: the environment skips every later test of a killed mutant, but jest still loads each
 * later file, and loading one re-evaluates n8n-core and n8n-workflow in its own module
 * registry (about half a second). A mutant in code that every test reads (the node
 * descriptions' build, the API definitions, the resilience wrapper) has some 150 files to
 * run, so it still cost over a minute after its first failing test, and each load grew the
 * runner's heap. Stryker reads the results jest returns: a failed test makes the mutant
 * killed, and a file left out had no test that would have run, so no result changes. With no
 * mutant active (the dry run) every file runs.
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
