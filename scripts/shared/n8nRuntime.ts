/**
 * Real n8n for the developer scripts (`npm start`, the end-to-end tier, the benchmarks):
 * a pinned n8n version, installed once per version into a cache outside the repository,
 * and user folders with this package installed the way a community install does it.
 *
 * The version is `N8N_VERSION` (default: the newest that installs here). Facts of this
 * registry, tried:
 * - n8n up to 2.30.x depends on `xlsx` from a web address that cannot be reached; the same
 *   library is on the registry as `@e965/xlsx`, so those versions install with an override.
 * - n8n 2.41.x needs `linkedom` 0.18.14 (newer ones are missing here); 2.41.3 needs 21
 *   internal packages the registry lacks, so 2.41.1 is the newest that installs.
 * Install scripts are skipped (some fetch binaries from the internet) and only sqlite3 is
 * rebuilt; it uses N-API, so the machine's Node headers build a module Node 24 loads.
 * The versions CI runs install with `npm ci` from a lock committed in n8nLocks/<version>/
 * (written by `npm install --package-lock-only --omit-lockfile-registry-resolved=false` in a
 * folder holding the package.json ensureN8n writes): npm then fetches no package documents
 * and resolves nothing, which on a fresh machine is a minute or more of waiting on the
 * registry and a fifth of the install's CPU, and every machine gets the same tree.
 * An install goes to a temporary folder and is renamed into place when complete, under a
 * lock, so two scripts starting at once never share a half-installed n8n.
 */
