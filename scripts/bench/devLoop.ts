/**
 * `npm run bench:dev`: how long `npm run dev` takes from saving a source file to the open
 * editor showing the change, on N8N_VERSION (default the newest supported).
 *
 * It starts what `npm run dev` starts (its own folder and ports), signs a real editor in
 * (Debian's Chromium), then BENCH_ROUNDS times (default 5): writes a new action name into
 * Service Status → Get (nodes/CheckMonitor/resources/status/get.ts) and times until the
 * editor's own node types (its store, which n8n's reload push makes it fetch again) hold
 * it, with the build's and n8n's share of that time. The file is put back after each round
 * and on every way out.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { signedInEditor } from '../dev/browser';
import type { Rebuilt } from '../dev/rebuildOnChange';
import { rebuildOnChange } from '../dev/rebuildOnChange';
import { configFrom, startEnvironment } from '../dev/start';
import { N8N_VERSION } from '../shared/n8nRuntime';
import { freePort } from '../shared/ports';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const FILE = path.join(
	__dirname,
	'..',
	'..',
	'nodes',
	'CheckMonitor',
	'resources',
	'status',
	'get.ts',
);
const ACTION = "action: 'Check that the monitoring service is up'";
const NODE_TYPE = 'n8n-nodes-engagement-monitor.checkMonitor';

/** Whether the editor's node types store holds `text` in the Check Monitor node's description. */
async function editorHas(page: Page, text: string): Promise<boolean> {
	return await page.evaluate(
		({ type, wanted }) => {
			const { document } = globalThis as unknown as {
				document: { querySelector(selector: string): unknown };
			};
			const app = (
				document.querySelector('#app') as {
					__vue_app__?: {
						config: { globalProperties: { $pinia?: { _s: Map<string, Record<string, unknown>> } } };
					};
				}
			).__vue_app__;
			const store = app?.config.globalProperties.$pinia?._s.get('nodeTypes') as
				| { nodeTypes?: Record<string, unknown> }
				| undefined;
			return JSON.stringify(store?.nodeTypes?.[type] ?? {}).includes(wanted);
		},
		{ type: NODE_TYPE, wanted: text },
	);
}

const median = (values: number[]) =>
	[...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
	const original = readFileSync(FILE, 'utf8');
	if (!original.includes(ACTION))
		throw new Error(`${FILE} no longer holds ${ACTION}: change the bench to another text`);
	const folder = path.join(mkdtempSync(path.join(os.tmpdir(), 'n8n-dev-bench-')), 'sandbox');
	const n8nPort = await freePort();
	const config = {
		...configFrom({}, [], () => undefined),
		n8nPort,
		brokerPort: await freePort(),
		cePort: await freePort(),
		cmPort: await freePort(),
		folder,
		dev: true,
	};
	const environment = await startEnvironment(config);
	let rebuilt: Rebuilt | undefined;
	const stopWatching = rebuildOnChange(
		path.join(folder, '.n8n', 'nodes', 'node_modules', 'n8n-nodes-engagement-monitor'),
		() => undefined,
		(r) => (rebuilt = r),
	);
	const { browser, page } = await signedInEditor(environment.url);
	const rows: Array<{ total: number; build: number }> = [];
	try {
		await page.goto(`${environment.url}/workflow/new`);
		await page.waitForSelector('#app', { timeout: 60_000 });
		await new Promise((resolve) => setTimeout(resolve, 15_000)); // the first build, and the editor's first fetch
		for (let round = 1; round <= ROUNDS; round++) {
			const marker = `Check that the monitoring service is up ${Date.now()}`;
			rebuilt = undefined;
			const saved = Date.now();
			writeFileSync(FILE, original.replace(ACTION, `action: '${marker}'`));
			while (!(await editorHas(page, marker))) {
				if (Date.now() - saved > 120_000)
					throw new Error(`round ${round}: the editor did not show the change within 120 s`);
				await new Promise((resolve) => setTimeout(resolve, 50));
			}
			const total = Date.now() - saved;
			const build = rebuilt ? (rebuilt as Rebuilt).copiedAt - saved : NaN;
			rows.push({ total, build });
			console.log(
				`round ${round}: ${(total / 1000).toFixed(1)} s from save to the editor (the build and copy: ${(build / 1000).toFixed(1)} s; n8n's reload and the editor's fetch: ${((total - build) / 1000).toFixed(1)} s)`,
			);
			writeFileSync(FILE, original);
			await new Promise((resolve) => setTimeout(resolve, 10_000));
		}
	} finally {
		writeFileSync(FILE, original);
		stopWatching();
		await browser.close();
		await environment.stop();
	}
	console.log(
		`\nn8n ${N8N_VERSION}, ${ROUNDS} rounds: median ${(median(rows.map((r) => r.total)) / 1000).toFixed(1)} s from save to the editor showing the change (build ${(median(rows.map((r) => r.build)) / 1000).toFixed(1)} s)`,
	);
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
