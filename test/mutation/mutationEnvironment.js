/**
 * The jest environment of mutation runs (jest.stryker.config.js).
 *
 * Under a mutant: once a test has failed, every later test of that mutant's run is skipped, in
 * this file and in the files after it. Stryker's jest runner cannot make jest bail (it sets
 * `bail: false`, see @stryker-mutator/jest-runner's jest-override-options.js), so a killed
 * mutant still ran every test that covers it: for a mutant in build-time code (the nodes and
 * credentials are built inside each test), hundreds. Stryker needs one failing test to call a
 * mutant killed (its `disableBail` is off), and a surviving mutant still runs every test
 * (nothing failed), so no result changes: killed mutants finish sooner.
 *
 * With no mutant active (Stryker's dry run): records which file holds which test, for the
 * sequencer (testFiles.js).
 *
 * State is per process (Stryker's test runner runs one jest run per mutant, every test file in
 * band): the id of the mutant under which a test failed, kept on `process` so that every test
 * file's environment instance sees it.
 */
const { TestEnvironment } = require('jest-environment-node');
const { activeMutant, recordTest, saveRecord } = require('./testFiles');

const FAILED_UNDER = Symbol.for('engagement-monitor.mutation.failedUnderMutant');

/** Marks a describe block and everything in it skipped: its beforeAll/afterAll hooks do not run. */
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
		// A failing beforeAll/beforeEach/afterEach also ends in a test_done with the error.
		if (event.name === 'test_done' && event.test.errors.length > 0) {
			process[FAILED_UNDER] = mutant;
		} else if (failed && event.name === 'run_describe_start') {
			// the root block's too, before its hooks
			skipAll(event.describeBlock);
		} else if (failed && event.name === 'test_start') {
			event.test.mode = 'skip';
		}
	}

	async teardown() {
		if (activeMutant() === undefined) saveRecord(this.#rootDir);
		await super.teardown();
	}

	/** Whether a test has failed under the mutant now active (mutationRunner.js loads no more files then). */
	static failedUnderActiveMutant() {
		const mutant = activeMutant();
		return mutant !== undefined && process[FAILED_UNDER] === mutant;
	}
}

module.exports = MutationEnvironment;
