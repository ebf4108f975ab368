/**
 * `npm run test:matrix`: the end-to-end tier on each n8n version of the support range
 * (MATRIX_N8N, or the versions given: `npm run test:matrix -- 1.123.81 2.41.1`), one after
 * the other, each installed once into the cache. Writes docs/compatibility.md: per version,
 * what ran and what passed. Takes about 5 minutes per version once installed.
 *
 * `--ci` (used by `npm test`): the newest and the oldest supported version only, the
 * checks of `npm start` on the newest; totals go to .e2e-results.json, the table is not
 * rewritten.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MATRIX_N8N, NEWEST_N8N, OLDEST_N8N } from './n8nRuntime';

interface E2eResults {
	n8nVersion: string;
	passed: number;
	failed: number;
	results: Array<{ name: string; ok: boolean; message?: string }>;
}

const root = path.join(__dirname, '..');
const ci = process.argv.includes('--ci');
const given = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const versions = ci ? [NEWEST_N8N, OLDEST_N8N] : given.length > 0 ? given : MATRIX_N8N;
let passed = 0;
let failed = 0;
const work = mkdtempSync(path.join(os.tmpdir(), 'n8n-matrix-'));
const rows: string[] = [];
const failures: string[] = [];

const count = (results: E2eResults['results'], prefix: RegExp) => {
	const matching = results.filter((r) => prefix.test(r.name));
	return `${matching.filter((r) => r.ok).length}/${matching.length}`;
};

// Install the second version while the first one runs (a cold install is mostly download;
// its end-to-end run waits on the install's lock if it is not done yet). Only one: several
// installs at once slow each other down.
if (versions[1]) {
	const prefetch = spawn(process.execPath, [path.join(root, 'node_modules', '.bin', 'tsx'), '-e', "import('./scripts/n8nRuntime').then((m) => m.ensureN8n(() => undefined))"], {
		cwd: root,
		env: { ...process.env, N8N_VERSION: versions[1] },
		stdio: 'ignore',
	});
	prefetch.unref();
}

for (const version of versions) {
	console.log(`\n=== n8n ${version}`);
	const resultsFile = path.join(work, `e2e-${version}.json`);
	const started = Date.now();
	spawnSync(process.execPath, [path.join(root, 'node_modules', '.bin', 'tsx'), path.join('scripts', 'e2e.ts')], {
		cwd: root,
		stdio: 'inherit',
		env: { ...process.env, N8N_VERSION: version, E2E_RESULTS: resultsFile, E2E_START: version === NEWEST_N8N ? (process.env.E2E_START ?? '1') : '0',
			// Queue mode on the newest and the oldest in CI; the matrix runs it on every version.
			E2E_QUEUE: process.env.E2E_QUEUE ?? '1',
		},
	});
	const minutes = ((Date.now() - started) / 60_000).toFixed(1);
	let results: E2eResults;
	try {
		results = JSON.parse(readFileSync(resultsFile, 'utf8')) as E2eResults;
	} catch {
		rows.push(`| ${version} | (no results: install or start failed, see the run's output) | | | | | | ✘ |`);
		failures.push(`${version}: no results`);
		failed++;
		continue;
	}
	const all = results.results;
	passed += results.passed;
	failed += results.failed;
	console.log(`n8n ${version}: ${results.passed} passed, ${results.failed} failed`);
	rows.push(
		`| ${version} | ${count(all, /^e2eCustomerEng1/)} | ${count(all, /^e2eCheckMonitor1/)} | ${count(all, /^triggers/)} | ${count(all, /^examples/)} | ${count(all, /^queue mode/)} | ${count(all, /^npm start/)} | ${results.failed === 0 ? `✔ ${results.passed} passed` : `✘ ${results.failed} failed`} (${minutes} min) |`,
	);
	for (const failed of all.filter((r) => !r.ok)) failures.push(`${version}: ${failed.name}: ${failed.message ?? ''}`);
}

const table = [
	'# Compatibility',
	'',
	'Written by `npm run test:matrix` (the end-to-end tier on each version): the packed package',
	'installed into that n8n as a community package, every operation of both action nodes run',
	'with `n8n execute`, the example workflow, and both triggers published in a running',
	'`n8n start` (each new record emitted once), queue mode (Redis, PostgreSQL, a main and two',
	'workers), and on the newest version `npm start` itself. Counts are passed/run; 0/0: not run.',
	'',
	`Run on ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}.`,
	'',
	'| n8n | Customer Engagement operations | Check Monitor operations | Triggers (published) | Examples | Queue mode | npm start | Result |',
	'|---|---|---|---|---|---|---|---|',
	...rows,
	'',
	...(failures.length > 0 ? ['Failures:', '', ...failures.map((f) => `- ${f}`), ''] : []),
];
if (ci) {
	writeFileSync(path.join(root, '.e2e-results.json'), JSON.stringify({ versions, passed, failed }));
	for (const failure of failures) console.log(`✗ ${failure}`);
	console.log(`\nend-to-end on n8n ${versions.join(' and ')}: ${passed} passed, ${failed} failed`);
} else {
	writeFileSync(path.join(root, 'docs', 'compatibility.md'), `${table.join('\n')}\n`);
	console.log(`\n${table.join('\n')}`);
}
process.exit(failures.length === 0 ? 0 : 1);
