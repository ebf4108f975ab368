/**
 * `tsx scripts/e2e/prefetch.ts [version ...]`: installs n8n versions (default: the newest,
 * then the oldest supported) into the cache, one after the other. `npm test` starts it in
 * the background before its build, lint and jest, and the matrix before its first version:
 * on a cold cache the installs are most of the wait. Each install holds its version's
 * lock, so a run that needs a version sooner waits on it. Output: the install logs in the
 * cache folder.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { NEWEST_N8N, OLDEST_N8N } from '../shared/n8nRuntime';

const root = path.join(__dirname, '..', '..');
const versions = process.argv.slice(2).length > 0 ? process.argv.slice(2) : [NEWEST_N8N, OLDEST_N8N];
for (const version of versions) {
	// One process per version: the runtime reads N8N_VERSION when it loads.
	spawnSync(process.execPath, [path.join(root, 'node_modules', '.bin', 'tsx'), '-e', "import('./scripts/shared/n8nRuntime').then((m) => m.ensureN8n(() => undefined))"], {
		cwd: root,
		env: { ...process.env, N8N_VERSION: version },
		stdio: 'ignore',
	});
}