import { randomUUID } from 'node:crypto';
import {
	execFile,
	execFileSync,
	spawn,
	type ChildProcess,
	type StdioOptions,
} from 'node:child_process';
import {
	copyFileSync,
	createWriteStream,
	existsSync,
	openSync,
	mkdirSync,
	mkdtempSync,
	readFileSync,
	renameSync,
	rmSync,
	writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { acquireLock } from './lock';
import { freePort } from './ports';
import { phase } from './progress';

/** Oldest and newest supported n8n; the matrix adds one of each line in between. */
export const OLDEST_N8N = '1.123.81';
export const NEWEST_N8N = '2.41.1';
export const MATRIX_N8N = [OLDEST_N8N, '2.0.3', '2.20.12', '2.30.8', '2.37.11', NEWEST_N8N];

export const N8N_VERSION = process.env.N8N_VERSION || NEWEST_N8N;
export const cacheRoot = path.join(
	process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'),
	'n8n-nodes-engagement-monitor',
);
export const n8nDir = path.join(cacheRoot, `n8n-${N8N_VERSION}`);
const stamp = path.join(n8nDir, '.installed');
const committedLock = path.join(__dirname, 'n8nLocks', N8N_VERSION, 'package-lock.json');

/** Each installed package's version by its path, from a lock file. */
function treeOf(lockFile: string): string {
	const { packages } = JSON.parse(readFileSync(lockFile, 'utf8')) as {
		packages: Record<string, { version?: string }>;
	};
	return JSON.stringify(Object.entries(packages).map(([at, { version }]) => [at, version]));
}
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** npm overrides an n8n version needs to install from this registry. */
export function overridesFor(version: string): Record<string, string> {
	const [major, minor] = version.split('.').map(Number);
	const overrides: Record<string, string> = {};
	if (major < 2 || (major === 2 && minor <= 30)) overrides.xlsx = 'npm:@e965/xlsx@0.20.2';
	if (major === 2 && minor >= 41) overrides.linkedom = '0.18.14';
	// n8n 2.20: from the registry, zod 3 comes in two copies (3.25.76 at the top for
	// @n8n/json-schema-to-zod, n8n's own exact 3.25.67 nested under nodes-langchain and
	// others). The AI Agent's and the MCP Server Trigger's `instanceof ZodType` then fails on
	// every node used as a tool, n8n's own too, and the model is offered a serialized Zod
	// object instead of a JSON schema. n8n's release (one pnpm catalog) has one copy; so does
	// this install with n8n's pin moved to the top's version.
	if (major === 2 && minor === 20) overrides['zod@3.25.67'] = '3.25.76';
	return overrides;
}

/** Whether N8N_VERSION is installed, with the overrides it needs now and the committed lock's tree (an install made otherwise is redone). */
function installedAsNeeded(): boolean {
	if (!existsSync(stamp)) return false;
	try {
		const installed = JSON.parse(readFileSync(path.join(n8nDir, 'package.json'), 'utf8')) as {
			overrides?: Record<string, string>;
		};
		return (
			JSON.stringify(installed.overrides ?? {}) === JSON.stringify(overridesFor(N8N_VERSION)) &&
			// With a committed lock, the tree it names (an install made before it was committed
			// with the same tree stays).
			(!existsSync(committedLock) ||
				treeOf(committedLock) === treeOf(path.join(n8nDir, 'package-lock.json')))
		);
	} catch {
		return false;
	}
}

/**
 * For an n8n whose checks use only its REST API and webhooks: without the editor's files n8n
 * skips writing them at every start, a third of a start's CPU (2.41.1: 20 → 13 CPU-seconds,
 * 1.123.81: 12.5 → 7.3, measured). The REST API, logins and webhooks are the same; the
 * editor's settings and types (/rest/settings, /types/*.json) are not served.
 */
export const WITHOUT_EDITOR_UI: Record<string, string> = { N8N_DISABLE_UI: 'true' };

/** Node 24 (from the `node` devDependency) first on PATH for n8n and for npm's builds. */
export function runtimeEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
	return {
		...process.env,
		PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}`,
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_HOST: '127.0.0.1',
		N8N_SECURE_COOKIE: 'false',
		N8N_LOG_LEVEL: 'info',
		// n8n 1.x runs Code nodes in process unless told otherwise; 2.x always uses runners
		// and warns about the variable, so it is set only where it means something.
		...(N8N_VERSION.startsWith('1.') ? { N8N_RUNNERS_ENABLED: 'false' } : {}),
		...extra,
	};
}

/** Run a command, its output to a log file; on failure the log's end is in the error. */
async function runLogged(
	command: string,
	args: string[],
	cwd: string,
	logFile: string,
	extraEnv: Record<string, string> = {},
): Promise<void> {
	const out = createWriteStream(logFile, { flags: 'a' });
	await new Promise<void>((resolve, reject) => {
		const child = spawn(command, args, {
			cwd,
			env: runtimeEnv(extraEnv),
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		child.stdout.pipe(out, { end: false });
		child.stderr.pipe(out, { end: false });
		child.once('error', reject);
		child.once('exit', (code) => {
			out.end(() => {
				if (code === 0) return resolve();
				const tail = readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n');
				reject(
					new Error(
						`${command} ${args.join(' ')} exited with ${code}; the end of ${logFile}:\n${tail}`,
					),
				);
			});
		});
	});
}

/** The cached n8n of N8N_VERSION, installed on first use (~3 GB; from a committed lock 1–3 minutes, else 3–5). */
export async function ensureN8n(log: (line: string) => void = console.log): Promise<string> {
	if (installedAsNeeded()) return n8nDir;
	mkdirSync(cacheRoot, { recursive: true });
	const unlock = await acquireLock(
		`${n8nDir}.lock`,
		`installing n8n ${N8N_VERSION}`,
		installedAsNeeded,
		log,
	);
	if (!unlock) return n8nDir;
	try {
		if (installedAsNeeded()) return n8nDir;
		const again = existsSync(stamp);
		if (again)
			log(
				`n8n ${N8N_VERSION} is installed with other npm overrides than it needs now: installing it again`,
			);
		const staging = `${n8nDir}.partial`;
		rmSync(staging, { recursive: true, force: true });
		mkdirSync(staging, { recursive: true });
		const logFile = path.join(cacheRoot, `install-${N8N_VERSION}.log`);
		rmSync(logFile, { force: true });
		writeFileSync(
			path.join(staging, 'package.json'),
			JSON.stringify(
				{
					name: 'n8n-runtime',
					private: true,
					dependencies: { n8n: N8N_VERSION },
					overrides: overridesFor(N8N_VERSION),
				},
				null,
				2,
			),
		);
		const locked = existsSync(committedLock);
		if (locked) copyFileSync(committedLock, path.join(staging, 'package-lock.json'));
		log(
			`Installing n8n ${N8N_VERSION} into ${n8nDir} (${again ? 'once more' : 'first use of this version only'}; about 3 GB; npm's output: ${logFile})`,
		);
		await phase(
			`Download and install n8n ${N8N_VERSION} from the npm registry${locked ? ' (the committed lock)' : ''}`,
			() =>
				runLogged(
					npm,
					[locked ? 'ci' : 'install', '--ignore-scripts', '--no-audit', '--no-fund'],
					staging,
					logFile,
				),
			log,
		);
		await provideSqlite3(staging, log);
		writeFileSync(path.join(staging, '.installed'), new Date().toISOString());
		rmSync(n8nDir, { recursive: true, force: true });
		renameSync(staging, n8nDir);
		return n8nDir;
	} finally {
		unlock();
	}
}

