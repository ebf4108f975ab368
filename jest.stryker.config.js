/**
 * The jest tier as Stryker runs it for each mutant: quick tests first (test/mutation/sequencer.js).
 *
 * STRYKER_TESTS=name1,name2 runs only the test files whose names start with those names: a
 * quick look at one file's mutants when the code runs at load time (mergeProperties builds
 * the node descriptions, so every test covers it and each mutant would run the whole tier).
 * Such a score is a lower bound: the tests left out can only kill more.
 */
const base = require('./jest.config');

const only = process.env.STRYKER_TESTS?.split(',').filter(Boolean);

module.exports = {
	...base,
	testSequencer: '<rootDir>/test/mutation/sequencer.js',
	// A killed mutant stops at its first failing test (Stryker's jest runner cannot bail).
	// A path, not <rootDir>: Stryker loads the environment itself, from the raw config.
	testEnvironment: require('node:path').join(__dirname, 'test/mutation/mutationEnvironment.js'),
	// ...and loads no test file after it (test/mutation/mutationRunner.js).
	runner: require('node:path').join(__dirname, 'test/mutation/mutationRunner.js'),
	// The summary's own tests test no code under nodes/ or credentials/, and read reports/;
	// the tarball's tests read dist/. Stryker's sandbox leaves both folders out. The layout test
	// reads the sources as text, which Stryker has instrumented; it tests where code lives.
	testPathIgnorePatterns: [
		'/node_modules/',
		'<rootDir>/test/mutation/',
		'<rootDir>/test/package/package.test.ts',
		'<rootDir>/test/package/layout.test.ts',
	],
	...(only?.length ? { testMatch: only.map((name) => `**/${name}*.test.ts`) } : {}),
};
