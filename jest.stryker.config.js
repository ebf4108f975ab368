/**
 * The jest tier as Stryker runs it for each mutant: quick tests first (test/mutation/sequencer.js).
 *
 * STRYKER_TESTS=name1,name2 (`npm run test:mutation -- --tests name1,name2`) runs only the test
 * files whose names start with those names: a quick look at code that every test runs, where
 * each mutant would otherwise run the whole tier. Such a score is a lower bound: the tests left
 * out can only kill more.
 */
const base = require('./jest.config');

const only = process.env.STRYKER_TESTS?.split(',').filter(Boolean);

module.exports = {
	...base,
	testSequencer: '<rootDir>/test/mutation/sequencer.js',
	// Instrumented code runs slower, every file in one process: the randomized trigger tests
	// (10-15 s under jest) passed 30 s in the first run on a busy machine, and the tests after
	// them failed on what they left running. A mutant's run has Stryker's own time limit.
	testTimeout: 120_000,
	// A killed mutant stops at its first failing test (Stryker's jest runner cannot bail).
	// A path, not <rootDir>: Stryker loads the environment itself, from the raw config.
	testEnvironment: require('node:path').join(__dirname, 'test/mutation/mutationEnvironment.js'),
	// ...and loads no test file after it (test/mutation/mutationRunner.js).
	runner: require('node:path').join(__dirname, 'test/mutation/mutationRunner.js'),
	// Left out of mutation runs, matched by name wherever the test layout puts them: the mutation
	// tool's own tests (they test no code under nodes/ or credentials/); the tarball's tests (they
	// read dist/, which Stryker's sandbox leaves out); the layout test (it reads the sources as
	// text, which Stryker has instrumented).
	testPathIgnorePatterns: [
		'/node_modules/',
		'<rootDir>/test/mutation/',
		'/package\\.test\\.ts$',
		'/layout\\.test\\.ts$',
	],
	...(only?.length ? { testMatch: only.map((name) => `**/${name}*.test.ts`) } : {}),
};
