/**
 * Installs the n8n versions the end-to-end tier of `npm test` needs (newest, then oldest)
 * into the cache, in the background while `npm test` builds, lints and runs jest: on a
 * cold cache the installs are most of CI's time. Each install holds the version's lock;
 * the end-to-end tier waits on it if it gets there first. Output: the install logs in the
 * cache folder.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { NEWEST_N8N, OLDEST_N8N } from './n8nRuntime';

const root = path.join(__dirname, '..');
for (const version of [NEWEST_N8N, OLDEST_N8N]) {
	spawnSync(process.execPath, [path.join(root, 'node_modules', '.bin', 'tsx'), '-e', "import('./scripts/n8nRuntime').then((m) => m.ensureN8n(() => undefined))"], {
		cwd: root,
		env: { ...process.env, N8N_VERSION: version },
		stdio: 'ignore',
	});
}
