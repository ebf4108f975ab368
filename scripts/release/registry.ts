/**
 * A local npm registry for the end-to-end tier: Verdaccio on 127.0.0.1, its storage and
 * configuration in a temporary folder, stopped by PID. The packed package is published to
 * it the way a release publishes it (`npm publish`), so the tier installs it from a
 * registry with n8n's own steps (scripts/release/communityInstall.ts), as users get it.
 *
 * Facts of Verdaccio 6.10.4, tried here: it needs Node 22 or newer (run on the Node 24 of
 * the `node` devDependency); it installs only with the override `verdaccio-audit >
 * node-fetch: 2.7.0`; `npm publish` needs a user even where anonymous publishing is
 * allowed, so one is created through the registry's user endpoint. No uplink: nothing is
 * ever fetched from, or published to, another registry.
 *
 * It is installed on first use into the cache beside n8n from scripts/release/verdaccio/ (its
 * package.json with the override, and a lock file), not as a devDependency: the override
 * would have to stand in this package's package.json, and n8n's scanner refuses an
 * `overrides` field in a community package (rule no-overrides-field, an error).
 */
import { execFile, execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
	closeSync,
	copyFileSync,
	existsSync,
	mkdirSync,
	mkdtempSync,
	openSync,
	readFileSync,
	renameSync,
	rmSync,
	writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../shared/ports';
import { cacheRoot, runtimeEnv } from '../shared/n8nRuntime';
import { phase } from '../shared/progress';
import { stopProcess } from '../shared/services';

export interface LocalRegistry {
	/** e.g. http://127.0.0.1:4873/ (with the trailing slash npm writes in its config). */
	url: string;
	/** An npm user config with the token for this registry: pass as `--userconfig`. */
	userConfig: string;
	/** Verdaccio's log, for a failure message. */
	logFile: string;
	stop: () => Promise<void>;
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
export const VERDACCIO_VERSION = '6.10.4';
const verdaccioDir = path.join(cacheRoot, `verdaccio-${VERDACCIO_VERSION}`);
/** Verdaccio's package.json (with the override) and lock file. */
const lockDir = path.join(__dirname, 'verdaccio');

/**
 * Verdaccio in the cache, installed on first use (about 15 s) with `npm ci` from the lock
 * file committed beside this script (scripts/release/verdaccio/), so every machine gets the same
 * dependency tree; a changed lock file installs it again. Resolves with its bin script.
 */
export async function ensureVerdaccio(log: (line: string) => void = console.log): Promise<string> {
	const bin = path.join(verdaccioDir, 'node_modules', 'verdaccio', 'bin', 'verdaccio');
	const lock = readFileSync(path.join(lockDir, 'package-lock.json'));
	const wanted = createHash('sha256').update(lock).digest('hex');
	const stamp = path.join(verdaccioDir, '.installed');
	if (existsSync(stamp) && readFileSync(stamp, 'utf8') === wanted) return bin;
	// Installed into a folder of this process's own and renamed into place when complete:
	// two runs starting at once never use a half-installed registry.
	const staging = `${verdaccioDir}.partial-${process.pid}`;
	rmSync(staging, { recursive: true, force: true });
	mkdirSync(staging, { recursive: true });
	for (const file of ['package.json', 'package-lock.json'])
		copyFileSync(path.join(lockDir, file), path.join(staging, file));
	await phase(
		`Install Verdaccio ${VERDACCIO_VERSION} (a local npm registry) into ${verdaccioDir}`,
		() =>
			new Promise<void>((resolve, reject) =>
				execFile(
					npm,
					['ci', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'],
					{ cwd: staging, env: runtimeEnv() },
					(error, _stdout, stderr) =>
						error
							? reject(new Error(`installing Verdaccio failed: ${stderr || error.message}`))
							: resolve(),
				),
			),
		log,
	);
	writeFileSync(path.join(staging, '.installed'), wanted);
	if (existsSync(stamp) && readFileSync(stamp, 'utf8') === wanted) {
		rmSync(staging, { recursive: true, force: true });
	} else {
		rmSync(verdaccioDir, { recursive: true, force: true });
		renameSync(staging, verdaccioDir);
	}
	return bin;
}

async function waitForRegistry(
	url: string,
	child: { exitCode: number | null },
	logFile: string,
	timeoutMs = 60_000,
): Promise<void> {
	const end = Date.now() + timeoutMs;
	while (Date.now() < end) {
		if (child.exitCode !== null)
			throw new Error(
				`Verdaccio exited with ${child.exitCode}; its log:\n${readFileSync(logFile, 'utf8').slice(-2000)}`,
			);
		try {
			const response = await fetch(`${url}-/ping`);
			if (response.ok) return;
		} catch {
			// not listening yet
		}
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
	throw new Error(
		`Verdaccio did not answer on ${url} within ${timeoutMs / 1000} s; its log:\n${readFileSync(logFile, 'utf8').slice(-2000)}`,
	);
}

/** Start Verdaccio on a free loopback port, with a user to publish as. */
export async function startRegistry(
	log: (line: string) => void = console.log,
): Promise<LocalRegistry> {
	const major = Number(process.versions.node.split('.')[0]);
	if (major < 22)
		throw new Error(
			`Verdaccio 6 needs Node 22 or newer; this runs on ${process.version}. Run it through npm (npm run test:e2e), which puts the project's Node 24 first.`,
		);
	const bin = await ensureVerdaccio(log);
	const folder = mkdtempSync(path.join(os.tmpdir(), 'n8n-registry-'));
	const port = await freePort();
	const url = `http://127.0.0.1:${port}/`;
	const logFile = path.join(folder, 'verdaccio.log');
	writeFileSync(
		path.join(folder, 'config.yaml'),
		[
			`storage: ${JSON.stringify(path.join(folder, 'storage'))}`,
			'auth:',
			'  htpasswd:',
			`    file: ${JSON.stringify(path.join(folder, 'htpasswd'))}`,
			'    max_users: 10',
			// No uplinks: only what is published here exists here.
			'uplinks: {}',
			'packages:',
			"  '**':",
			'    access: $all',
			'    publish: $authenticated',
			'    unpublish: $authenticated',
			'web:',
			'  enable: false',
			'log:',
			'  type: stdout',
			'  format: json',
			'  level: warn',
			'',
		].join('\n'),
	);
	const out = openSync(logFile, 'a');
	const child = spawn(
		process.execPath,
		[bin, '--config', path.join(folder, 'config.yaml'), '--listen', `127.0.0.1:${port}`],
		{
			cwd: folder,
			env: { ...process.env, VERDACCIO_HANDLE_KILL_SIGNALS: 'true' },
			stdio: ['ignore', out, out],
		},
	);
	const stop = async () => {
		await stopProcess(child, 10_000);
		closeSync(out);
		rmSync(folder, { recursive: true, force: true });
	};
	try {
		await waitForRegistry(url, child, logFile);
		// npm publish needs a user; Verdaccio creates one through CouchDB's user endpoint.
		const name = 'e2e-publisher';
		const response = await fetch(`${url}-/user/org.couchdb.user:${name}`, {
			method: 'PUT',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({
				name,
				password: `pw-${port}-${process.pid}`,
				type: 'user',
				roles: [],
				date: new Date().toISOString(),
			}),
		});
		const body = (await response.json()) as { token?: string; error?: string };
		if (!response.ok || !body.token)
			throw new Error(
				`creating the registry user failed: ${response.status} ${JSON.stringify(body)}`,
			);
		const userConfig = path.join(folder, 'npmrc');
		writeFileSync(userConfig, `registry=${url}\n//127.0.0.1:${port}/:_authToken=${body.token}\n`);
		return { url, userConfig, logFile, stop };
	} catch (error) {
		await stop();
		throw error;
	}
}

/** `npm publish` of a packed tarball to the registry; resolves with its name and version. */
export async function publishTarball(
	registry: LocalRegistry,
	tarball: string,
): Promise<{ name: string; version: string }> {
	await new Promise<void>((resolve, reject) =>
		execFile(
			npm,
			[
				'publish',
				tarball,
				'--registry',
				registry.url,
				'--userconfig',
				registry.userConfig,
				'--access',
				'public',
				'--provenance=false',
				'--ignore-scripts',
				'--loglevel=error',
			],
			{ cwd: os.tmpdir(), env: runtimeEnv() },
			(error, _stdout, stderr) =>
				error
					? reject(new Error(`npm publish to ${registry.url} failed: ${stderr || error.message}`))
					: resolve(),
		),
	);
	const response = await fetch(
		`${registry.url}${encodeURIComponent(packageName(tarball)).replace('%40', '@')}`,
	);
	const meta = (await response.json()) as { name: string; 'dist-tags': { latest: string } };
	return { name: meta.name, version: meta['dist-tags'].latest };
}

/** The package name inside a tarball made by `npm pack` (its package.json). */
function packageName(tarball: string): string {
	const json = execFileSync('tar', ['-xOzf', tarball, 'package/package.json'], {
		encoding: 'utf8',
	});
	return (JSON.parse(json) as { name: string }).name;
}
