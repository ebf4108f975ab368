/**
 * `npm run bench:push-poll`: how close a change's push and its poll may come before n8n's
 * Remove Duplicates lets both through (it reads and writes its keys without a lock). The
 * push-and-poll example (examples/check-change-once.json) published in real n8n
 * (N8N_VERSION); per round one check goes down and its push is held at a relay in front of
 * n8n until the poll that reads it has begun (plus a delay, BENCH_DELAYS); it is then let
 * through. Printed per round: when the push was let through relative to the poll's last
 * request (the check's own read, after its flips), and the runs of the change (2: both the
 * push and the poll ran).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
	CheckMonitorServer,
	CM_KEY,
	type StoredCheck,
} from '../../harness/servers/checkMonitorServer';
import { CE_TOKEN, CustomerEngagementServer } from '../../harness/servers/customerEngagementServer';
import { pushPollWorkflow } from '../e2e/pushPoll';
import { panelIntegration, WEBHOOK_SECRET, webhookRegistered } from '../e2e/webhookTrigger';
import { installTarball } from '../release/manualInstall';
import { editorSession, setUpOwner } from '../shared/editorSession';
import { N8N_VERSION, startN8nReady } from '../shared/n8nRuntime';
import { waitForAsync, waitUntil } from '../shared/progress';
import { stopProcess } from '../shared/services';

/**
 * Per round one check goes down; its push is let through this long (ms) after the poll that
 * reads it began (its list read). One change per round: pushes let through close together
 * run at once and lose one another's keys (a burst, measured by the end-to-end tier).
 */
const DELAYS = (process.env.BENCH_DELAYS ?? '0,150,300,450,600,750,900,1200')
	.split(',')
	.map(Number);
const WEBHOOK_ID = '8e3f1a6c-2b4d-4f7e-9a1c-6d5b3e2f1a08';

/**
 * A relay in front of n8n: it answers the server 200 at once (so that the server, which sends
 * one delivery after another, sends them all) and forwards each to n8n on `release(key)`
 * (the key read from its body), at the moment it is released.
 */
async function holdingProxy(target: string, keyOf: (body: string) => string) {
	const held = new Map<string, () => number>();
	const server = http.createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			const body = Buffer.concat(chunks);
			res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"message":"held"}');
			held.set(keyOf(body.toString('utf8')), () => {
				const forward = http.request(
					new URL(req.url ?? '/', target),
					{ method: req.method, headers: req.headers },
					(answer) => answer.resume(),
				);
				forward.on('error', () => undefined);
				forward.end(body);
				return Date.now();
			});
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return {
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
		heldCount: () => held.size,
		/** Forwards the held request; when (ms since the epoch), or NaN when none was held. */
		release: (key: string) => {
			const at = held.get(key)?.() ?? Number.NaN;
			held.delete(key);
			return at;
		},
		close: async () => {
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}

async function main() {
	const sink = await new CustomerEngagementServer().start();
	const cm = await new CheckMonitorServer().start();
	const folder = await installTarball(
		mkdtempSync(path.join(os.tmpdir(), 'n8n-bench-push-poll-')),
		() => undefined,
	);
	const n8n = await startN8nReady(folder, path.join(folder, 'n8n.log'), 240_000);
	if (!n8n) throw new Error(`n8n did not start; see ${folder}/n8n.log`);
	const proxy = await holdingProxy(n8n.url, (body) =>
		String((JSON.parse(body) as { check?: { uuid?: string } }).check?.uuid),
	);
	try {
		await setUpOwner(n8n.url);
		const editor = await editorSession(n8n.url);
		const contact = String(sink.seedContact({ firstName: 'Once' }).id);
		const checks: StoredCheck[] = DELAYS.map((delay, round) => {
			const check = cm.seedCheck({ name: `round ${round + 1} delay ${delay}` });
			cm.receivePing(check.uuid);
			return check;
		});
		const credentials = {
			checkMonitorWebhook: await editor.createCredential(
				'Check Monitor Webhook (bench)',
				'checkMonitorWebhook',
				{ headerName: 'X-Check-Monitor-Secret', secret: WEBHOOK_SECRET },
			),
			checkMonitorApi: await editor.createCredential('Check Monitor (bench)', 'checkMonitorApi', {
				baseUrl: cm.url,
				apiKey: CM_KEY,
			}),
			customerEngagementApi: await editor.createCredential(
				'sink (bench)',
				'customerEngagementApi',
				{ baseUrl: sink.url, accessToken: CE_TOKEN },
			),
		};
		// Self-hosted stand-in, no API limit: a round's reads end within seconds.
		const workflowId = (
			(await editor.call(
				'POST',
				'/workflows',
				pushPollWorkflow('benchPushPoll001', WEBHOOK_ID, contact, credentials, {
					requestsPerMinute: 600,
				}),
			)) as { id: string }
		).id;
		await editor.publish(workflowId);
		const production = `${n8n.url}/webhook/${WEBHOOK_ID}/webhook`;
		if (
			!(await webhookRegistered(production)) ||
			!(await waitForAsync(
				async () => Object.keys((await editor.staticData(workflowId)) ?? {}).length > 0,
				120_000,
			))
		) {
			throw new Error('the workflow did not publish');
		}
		cm.webhooks.allowPrivateIps = true;
		const integration = cm.addWebhookIntegration(
			{ name: 'n8n (held)', ...panelIntegration(`${proxy.url}/webhook/${WEBHOOK_ID}/webhook`) },
			'none',
		);
		for (const check of checks) check.channels = [integration.id];
		const notesOf = (check: StoredCheck) =>
			sink.state.notes.filter((n) => String(n.text).startsWith(`Once: check "${check.name}" `));
		console.log(
			`Push and poll of one change at nearly the same instant, n8n ${N8N_VERSION}, ${new Date().toISOString()}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}`,
		);
		console.log("| round | let through (ms after the poll's last request) | runs |");
		console.log('|---|---|---|');
		for (const [round, check] of checks.entries()) {
			const lists = () => cm.requests.filter((r) => r.path === '/api/v3/checks/').length;
			const before = lists();
			await waitUntil(() => lists() > before, 90_000);
			await new Promise((resolve) => setTimeout(resolve, 2000));
			cm.receivePing(check.uuid, 'fail');
			let releasedAt = Number.NaN;
			let lastRequestAt = Number.NaN;
			cm.whenRequested(
				(r) => r.method === 'GET' && r.path === '/api/v3/checks/',
				() => setTimeout(() => (releasedAt = proxy.release(check.uuid)), DELAYS[round]),
			);
			cm.whenRequested(
				(r) => r.method === 'GET' && r.path === `/api/v3/checks/${check.uuid}`,
				() => (lastRequestAt = Date.now()),
			);
			await waitUntil(() => notesOf(check).length > 0, 150_000);
			await new Promise((resolve) => setTimeout(resolve, 5000));
			console.log(
				`| ${round + 1} | ${Math.round(releasedAt - lastRequestAt)} | ${notesOf(check).length} |`,
			);
		}
	} finally {
		await proxy.close();
		await stopProcess(n8n.child);
		await cm.stop();
		await sink.stop();
	}
}

main().then(
	() => process.exit(0),
	(error) => {
		console.error(error);
		process.exit(1);
	},
);
