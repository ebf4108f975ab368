/**
 * `npm start`: real n8n with this package installed as a community package, the local
 * sandbox APIs with demo data, credentials pointing at them, and the example workflows.
 * The first run installs a pinned n8n into ~/.cache (a few minutes); later runs reuse it.
 * Ctrl+C stops everything this started.
 */
// @ts-nocheck

import { readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CM_KEY } from '../test/servers/checkMonitorServer';
import { CE_TOKEN } from '../test/servers/customerEngagementServer';
import { startSandbox } from '../test/servers/sandbox';
import { ensureN8n, installPackage, n8nCli, startN8n } from './n8nRuntime';

const PORT = Number(process.env.N8N_PORT ?? 5678);
const OWNER = { email: 'owner@example.com', password: 'Sandbox-Passw0rd', firstName: 'Sandbox', lastName: 'Owner' };
const step = (text: string) => console.log(`\n▶ ${text}`);

/** Everything `npm start` starts; resolves when n8n is ready. */
export async function startEnvironment(): Promise<{ url: string; stop: () => Promise<void>; exited: Promise<number | null> }> {
	step('n8n runtime');
	ensureN8n();
	step('Install this package into a fresh n8n user folder');
	const cache = path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'n8n-nodes-engagement-monitor');
	const userFolder = path.join(cache, 'start-user-folder');
	rmSync(userFolder, { recursive: true, force: true });
	mkdirSync(userFolder, { recursive: true });
	installPackage(userFolder);

	step('Sandbox APIs with demo data');
	const sandbox = await startSandbox();
	for (const line of sandbox.describe()) console.log(`  ${line}`);

	step('Credentials and example workflows');
	const work = path.join(userFolder, 'import');
	mkdirSync(work, { recursive: true });
	writeFileSync(
		path.join(work, 'credentials.json'),
		JSON.stringify([
			{ id: 'ceSandboxCred01', name: 'Customer Engagement sandbox', type: 'customerEngagementApi', data: { baseUrl: sandbox.ce.url, accessToken: CE_TOKEN } },
			{ id: 'cmSandboxCred01', name: 'Check Monitor sandbox', type: 'checkMonitorApi', data: { baseUrl: sandbox.cm.url, apiKey: CM_KEY } },
		]),
	);
	await n8nCli(userFolder, ['import:credentials', `--input=${path.join(work, 'credentials.json')}`]);
	const examples = path.join(__dirname, '..', 'examples');
	const workflows = readdirSync(examples).filter((f) => f.endsWith('.json')).map((f) => JSON.parse(readFileSync(path.join(examples, f), 'utf8')));
	writeFileSync(path.join(work, 'workflows.json'), JSON.stringify(workflows));
	await n8nCli(userFolder, ['import:workflow', `--input=${path.join(work, 'workflows.json')}`]);

	step(`Start n8n on http://127.0.0.1:${PORT}`);
	const n8n = startN8n(userFolder, PORT);
	const exited = new Promise<number | null>((resolve) => n8n.once('exit', resolve));
	const stop = async () => {
		n8n.kill('SIGTERM');
		await exited;
		await sandbox.stop();
	};

	const base = `http://127.0.0.1:${PORT}`;
	for (let i = 0; i < 240; i++) {
		const ok = await fetch(`${base}/healthz/readiness`).then((r) => r.ok).catch(() => false);
		if (ok) break;
		await new Promise((resolve) => setTimeout(resolve, 500));
	}
	const setup = await fetch(`${base}/rest/owner/setup`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify(OWNER),
	}).catch((error: Error) => ({ ok: false, status: 0, text: async () => error.message }));
	if (!setup.ok) console.log(`  (owner setup answered ${setup.status}: ${(await setup.text()).slice(0, 200)})`);

	return { url: base, stop, exited };
}

export const LOGIN = OWNER;

async function main() {
	const environment = await startEnvironment();
	console.log(`\n✔ n8n is ready: ${environment.url}`);
	console.log(`  Login: ${OWNER.email} / ${OWNER.password}`);
	console.log('  Workflows: examples/ (imported); credentials "… sandbox" point at the local APIs.');
	console.log('  Press Ctrl+C to stop n8n and the sandbox.');
	process.on('SIGINT', () => void environment.stop().then(() => process.exit(0)));
	process.on('SIGTERM', () => void environment.stop().then(() => process.exit(0)));
	const code = await environment.exited;
	console.log(`n8n exited (${code})`);
	process.exit(code ?? 1);
}

if (require.main === module) {
	main().catch((error) => {
		console.error(error);
		process.exit(1);
	});
}