/** The sqlite3 every supported n8n pins (1.123.81 and 2.41.1: 5.1.7), built ahead by the prefetch. */
export const N8N_SQLITE3 = '5.1.7';
const sqlite3Build = (version: string) =>
	path.join(cacheRoot, `sqlite3-${version}`, 'node_sqlite3.node');

/**
 * sqlite3's native module, built once per sqlite3 version into the cache: its build compiles
 * SQLite itself (minutes of CPU), and the module is N-API, so one build loads in any Node and
 * in every n8n that pins that version. Built in a folder of its own, so the prefetch can build
 * it while n8n downloads; `moduleDir` (an n8n's own sqlite3) is built in place instead when
 * given. Resolves with the built module.
 */
export async function buildSqlite3(
	version: string,
	log: (line: string) => void = console.log,
	moduleDir?: string,
): Promise<string> {
	const built = sqlite3Build(version);
	mkdirSync(path.dirname(built), { recursive: true });
	const unlock = await acquireLock(
		`${path.dirname(built)}.lock`,
		`building sqlite3 ${version}`,
		() => existsSync(built),
		log,
	);
	if (!unlock) return built;
	try {
		if (existsSync(built)) return built;
		const logFile = path.join(cacheRoot, `sqlite3-${version}.log`);
		let folder = moduleDir ? path.dirname(path.dirname(moduleDir)) : undefined;
		if (!folder) {
			folder = mkdtempSync(path.join(cacheRoot, `sqlite3-${version}.build-`));
			writeFileSync(
				path.join(folder, 'package.json'),
				JSON.stringify({
					name: 'sqlite3-build',
					private: true,
					dependencies: { sqlite3: version },
				}),
			);
			await runLogged(
				npm,
				['install', '--ignore-scripts', '--no-audit', '--no-fund'],
				folder,
				logFile,
			);
		}
		// SQLite itself at -O1 (after gyp's -O3, so it wins): compiling its 9 MB source took
		// 45 CPU-seconds at -O3 and 15 at -O1, on a fresh machine's critical path, and an
		// in-memory workload of inserts, a group-by and deletes ran 8 % slower (1.96 s, 1.78 s).
		await phase(
			`Build sqlite3 ${version} (once for every n8n version)`,
			() =>
				runLogged(npm, ['rebuild', 'sqlite3'], folder, logFile, {
					CFLAGS: `${process.env.CFLAGS ?? ''} -O1`.trim(),
				}),
			log,
		);
		copyFileSync(
			path.join(folder, 'node_modules', 'sqlite3', 'build', 'Release', 'node_sqlite3.node'),
			`${built}.partial`,
		);
		renameSync(`${built}.partial`, built);
		if (!moduleDir) rmSync(folder, { recursive: true, force: true });
		return built;
	} finally {
		unlock();
	}
}

/** An n8n's sqlite3 given its native module: the cached build of its version (built here if none). */
async function provideSqlite3(staging: string, log: (line: string) => void): Promise<void> {
	const moduleDir = path.join(staging, 'node_modules', 'sqlite3');
	const { version } = JSON.parse(readFileSync(path.join(moduleDir, 'package.json'), 'utf8')) as {
		version: string;
	};
	const built = await buildSqlite3(version, log, moduleDir);
	const target = path.join(moduleDir, 'build', 'Release', 'node_sqlite3.node');
	if (!existsSync(target)) {
		mkdirSync(path.dirname(target), { recursive: true });
		copyFileSync(built, target);
	}
}

