/** The jest suite as Stryker runs it for each mutant (test/mutation/). */
const { join } = require('node:path');
const base = require('./jest.config');

module.exports = {
	...base,
	testSequencer: '<rootDir>/test/mutation/sequencer.js',
	// Paths, not <rootDir>: Stryker loads these itself, from the raw config.
	testEnvironment: join(__dirname, 'test/mutation/mutationEnvironment.js'),
	runner: join(__dirname, 'test/mutation/mutationRunner.js'),
	// Instrumented code runs slower, every file in one process; a mutant's run has Stryker's limit.
	testTimeout: 120_000,
	// Left out: the tool's own tests, those that read the build (dist/ is not in Stryker's sandbox,
	// and it is not mutated), the layout and doc-reference tests (they read the sources, which
	// Stryker instruments, and the git tree, which its sandbox is not).
	testPathIgnorePatterns: [
		'/node_modules/',
		'<rootDir>/test/mutation/',
		'/package\\.test\\.ts$',
		'/nodeOperations\\.test\\.ts$',
		'/e2e/operations\\.test\\.ts$',
		'/layout\\.test\\.ts$',
		'/docReferences\\.test\\.ts$',
	],
};
