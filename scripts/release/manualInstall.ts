/**
 * n8n's manual install (every version, no registry): `npm install <tarball>` in the user
 * folder's `.n8n/nodes`. `npm start` and the n8n benchmark install the package this way.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runtimeEnv } from '../shared/n8nRuntime';
import { packPackage } from './pack';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/**
 * Install the packed tarball (or `tarball`, another build of the package) into a user
 * folder's nodes directory (new folder if none).
 */
export async function installTarball(
	userFolder?: string,
	log: (line: string) => void = console.log,
	tarball?: string,
): Promise<string> {
	const folder = userFolder ?? mkdtempSync(path.join(os.tmpdir(), 'n8n-user-'));
	tarball ??= await packPackage(log);
	const nodesDir = path.join(folder, '.n8n', 'nodes');
	mkdirSync(nodesDir, { recursive: true });
	if (!existsSync(path.join(nodesDir, 'package.json'))) {
		writeFileSync(
			path.join(nodesDir, 'package.json'),
			JSON.stringify({ name: 'installed-nodes', private: true }),
		);
	}
	// As a community install: the package only; n8n provides n8n-workflow.
	// Asynchronous: the end-to-end tier runs `npm start` beside its other parts in one process.
	const child = spawn(
		npm,
		[
			'install',
			tarball,
			'--ignore-scripts',
			'--omit=peer',
			'--no-audit',
			'--no-fund',
			'--loglevel=error',
		],
		{ cwd: nodesDir, stdio: 'inherit', env: runtimeEnv() },
	);
	const code = await new Promise<number | null>((resolve, reject) =>
		child.once('error', reject).once('exit', resolve),
	);
	if (code !== 0)
		throw new Error(`npm install ${tarball} in ${nodesDir} failed (exit ${String(code)})`);
	return folder;
}
