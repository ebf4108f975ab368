/**
 * `npm run test:matrix`: the end-to-end tier on each n8n version of the support range
 * (MATRIX_N8N, or the versions given: `npm run test:matrix -- 1.123.81 2.41.1`), one after
 * the other, each installed once into the cache. Each version's results are kept in
 * docs/compatibility/<version>.json (with the commit and date they were measured at), and
 * docs/compatibility.md is written from all of them: per version, what ran and what
 * passed. About 6 minutes per installed version. `--table` only rewrites the table.
 *
 * `--ci` (used by `npm test`): the newest and the oldest supported version only, side by
 * side (each line of output marked with its version); totals go to .e2e-results.json, and
 * the kept results and the table are left alone. With E2E_AFTER (a file npm test makes when
 * its jest is done), nothing starts before that file exists: jest's timed tests keep the CPU.
 *
 * Before the versions run, the packed package is published once to a local registry
 * (Verdaccio on 127.0.0.1, stopped at the end), n8n's scanner lints what the registry
 * serves (scripts/release/scan.ts; counted in the totals), and every version installs the package
 * from that registry with its own Community Nodes steps.
 */
import { execFileSync, spawn } from 'node:child_process';
import {
	existsSync,
	mkdirSync,
	mkdtempSync,
	readdirSync,
	readFileSync,
	writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setPublishedPackage } from '../release/communityInstall';
import { MATRIX_N8N, NEWEST_N8N, OLDEST_N8N } from '../shared/n8nRuntime';
import { packPackage } from '../release/pack';
import { publishTarball, startRegistry, type LocalRegistry } from '../release/registry';
import { describeLeg, scanPublished } from '../release/scan';
import { exitWhenPrinted } from '../shared/exitWhenPrinted';

interface E2eResults {
	n8nVersion: string;
	passed: number;
	failed: number;
	results: Array<{ name: string; ok: boolean; message?: string }>;
	commit?: string;
	date?: string;
	minutes?: number | null;
}

const root = path.join(__dirname, '..', '..');
const keptDir = path.join(root, 'docs', 'compatibility');
const ci = process.argv.includes('--ci');
const tableOnly = process.argv.includes('--table');
const given = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const versions = ci
	? [NEWEST_N8N, OLDEST_N8N]
	: tableOnly
		? []
		: given.length > 0
			? given
			: MATRIX_N8N;
const work = mkdtempSync(path.join(os.tmpdir(), 'n8n-matrix-'));
let passed = 0;
let failed = 0;
const failures: string[] = [];

const commit = (() => {
	try {
		const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
			cwd: root,
			encoding: 'utf8',
		}).trim();
		// A run of uncommitted code says so: the commit alone would claim more than was measured.
		const changed =
			execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], {
				cwd: root,
				encoding: 'utf8',
			}).trim() !== '';
		return changed ? `${head}+uncommitted changes` : head;
	} catch {
		return 'unknown';
	}
})();

// Install the second version while the first one runs (a cold install is mostly download;
// its end-to-end run waits on the install's lock if it is not done yet). Only one: several
// installs at once slow each other down. `npm test` installs both itself.
if (versions[1] && !ci) {
	const prefetch = spawn(
		process.execPath,
		[
			path.join(root, 'node_modules', '.bin', 'tsx'),
			path.join('scripts', 'e2e', 'prefetch.ts'),
			versions[1],
		],
		{ cwd: root, stdio: 'ignore' },
	);
	prefetch.unref();
}

/**
 * Publish once for every version, and run n8n's scanner on what was published. The scan
 * passes when both lint legs have no error and no warning but the package's own inline,
 * reasoned exceptions (as n8n's scanner sees it, inline comments are ignored: its count
 * is printed too).
 */
async function publishAndScan(): Promise<{ registry: LocalRegistry; env: Record<string, string> }> {
	console.log("\n=== publish to a local registry, then n8n's scanner");
	const registry = await startRegistry();
	// `npm test` has just built dist/ (and its jest may be reading it): pack that build.
	const published = await publishTarball(registry, await packPackage(console.log, { build: !ci }));
	console.log(`published ${published.name}@${published.version} to ${registry.url}`);
	const env = setPublishedPackage({ registry: registry.url, ...published });
	try {
		const legs = await scanPublished(registry.url, published.name, published.version);
		for (const leg of legs) {
			const ok =
				leg.passed &&
				leg.asScanned.errors === 0 &&
				leg.withExceptions.errors === 0 &&
				leg.withExceptions.warnings === 0;
			console.log(`${ok ? '✓' : '✗'} scanner › ${describeLeg(leg)}`);
			for (const problem of leg.asScanned.problems) console.log(`    ${problem}`);
			if (leg.message) console.log(leg.message);
			if (ok) passed++;
			else {
				failed++;
				failures.push(`scanner › ${describeLeg(leg)}`);
			}
		}
	} catch (error) {
		failed++;
		failures.push(`scanner › ${(error as Error).message}`);
		console.log(`✗ scanner › ${(error as Error).message}`);
	}
	return { registry, env };
}

