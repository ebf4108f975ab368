/**
 * The jest environment of mutation runs. Under a mutant, once a test has failed, every later
 * test of that mutant's run is skipped (and mutationRunner.js loads no later file): Stryker
 * needs one failing test to call a mutant killed, but its jest runner cannot make jest bail
 * (it sets `bail: false`), so a mutant of build-time code ran hundreds of tests after it was
 * killed. A survivor still runs every test that covers it: no result changes. With no mutant
 * active (the dry run) it records which file holds which test (testFiles.js).
 */
const { TestEnvironment } = require('jest-environment-node');
const { activeMutant, recordTest, saveRecord } = require('./testFiles');

// On `process`, so that every test file's environment sees it (one jest run per mutant).
const FAILED_UNDER = Symbol.for('engagement-monitor.mutation.failedUnderMutant');

/** Marks a describe block and everything in it skipped: its hooks do not run. */
function skipAll(block) {
	block.mode = 'skip';
	for (const child of block.children) {
		if (child.type === 'describeBlock') skipAll(child);
		else child.mode = 'skip';
	}
}

class MutationEnvironment extends TestEnvironment {
	#rootDir;
	#testPath;

	constructor(config, context) {
		super(config, context);
		this.#rootDir = config.globalConfig.rootDir;
		this.#testPath = context.testPath;
	}

	async handleTestEvent(event) {
		const mutant = activeMutant();
		if (mutant === undefined) {
			if (event.name === 'test_start') recordTest(this.#testPath, event.test);
			return;
		}
		const failed = process[FAILED_UNDER] === mutant;
		// A failing hook also ends in a test_done with the error.
		if (event.name === 'test_done' && event.test.errors.length > 0) process[FAILED_UNDER] = mutant;
		else if (failed && event.name === 'run_describe_start') skipAll(event.describeBlock);
		else if (failed && event.name === 'test_start') event.test.mode = 'skip';
	}

	async teardown() {
		if (activeMutant() === undefined) saveRecord(this.#rootDir);
		await super.teardown();
	}

	static failedUnderActiveMutant() {
		const mutant = activeMutant();
		return mutant !== undefined && process[FAILED_UNDER] === mutant;
	}
}

module.exports = MutationEnvironment;
