/** @type {import('jest').Config} */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }],
	},
	testTimeout: 30000,
	maxWorkers: 2,
	// n8n's engine logs node errors to the console; the tests assert them instead.
	silent: true,
	setupFilesAfterEnv: ['<rootDir>/test/harness/fastRetries.ts'],
	moduleFileExtensions: ['ts', 'js', 'json'],
};