async function main() {
	const after = process.env.E2E_AFTER;
	if (after && !existsSync(after)) {
		console.log('(waiting for jest to finish)');
		while (!existsSync(after)) await new Promise((resolve) => setTimeout(resolve, 1000));
	}
	const { registry, env: publishedEnv } =
		versions.length > 0 ? await publishAndScan() : { registry: undefined, env: {} };
	try {
		const runVersion = async (version: string) => {
			console.log(`\n=== n8n ${version}`);
			const resultsFile = path.join(work, `e2e-${version}.json`);
			const started = Date.now();
			// Asynchronous, not spawnSync: the registry runs as a child of this process meanwhile.
			await spawnAsync(
				process.execPath,
				[path.join(root, 'node_modules', '.bin', 'tsx'), path.join('scripts', 'e2e', 'tier.ts')],
				ci ? `[${version}] ` : undefined,
				{
					cwd: root,
					env: {
						...process.env,
						...publishedEnv,
						N8N_VERSION: version,
						E2E_RESULTS: resultsFile,
						// `npm start` itself is checked on the newest version; queue mode on every version.
						E2E_START: version === NEWEST_N8N ? (process.env.E2E_START ?? '1') : '0',
						E2E_QUEUE: process.env.E2E_QUEUE ?? '1',
					},
				},
			);
			let results: E2eResults;
			try {
				results = JSON.parse(readFileSync(resultsFile, 'utf8')) as E2eResults;
			} catch {
				results = {
					n8nVersion: version,
					passed: 0,
					failed: 1,
					results: [
						{
							name: 'run',
							ok: false,
							message: 'no results: install or start failed, see the output',
						},
					],
				};
			}
			Object.assign(results, {
				commit,
				date: new Date().toISOString().slice(0, 10),
				minutes: Math.round((Date.now() - started) / 6_000) / 10,
			});
			passed += results.passed;
			failed += results.failed;
			console.log(
				`n8n ${version}: ${results.passed} passed, ${results.failed} failed (${results.minutes} min)`,
			);
			for (const result of results.results.filter((r) => !r.ok))
				failures.push(`${version}: ${result.name}: ${result.message ?? ''}`);
			if (!ci) {
				mkdirSync(keptDir, { recursive: true });
				writeFileSync(
					path.join(keptDir, `${version}.json`),
					`${JSON.stringify(results, null, 1)}\n`,
				);
			}
		};
		// In CI both versions run at once: most of a run is waiting for n8n's minute ticks.
		if (ci) await Promise.all(versions.map(runVersion));
		else for (const version of versions) await runVersion(version);
	} finally {
		await registry?.stop();
	}

	if (ci) {
		writeFileSync(
			path.join(root, '.e2e-results.json'),
			JSON.stringify({ versions, passed, failed }),
		);
		for (const failure of failures) console.log(`✗ ${failure}`);
		return exitWhenPrinted(
			`\nend-to-end on n8n ${versions.join(' and ')}: ${passed} passed, ${failed} failed`,
			failed === 0 && passed > 0 ? 0 : 1,
		);
	}

	// The table, from every kept result (the support range first, in order).
	const kept = existsSync(keptDir)
		? readdirSync(keptDir)
				.filter((f) => f.endsWith('.json'))
				.map((f) => JSON.parse(readFileSync(path.join(keptDir, f), 'utf8')) as E2eResults)
		: [];
	const rank = (v: string) => (MATRIX_N8N.includes(v) ? MATRIX_N8N.indexOf(v) : MATRIX_N8N.length);
	kept.sort(
		(a, b) =>
			rank(a.n8nVersion) - rank(b.n8nVersion) ||
			a.n8nVersion.localeCompare(b.n8nVersion, undefined, { numeric: true }),
	);
	const count = (results: E2eResults['results'], prefix: RegExp) => {
		const matching = results.filter((r) => prefix.test(r.name));
		return `${matching.filter((r) => r.ok).length}/${matching.length}`;
	};
	const rows = kept.map(
		(r) =>
			`| ${r.n8nVersion}${r.n8nVersion === OLDEST_N8N ? ' (oldest)' : r.n8nVersion === NEWEST_N8N ? ' (newest)' : ''} | ${count(r.results, /^e2eCustomerEng1/)} | ${count(r.results, /^e2eCheckMonitor1/)} | ${count(r.results, /^triggers \(in-memory scheduler\) › (?!.*Fetch Test Event)/)} | ${count(r.results, /^triggers \(durable scheduler\) › /)} | ${count(r.results, /Fetch Test Event/)} | ${count(r.results, /^examples/)} | ${count(r.results, /^(mcp|agent) › /)} | ${count(r.results, /^queue mode/)} | ${count(r.results, /^npm start/)} | ${r.failed === 0 ? `✔ ${r.passed} passed` : `✘ ${r.failed} failed`} | ${r.date ?? ''}, ${r.commit ?? ''}, ${r.minutes == null ? 'time not recorded' : `${r.minutes} min`} |`,
	);
	const keptFailures = kept.flatMap((r) =>
		r.results.filter((x) => !x.ok).map((x) => `${r.n8nVersion}: ${x.name}: ${x.message ?? ''}`),
	);
	const table = [
		'# Compatibility',
		'',
		'Written by `npm run test:matrix` (the end-to-end tier on each version): the packed package',
		'installed into that n8n as a community package; every operation of both action nodes run',
		'as the editor runs a workflow; the example workflows; every trigger event published and polled on',
		"n8n's own schedule, under the in-memory scheduler and (2.41 on) the durable one: a record",
		'made right after activation, one between two polls and one while n8n was stopped, each',
		'emitted once (scripts/e2e/triggers.ts), and Fetch Test Event (a manual run from the',
		'trigger, as the editor sends it: the newest record shown, the cursor not moved); queue mode (Redis, PostgreSQL, a main and two',
		'workers: production executions on the workers, a published trigger across a main restart);',
		'the MCP example used by an MCP client, and an AI Agent given the nodes as tools; on the',
		'newest version `npm start` itself. Counts are passed/run (0/0: not run there). Each n8n is',
		'installed from the npm registry with the overrides it needs there (`overridesFor` in',
		'scripts/shared/n8nRuntime.ts; for 2.20, one copy of zod 3, as its release has).',
		"Each version's full results: [docs/compatibility/](compatibility/).",
		'',
		'| n8n | Customer Engagement operations | Check Monitor operations | Triggers (in-memory scheduler) | Triggers (durable scheduler) | Fetch Test Event | Examples | AI tools (MCP client, AI Agent) | Queue mode | npm start | Result | Measured (date, commit, time) |',
		'|---|---|---|---|---|---|---|---|---|---|---|---|',
		...rows,
		'',
		...(keptFailures.length > 0 ? ['Failures:', '', ...keptFailures.map((f) => `- ${f}`), ''] : []),
	];
	writeFileSync(path.join(root, 'docs', 'compatibility.md'), `${table.join('\n')}\n`);
	console.log(`\n${table.join('\n')}`);
	process.exit(failures.length === 0 ? 0 : 1);
}

