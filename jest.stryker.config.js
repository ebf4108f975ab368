/**
 * The jest suite as Stryker runs it for each mutant (test/mutation/): only the files holding
 * one of the mutant's tests, quick ones first, stopping at the first failure.
 * STRYKER_TESTS=name1,name2 runs only the test files whose names start with those: a quick
 * look at code every test runs, whose score is a lower bound.
 */
const { join } = require('node:path');
const base = require('./jest.config');

const only = process.env.STRYKER_TESTS?.split(',').filter(Boolean);

module.exports = {
	...base,
	testSequencer: '<rootDir>/test/mutation/sequencer.js',
	// Paths, not <rootDir>: Stryker loads these itself, from the raw config.
	testEnvironment: join(__dirname, 'test/mutation/mutationEnvironment.js'),
	runner: join(__dirname, 'test/mutation/mutationRunner.js'),
	// Instrumented code runs slower, every file in one process; a mutant's run has Stryker's limit.
	testTimeout: 120_000,
	// Left out: the tool's own tests, the tarball's (they read dist/, not in Stryker's sandbox)
	// and the layout test (it reads the sources as text, which Stryker has instrumented).
	testPathIgnorePatterns: [
		'/node_modules/',
		'<rootDir>/test/mutation/',
		'/package\\.test\\.ts$',
		'/layout\\.test\\.ts$',
	],
	...(only?.length ? { testMatch: only.map((name) => `**/${name}*.test.ts`) } : {}),
};
