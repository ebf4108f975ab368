/**
 * Redis and PostgreSQL for the queue-mode end-to-end tier, from Debian's packages:
 * installed with apt-get when missing (said so on the console), started on 127.0.0.1 on
 * free ports with throwaway data folders, and stopped by PID. Nothing is started as a
 * system service and no existing server is touched.
 */
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { acquireLock } from './lock';
import { cacheRoot } from './n8nRuntime';
import { freePort } from './ports';

export interface Service {
	port: number;
	stop: () => Promise<void>;
}

/** Stop a child process by its PID: SIGTERM, then SIGKILL if it has not exited in time. */
export async function stopProcess(
	child: ChildProcess | undefined,
	graceMs = 30_000,
): Promise<void> {
	if (!child || child.exitCode !== null || child.signalCode !== null) return;
	const exited = new Promise((resolve) => child.once('exit', resolve));
	child.kill('SIGTERM');
	await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, graceMs))]);
	if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

function stopByPid(child: ChildProcess, cleanup: () => void): () => Promise<void> {
	return async () => {
		await stopProcess(child, 10_000);
		cleanup();
	};
}

function postgresBin(): string | undefined {
	const root = '/usr/lib/postgresql';
	if (!existsSync(root)) return undefined;
	const version = readdirSync(root)
		.sort((a, b) => Number(b) - Number(a))
		.find((v) => existsSync(path.join(root, v, 'bin', 'postgres')));
	return version ? path.join(root, version, 'bin') : undefined;
}

/**
 * Install the Debian packages that are missing (redis-server, postgresql), under a lock:
 * the background install of `npm test` and the queue-mode part may both get here.
 */
export async function ensureServerPackages(
	log: (line: string) => void = console.log,
): Promise<void> {
	const missing = () => [
		...(existsSync('/usr/bin/redis-server') ? [] : ['redis-server']),
		...(postgresBin() ? [] : ['postgresql']),
	];
	if (missing().length === 0) return;
	mkdirSync(cacheRoot, { recursive: true });
	const unlock = await acquireLock(
		path.join(cacheRoot, 'apt.lock'),
		'installing Debian packages',
		() => missing().length === 0,
		log,
	);
	try {
		aptInstall(missing(), 'the queue-mode tier', log);
	} finally {
		unlock?.();
	}
}

/** Debian packages with apt-get, said so on the console first (a fresh machine has none of them). */
export function aptInstall(
	packages: string[],
	neededFor: string,
	log: (line: string) => void = console.log,
): void {
	if (packages.length === 0) return;
	log(`Installing ${packages.join(' and ')} with apt-get (needed for ${neededFor})...`);
	execFileSync('apt-get', ['update', '-qq'], { stdio: ['ignore', 'ignore', 'inherit'] });
	execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], {
		stdio: ['ignore', 'ignore', 'inherit'],
		env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
	});
}

async function waitFor(what: string, test: () => boolean, timeoutMs = 120_000): Promise<void> {
	const end = Date.now() + timeoutMs;
	while (Date.now() < end) {
		if (test()) return;
		await new Promise((resolve) => setTimeout(resolve, 300));
	}
	throw new Error(`${what} did not start within ${timeoutMs / 1000} s`);
}

export async function startRedis(): Promise<Service> {
	const port = await freePort();
	const child = spawn(
		'/usr/bin/redis-server',
		['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
		{ stdio: 'ignore' },
	);
	await waitFor('redis-server', () => {
		try {
			return (
				execFileSync('/usr/bin/redis-cli', ['-h', '127.0.0.1', '-p', String(port), 'ping'], {
					encoding: 'utf8',
				}).trim() === 'PONG'
			);
		} catch {
			return false;
		}
	});
	return { port, stop: stopByPid(child, () => undefined) };
}

/** PostgreSQL with one database `n8n`, trust auth on loopback, run as the `postgres` user. */
export async function startPostgres(): Promise<Service> {
	const bin = postgresBin();
	if (!bin) throw new Error('PostgreSQL is not installed');
	const port = await freePort();
	const data = mkdtempSync(path.join(os.tmpdir(), 'n8n-pg-'));
	const asPostgres = (command: string, args: string[]) =>
		os.userInfo().uid === 0
			? (['runuser', ['-u', 'postgres', '--', command, ...args]] as const)
			: ([command, args] as const);
	if (os.userInfo().uid === 0)
		chownSync(
			data,
			Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })),
			Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })),
		);
	const [initCommand, initArgs] = asPostgres(path.join(bin, 'initdb'), [
		'-D',
		data,
		'-U',
		'postgres',
		'--auth=trust',
		'-E',
		'UTF8',
	]);
	// Asynchronous: initdb takes seconds, and the end-to-end tier runs other parts in this process.
	await promisify(execFile)(initCommand, initArgs);
	const [command, args] = asPostgres(path.join(bin, 'postgres'), [
		'-D',
		data,
		'-p',
		String(port),
		'-h',
		'127.0.0.1',
		'-k',
		data,
	]);
	const child = spawn(command, args, { stdio: 'ignore' });
	const psql = (sql: string, database = 'postgres') =>
		execFileSync(
			'psql',
			['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', database, '-tAc', sql],
			{ encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
		);
	await waitFor('PostgreSQL', () => {
		try {
			return psql('select 1').trim() === '1';
		} catch {
			return false;
		}
	});
	psql('create database n8n');
	return { port, stop: stopByPid(child, () => rmSync(data, { recursive: true, force: true })) };
}