/** Run a child to its end; its output goes to ours, each line after `prefix` and the seconds since this run started when given. */
const started = Date.now();
const stamp = () => `${String(Math.round((Date.now() - started) / 1000)).padStart(4)} s  `;

function spawnAsync(
	command: string,
	args: string[],
	prefix: string | undefined,
	options: Parameters<typeof spawn>[2],
): Promise<number | null> {
	return new Promise((resolve) => {
		const child = spawn(command, args, {
			...options,
			stdio: prefix === undefined ? 'inherit' : ['ignore', 'pipe', 'pipe'],
		});
		if (prefix !== undefined) {
			for (const stream of [child.stdout, child.stderr]) {
				let rest = '';
				stream?.on('data', (chunk: Buffer) => {
					const lines = (rest + chunk.toString('utf8')).split('\n');
					rest = lines.pop() ?? '';
					for (const line of lines) console.log(`${prefix}${stamp()}${line}`);
				});
				stream?.on('end', () => rest && console.log(`${prefix}${stamp()}${rest}`));
			}
		}
		child.once('close', resolve);
	});
}

main().catch((error) => {
	console.error(error);
	writeFileSync(
		path.join(root, '.e2e-results.json'),
		JSON.stringify({ versions, passed, failed: failed + 1 }),
	);
	process.exit(1);
});
