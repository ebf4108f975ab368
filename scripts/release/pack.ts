/**
 * The package as a release ships it: built and packed with `npm pack` (the tarball the
 * local registry publishes and the manual install uses).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { acquireLock } from '../shared/lock';
import { runtimeEnv } from '../shared/n8nRuntime';

const root = path.join(__dirname, '..', '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/**
 * The tarball a parent process packed, handed to the processes it starts: the end-to-end
 * matrix's version runs use it, so that no part of one (`npm start`'s install, say) builds
 * again, cleaning dist/ while another version's run reads the built description there.
 */
const PACKED = 'E2E_PACKED_TARBALL';

/**
 * Build and pack this package once per process; returns the tarball. Under a lock: a
 * build starts by cleaning dist/, so two scripts packing at once (npm start and the
 * end-to-end tier, say) would otherwise pack each other's half-built dist/.
 */
let packed: string | undefined;

export async function packPackage(
	log: (line: string) => void = console.log,
	{ build = true } = {},
): Promise<string> {
	if (packed) return packed;
	const fromParent = process.env[PACKED];
	if (fromParent && existsSync(fromParent)) return (packed = fromParent);
	const unlock = (await acquireLock(
		path.join(root, '.pack.lock'),
		'building this package',
		() => false,
		log,
	))!;
	try {
		log(build ? 'Building and packing the package...' : 'Packing the package as built...');
		if (build)
			execFileSync(npm, ['run', 'build', '--silent'], {
				cwd: root,
				stdio: ['ignore', 'ignore', 'inherit'],
				env: runtimeEnv(),
			});
		const packDir = mkdtempSync(path.join(os.tmpdir(), 'n8n-pack-'));
		execFileSync(npm, ['pack', '--silent', '--pack-destination', packDir], {
			cwd: root,
			stdio: ['ignore', 'ignore', 'inherit'],
			env: runtimeEnv(),
		});
		packed = path.join(packDir, readdirSync(packDir).find((f) => f.endsWith('.tgz'))!);
		process.env[PACKED] = packed;
		return packed;
	} finally {
		unlock();
	}
}
