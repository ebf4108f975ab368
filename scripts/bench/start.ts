/**
 * `npm run bench:start`: n8n's start time with this package loaded lazily (as shipped) and
 * fully (the same install without dist/known/ and dist/types/, so n8n falls back to
 * loading every class), side by side, on N8N_VERSION (default the newest supported).
 *
 * Both user folders get the package from a local registry with n8n's own install steps,
 * are started once first (the database migrations of a new folder are not start time),
 * then BENCH_STARTS times each (default 5), alternating. A start is timed from the
 * process's spawn to the first answer of the REST API (/rest/settings), and its debug log
 * must show the loading mode claimed for it. Prints the median and every start.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { installPublished, setPublishedPackage } from '../release/communityInstall';
import { answers } from '../e2e/lazyLoading';
import { ensureN8n, N8N_VERSION, n8nDir, startN8n } from '../shared/n8nRuntime';
import { freePort } from '../shared/ports';
import { packPackage } from '../release/pack';
import { publishTarball, startRegistry } from '../release/registry';
import { stopProcess } from '../shared/services';

const STARTS = Number(process.env.BENCH_STARTS ?? 5);
const PKG = 'n8n-nodes-engagement-monitor';

async function timedStart(userFolder: string, expectLazy: boolean): Promise<number> {
	const port = await freePort();
	const logFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'n8n-start-')), 'n8n.log');
	const started = performance.now();
	const child = startN8n(userFolder, port, {
		brokerPort: await freePort(),
		logFile,
		extraEnv: { N8N_LOG_LEVEL: 'debug' },
	});
	try {
		if (!(await answers(`http://127.0.0.1:${port}`, 180_000)))
			throw new Error(`n8n did not start; its log: ${readFileSync(logFile, 'utf8').slice(-1500)}`);
		const ms = performance.now() - started;
		const log = readFileSync(logFile, 'utf8');
		const lazy = log.includes(`Lazy-loading nodes and credentials from ${PKG}`);
		const full = log.includes(`Loaded all credentials and nodes from ${PKG}`);
		if (lazy !== expectLazy || full === expectLazy)
			throw new Error(
				`expected a ${expectLazy ? 'lazy' : 'full'} load; the log says lazy ${lazy}, full ${full}`,
			);
		return ms;
	} finally {
		await stopProcess(child);
		rmSync(path.dirname(logFile), { recursive: true, force: true });
	}
}

const median = (values: number[]) =>
	[...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
	await ensureN8n();
	const registry = await startRegistry();
	const folders: string[] = [];
	try {
		setPublishedPackage({
			registry: registry.url,
			...(await publishTarball(registry, await packPackage())),
		});
		const lazy = await installPublished(n8nDir);
		console.log(
			`installed from the registry with n8n ${N8N_VERSION}'s steps in ${(lazy.ms / 1000).toFixed(2)} s`,
		);
		const full = mkdtempSync(path.join(os.tmpdir(), 'n8n-user-full-'));
		cpSync(lazy.folder, full, { recursive: true });
		const fullPackage = path.join(full, '.n8n', 'nodes', 'node_modules', PKG, 'dist');
		for (const metadata of ['known', 'types'])
			rmSync(path.join(fullPackage, metadata), { recursive: true, force: true });
		folders.push(lazy.folder, full);
		console.log('first start of each folder (database set up; not counted)...');
		await timedStart(lazy.folder, true);
		await timedStart(full, false);
		const times: Record<'lazy' | 'full', number[]> = { lazy: [], full: [] };
		for (let round = 0; round < STARTS; round++) {
			// Alternate which side starts first, so neither always follows the other.
			const order: Array<['lazy' | 'full', string]> =
				round % 2 === 0
					? [
							['lazy', lazy.folder],
							['full', full],
						]
					: [
							['full', full],
							['lazy', lazy.folder],
						];
			for (const [side, folder] of order) {
				const ms = await timedStart(folder, side === 'lazy');
				times[side].push(ms);
				console.log(`  start ${round + 1} ${side}: ${(ms / 1000).toFixed(2)} s`);
			}
		}
		console.log(
			`\nn8n ${N8N_VERSION}, ${STARTS} starts each, spawn to the first REST answer (median):`,
		);
		console.log('| package loaded | median | every start (s) |');
		console.log('|---|---|---|');
		for (const side of ['lazy', 'full'] as const) {
			console.log(
				`| ${side === 'lazy' ? 'lazily (as shipped)' : 'fully (no dist/known, dist/types)'} | ${(median(times[side]) / 1000).toFixed(2)} s | ${times[side].map((t) => (t / 1000).toFixed(2)).join(', ')} |`,
			);
		}
	} finally {
		await registry.stop();
		for (const folder of folders) rmSync(folder, { recursive: true, force: true });
	}
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
