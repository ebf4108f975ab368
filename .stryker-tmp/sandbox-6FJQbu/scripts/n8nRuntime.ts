/**
 * A pinned n8n, cached outside the repository, and a fresh n8n user folder with this
 * package installed the way a community install does it. Used by `npm start` and by the
 * end-to-end tests.
 *
 * n8n 2.41.3 pulls packages this registry lacks; 2.41.1 with linkedom 0.18.14 installs.
 * Install scripts are skipped (some fetch binaries from the internet) and only sqlite3 is
 * rebuilt. sqlite3 uses N-API, so the machine's Node headers build a module Node 24 loads.
 */
// @ts-nocheck

import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const N8N_VERSION = '2.41.1';
const root = path.join(__dirname, '..');
const cacheRoot = path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'n8n-nodes-engagement-monitor');
export const n8nDir = path.join(cacheRoot, `n8n-${N8N_VERSION}`);
const stamp = path.join(n8nDir, '.installed');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Node 24 (from the `node` devDependency) first on PATH for n8n and for npm's builds. */
export function runtimeEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
	return {
		...process.env,
		PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}`,
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_RUNNERS_ENABLED: 'false',
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_HOST: '127.0.0.1',
		N8N_SECURE_COOKIE: 'false',
		N8N_LOG_LEVEL: 'info',
		...extra,
	};
}

export function ensureN8n(log: (line: string) => void = console.log): string {
	if (existsSync(stamp)) return n8nDir;
	mkdirSync(n8nDir, { recursive: true });
	writeFileSync(
		path.join(n8nDir, 'package.json'),
		JSON.stringify({ name: 'n8n-runtime', private: true, dependencies: { n8n: N8N_VERSION }, overrides: { linkedom: '0.18.14' } }, null, 2),
	);
	log(`Installing n8n ${N8N_VERSION} into ${n8nDir} (first run only, a few minutes)...`);
	execFileSync(npm, ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: n8nDir, stdio: 'inherit', env: runtimeEnv() });
	log('Building sqlite3 for Node 24...');
	execFileSync(npm, ['rebuild', 'sqlite3', '--loglevel=error'], { cwd: n8nDir, stdio: 'inherit', env: runtimeEnv() });
	writeFileSync(stamp, new Date().toISOString());
	return n8nDir;
}

/** Build, pack, and install the tarball into a new user folder's nodes directory. */
export function installPackage(userFolder?: string, log: (line: string) => void = console.log): string {
	const folder = userFolder ?? mkdtempSync(path.join(os.tmpdir(), 'n8n-user-'));
	log('Building and packing the package...');
	execFileSync(npm, ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit', env: runtimeEnv() });
	const packDir = mkdtempSync(path.join(os.tmpdir(), 'n8n-pack-'));
	execFileSync(npm, ['pack', '--silent', '--pack-destination', packDir], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env: runtimeEnv() });
	const tarball = path.join(packDir, readdirSync(packDir).find((f) => f.endsWith('.tgz'))!);
	const nodesDir = path.join(folder, '.n8n', 'nodes');
	mkdirSync(nodesDir, { recursive: true });
	writeFileSync(path.join(nodesDir, 'package.json'), JSON.stringify({ name: 'installed-nodes', private: true }));
	// As a community install: the package only; n8n provides n8n-workflow.
	execFileSync(npm, ['install', tarball, '--ignore-scripts', '--omit=peer', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: nodesDir, stdio: 'inherit', env: runtimeEnv() });
	return folder;
}

function freePortGuess(): number {
	return 30000 + Math.floor(Math.random() * 20000);
}

export function n8nBin(): string {
	return path.join(n8nDir, 'node_modules', '.bin', 'n8n');
}

/**
 * Run an n8n CLI command to completion; resolves with stdout. Asynchronous on purpose: the
 * API servers n8n talks to may live in this very process.
 */
export async function n8nCli(userFolder: string, args: string[], timeoutMs = 180_000): Promise<string> {
	return await new Promise((resolve, reject) => {
		execFile(
			n8nBin(),
			args,
			{
				cwd: n8nDir,
				// Every n8n process opens a task broker; a port of its own avoids clashing with
				// an n8n that is already running (npm start, another test run).
				env: runtimeEnv({ N8N_USER_FOLDER: userFolder, N8N_RUNNERS_BROKER_PORT: String(freePortGuess()) }),
				encoding: 'utf8',
				timeout: timeoutMs,
				maxBuffer: 256 * 2 ** 20,
			},
			(error, stdout, stderr) => (error ? reject(Object.assign(error, { stdout, stderr })) : resolve(stdout)),
		);
	});
}

export function startN8n(userFolder: string, port: number, extraEnv: Record<string, string> = {}): ChildProcess {
	return spawn(n8nBin(), ['start'], {
		cwd: n8nDir,
		env: runtimeEnv({ N8N_USER_FOLDER: userFolder, N8N_PORT: String(port), N8N_RUNNERS_BROKER_PORT: String(port + 1), ...extraEnv }),
		stdio: ['ignore', 'inherit', 'inherit'],
	});
}