export function n8nBin(): string {
	return path.join(n8nDir, 'node_modules', '.bin', 'n8n');
}

/** The major version of the n8n in use (CLI commands differ between 1.x and 2.x). */
export function n8nMajor(): number {
	return Number(N8N_VERSION.split('.')[0]);
}

/**
 * Run an n8n CLI command to completion; resolves with stdout. Asynchronous on purpose: the
 * API servers n8n talks to may live in this very process.
 */
export async function n8nCli(
	userFolder: string,
	args: string[],
	timeoutMs = 180_000,
	extraEnv: Record<string, string> = {},
): Promise<string> {
	const brokerPort = await freePort();
	return await new Promise((resolve, reject) => {
		execFile(
			n8nBin(),
			args,
			{
				cwd: n8nDir,
				// Every n8n process opens a task broker; a port of its own avoids clashing with
				// an n8n that is already running (npm start, another test run).
				env: runtimeEnv({
					N8N_USER_FOLDER: userFolder,
					N8N_RUNNERS_BROKER_PORT: String(brokerPort),
					...extraEnv,
				}),
				encoding: 'utf8',
				timeout: timeoutMs,
				maxBuffer: 256 * 2 ** 20,
			},
			(error, stdout, stderr) =>
				error ? reject(Object.assign(error, { stdout, stderr })) : resolve(stdout),
		);
	});
}

/**
 * Import workflows with the CLI. Each gets a `versionId` when it has none: n8n 2.0.x
 * refuses workflows without one (NOT NULL constraint), later versions make one up.
 */
export async function importWorkflows(
	userFolder: string,
	workflows: object[],
	extraEnv: Record<string, string> = {},
): Promise<void> {
	const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'n8n-import-')), 'workflows.json');
	writeFileSync(
		file,
		JSON.stringify(workflows.map((workflow) => ({ versionId: randomUUID(), ...workflow }))),
	);
	try {
		await n8nCli(userFolder, ['import:workflow', `--input=${file}`], 180_000, extraEnv);
	} finally {
		rmSync(path.dirname(file), { recursive: true, force: true });
	}
}

/**
 * n8n 2.0.x imports a workflow without recording its version in the workflow history, and
 * then cannot publish it ("Version … not found"). Record the imported version the way
 * saving in the editor does, in the database the CLI uses (SQLite, or PostgreSQL in queue
 * mode). Later versions record it themselves.
 */
function recordImportedVersion(
	userFolder: string,
	workflowId: string,
	extraEnv: Record<string, string>,
): void {
	const sql = (quote: string) =>
		`INSERT INTO workflow_history (${['versionId', 'workflowId', 'nodes', 'connections', 'authors', 'createdAt', 'updatedAt'].map((c) => `${quote}${c}${quote}`).join(', ')}) ` +
		`SELECT ${quote}versionId${quote}, id, nodes, connections, 'import', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP FROM workflow_entity WHERE id = '${workflowId.replace(/'/g, "''")}'`;
	if (extraEnv.DB_TYPE === 'postgresdb') {
		execFileSync(
			'psql',
			[
				'-h',
				extraEnv.DB_POSTGRESDB_HOST,
				'-p',
				extraEnv.DB_POSTGRESDB_PORT,
				'-U',
				extraEnv.DB_POSTGRESDB_USER,
				'-d',
				extraEnv.DB_POSTGRESDB_DATABASE,
				'-c',
				sql('"'),
			],
			{ stdio: 'ignore' },
		);
		return;
	}
	const database = path.join(userFolder, '.n8n', 'database.sqlite');
	const script = `const db = new (require('sqlite3').Database)(process.argv[1]); db.run(process.argv[2], (e) => { if (e) { console.error(e.message); process.exit(1); } db.close(); });`;
	execFileSync(process.execPath, ['-e', script, database, sql('"')], {
		cwd: n8nDir,
		stdio: ['ignore', 'ignore', 'inherit'],
	});
}

