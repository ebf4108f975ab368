/**
 * `npx tsx scripts/e2e/prefetch.ts [version ...]`: installs what the end-to-end tier needs
 * into the cache, all at once: the n8n versions (default the newest and the oldest
 * supported, each in a process of its own, as the runtime reads N8N_VERSION when it loads),
 * sqlite3's native module for them (compiled while they download), Verdaccio, and Redis and
 * PostgreSQL from Debian's packages. `npm test` starts it in the
 * background before its build, lint and jest: on a fresh machine these installs are most of
 * the wait. Each install holds a lock, so a run that needs one sooner waits on it. Output:
 * the install logs in the cache folder, and when each part was ready in .prefetch.log
 * (npm test prints it at its end).
 */
import { spawn } from 'node:child_process';
import { appendFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ensureVerdaccio } from '../release/registry';
import { buildSqlite3, N8N_SQLITE3, NEWEST_N8N, OLDEST_N8N } from '../shared/n8nRuntime';
import { ensureServerPackages } from '../shared/services';

const root = path.join(__dirname, '..', '..');
const versions =
	process.argv.slice(2).length > 0 ? process.argv.slice(2) : [NEWEST_N8N, OLDEST_N8N];
const quiet = () => undefined;

const install = (version: string) =>
	new Promise<void>((resolve, reject) =>
		spawn(
			process.execPath,
			[
				path.join(root, 'node_modules', '.bin', 'tsx'),
				'-e',
				"import('./scripts/shared/n8nRuntime').then((m) => m.ensureN8n(() => undefined))",
			],
			{
				cwd: root,
				env: { ...process.env, N8N_VERSION: version },
				stdio: 'ignore',
			},
		).once('exit', (code) =>
			code === 0
				? resolve()
				: reject(new Error(`the install exited with ${code}; see its log in the cache folder`)),
		),
	);

const started = Date.now();
const times = path.join(root, '.prefetch.log');
writeFileSync(times, '');
const timed = (what: string, work: Promise<unknown>) =>
	work.then(
		() =>
			appendFileSync(
				times,
				`${what}: ready after ${Math.round((Date.now() - started) / 1000)} s\n`,
			),
		(error: Error) =>
			appendFileSync(
				times,
				`${what}: failed after ${Math.round((Date.now() - started) / 1000)} s: ${error.message.split('\n')[0]}\n`,
			),
	);

void Promise.all([
	...versions.map((version) => timed(`n8n ${version}`, install(version))),
	timed(`sqlite3 ${N8N_SQLITE3}`, buildSqlite3(N8N_SQLITE3, quiet)),
	timed('Verdaccio', ensureVerdaccio(quiet)),
	timed('Redis and PostgreSQL', ensureServerPackages(quiet)),
]);
