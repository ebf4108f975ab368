/**
 * The tier installs the package with n8n's steps read from its code
 * (scripts/release/communityInstall.ts). This checks that reading against n8n itself: n8n's own
 * Community Nodes install (POST /rest/community-packages, as the editor's Install button
 * sends it) installs the same version from the same local registry into a fresh user
 * folder, and must leave the same files as the tier's install.
 *
 * n8n refuses a registry other than the public one without a license
 * (FeatureNotLicensedError, feat:communityNodes:customRegistry). n8n ships a controller for
 * its own end-to-end tests, loaded only with E2E_TESTS=true, whose PATCH /rest/e2e/feature
 * turns a licensed feature on; this n8n is started with it for the install and stopped
 * after. Nothing else runs on it.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { publishedPackage } from '../release/communityInstall';
import { startWithEditor, type StartedN8n } from '../shared/editorSession';
import { WITHOUT_EDITOR_UI } from '../shared/n8nRuntime';
import { stopProcess } from '../shared/services';

/** The nodes package.json names: n8n's install must report each. */
const packageNodes = (
	JSON.parse(readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf8')) as {
		n8n: { nodes: string[] };
	}
).n8n.nodes.length;

type Record = (name: string, message?: string) => void;

/** Every file under a folder with a digest of its content, package.json parsed (n8n rewrites its layout). */
function tree(dir: string, base = dir): Map<string, string> {
	const files = new Map<string, string>();
	for (const entry of readdirSync(dir)) {
		const full = path.join(dir, entry);
		if (statSync(full).isDirectory()) {
			for (const [file, digest] of tree(full, base)) files.set(file, digest);
			continue;
		}
		const relative = path.relative(base, full);
		const content = readFileSync(full);
		files.set(
			relative,
			relative === 'package.json'
				? JSON.stringify(JSON.parse(content.toString('utf8')))
				: createHash('sha256').update(content).digest('hex'),
		);
	}
	return files;
}

export async function ownInstallChecks(tierFolder: string, record: Record): Promise<void> {
	const published = publishedPackage();
	const name =
		"install › n8n's own Community Nodes install (REST) from the same registry leaves the same files as the tier's install";
	if (!published) return record(name, 'no package was published for this run');
	const folder = mkdtempSync(path.join(os.tmpdir(), 'n8n-own-install-'));
	const logFile = path.join(folder, 'n8n.log');
	let n8n: StartedN8n | undefined;
	try {
		// n8n compares the registry to its default as a string: no trailing slash.
		n8n = await startWithEditor(folder, logFile, 300_000, {
			extraEnv: {
				...WITHOUT_EDITOR_UI,
				E2E_TESTS: 'true',
				N8N_COMMUNITY_PACKAGES_REGISTRY: published.registry.replace(/\/$/, ''),
			},
		});
		if (!n8n)
			return record(
				name,
				`n8n did not start; its log: ${readFileSync(logFile, 'utf8').slice(-1500)}`,
			);
		const { url, editor } = n8n;
		const feature = await fetch(`${url}/rest/e2e/feature`, {
			method: 'PATCH',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ feature: 'feat:communityNodes:customRegistry', enabled: true }),
		});
		if (!feature.ok) return record(name, `n8n's e2e controller answered ${feature.status}`);
		const started = Date.now();
		const installed = (await editor.call('POST', '/community-packages', {
			name: published.name,
			version: published.version,
		})) as { installedVersion?: string; installedNodes?: Array<{ name: string }> };
		const seconds = ((Date.now() - started) / 1000).toFixed(1);
		const relative = path.join('.n8n', 'nodes', 'node_modules', published.name);
		const ours = tree(path.join(tierFolder, relative));
		const theirs = tree(path.join(folder, relative));
		const differing = [...new Set([...ours.keys(), ...theirs.keys()])]
			.filter((file) => ours.get(file) !== theirs.get(file))
			.sort();
		const nodesJson = (f: string) =>
			(
				JSON.parse(readFileSync(path.join(f, '.n8n', 'nodes', 'package.json'), 'utf8')) as {
					dependencies?: object;
				}
			).dependencies;
		const problems = [
			...(installed.installedVersion === published.version
				? []
				: [`n8n answered version ${String(installed.installedVersion)}`]),
			...((installed.installedNodes ?? []).length === packageNodes
				? []
				: [
						`n8n installed ${JSON.stringify(installed.installedNodes)} (package.json names ${packageNodes})`,
					]),
			...(differing.length === 0
				? []
				: [`files that differ: ${differing.slice(0, 10).join(', ')}`]),
			...(JSON.stringify(nodesJson(folder)) === JSON.stringify(nodesJson(tierFolder))
				? []
				: [
						`nodes/package.json dependencies: n8n ${JSON.stringify(nodesJson(folder))}, tier ${JSON.stringify(nodesJson(tierFolder))}`,
					]),
		];
		record(
			`${name} (${theirs.size} files, n8n's install took ${seconds} s)`,
			problems.length ? problems.join('; ') : undefined,
		);
	} catch (error) {
		record(name, (error as Error).message.slice(0, 600));
	} finally {
		await stopProcess(n8n?.child);
		rmSync(folder, { recursive: true, force: true });
	}
}