/** Publish (activate) a workflow: `publish:workflow` on n8n 2.x, `update:workflow --active` on 1.x. */
export async function publishWorkflow(
	userFolder: string,
	workflowId: string,
	extraEnv: Record<string, string> = {},
): Promise<void> {
	if (N8N_VERSION.startsWith('2.0.')) recordImportedVersion(userFolder, workflowId, extraEnv);
	const args =
		n8nMajor() >= 2
			? ['publish:workflow', `--id=${workflowId}`]
			: ['update:workflow', `--id=${workflowId}`, '--active=true'];
	await n8nCli(userFolder, args, 180_000, extraEnv);
}

/**
 * The niceness of the parts of the tier that wait for no clock (its own n8n for the
 * operations and the webhook trigger, the README recipe). All parts start at once; on two
 * cores this leaves the CPU first to those that wait for n8n's minute ticks (triggers, queue
 * mode, `npm start`), whose n8n otherwise took over three minutes to boot (2.41.1, in the
 * tier). A background part may then wait minutes for the CPU: its time limits are longer,
 * and the webhook checks there give n8n the server's own 30 s to answer.
 */
const BACKGROUND_NICENESS = 10;

/** Lower a started process's priority (inherited by what it starts); where refused, it runs as it is. */
export function runInBackground(pid: number | undefined, niceness = BACKGROUND_NICENESS): void {
	try {
		if (pid !== undefined) os.setPriority(pid, niceness);
	} catch {
		// not permitted here: the run is only slower
	}
}

export interface StartOptions {
	/** The task broker's port (n8n 2.x opens one); default port + 1. */
	brokerPort?: number;
	extraEnv?: Record<string, string>;
	/** Where n8n's output goes: inherited by default, or a file. */
	logFile?: string;
	/** `start` (default), `worker`, ... */
	command?: string[];
	/** Started at BACKGROUND_NICENESS (a part that waits for no clock). */
	background?: boolean;
}

export function startN8n(userFolder: string, port: number, opts: StartOptions = {}): ChildProcess {
	let stdio: StdioOptions = ['ignore', 'inherit', 'inherit'];
	if (opts.logFile) {
		const fd = openSync(opts.logFile, 'a');
		stdio = ['ignore', fd, fd];
	}
	const child = spawn(n8nBin(), opts.command ?? ['start'], {
		cwd: n8nDir,
		env: runtimeEnv({
			N8N_USER_FOLDER: userFolder,
			N8N_PORT: String(port),
			N8N_RUNNERS_BROKER_PORT: String(opts.brokerPort ?? port + 1),
			...opts.extraEnv,
		}),
		stdio,
	});
	if (opts.background) runInBackground(child.pid);
	return child;
}

/**
 * `n8n start` on free ports, resolved once this very process says its editor is up (its own
 * log, not an answer on the port: another process may have taken the port while n8n booted,
 * and then n8n exits). Tried on other ports up to three times; undefined when it never came up.
 */
export async function startN8nReady(
	userFolder: string,
	logFile: string,
	timeoutMs: number,
	opts: Omit<StartOptions, 'logFile' | 'brokerPort'> = {},
): Promise<{ child: ChildProcess; url: string } | undefined> {
	for (let attempt = 0; attempt < 3; attempt++) {
		const port = await freePort();
		const offset = existsSync(logFile) ? readFileSync(logFile, 'utf8').length : 0;
		const child = startN8n(userFolder, port, { ...opts, brokerPort: await freePort(), logFile });
		const end = Date.now() + timeoutMs;
		while (Date.now() < end && child.exitCode === null && child.signalCode === null) {
			if (/Editor is now accessible via/.test(readFileSync(logFile, 'utf8').slice(offset)))
				return { child, url: `http://127.0.0.1:${port}` };
			await new Promise((resolve) => setTimeout(resolve, 500));
		}
		if (child.exitCode === null && child.signalCode === null) {
			child.kill('SIGKILL');
			return undefined;
		}
	}
	return undefined;
}
