// The machine's zone must not decide a result: the tests run in a zone far from UTC, with
// an odd offset and daylight saving (UTC+12:45 / +13:45), inherited by jest's workers.
process.env.TZ = 'Pacific/Chatham';

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
	// n8n's regular-expression limit on the match's own CPU time, not on a busy machine's wall clock.
	setupFilesAfterEnv: [
		'<rootDir>/test/support/fastRetries.ts',
		'<rootDir>/test/support/regexCpuLimit.ts',
	],
	moduleFileExtensions: ['ts', 'js', 'json'],
};
