/**
 * `npm run bench:webhook`: the Check Monitor Webhook Trigger beside New Flip at 60-second
 * polling, for 100 changes. Prints a markdown table.
 *
 * - Webhook: real n8n (N8N_VERSION) with the package installed, a published "Webhook
 *   Trigger → Note" workflow, the stand-in server delivering 100 changes (100 checks going
 *   down, one after another) through its Webhook integration. Latency: from the moment the
 *   server sent a change (its log) to n8n's `startedAt` of the execution it started (the
 *   editor's executions list), on one machine's clock. API requests: counted on the stand-in.
 * - New Flip (one check; all checks): the trigger in n8n's engine (the test harness) on a
 *   virtual clock, polled once a minute for an hour while 100 changes happen spread evenly
 *   over it (one check: it goes down and up 50 times; all checks: 100 checks, each changes
 *   once). Latency: the wait for the next minute's poll (a change at an even spread of
 *   moments within the minute) plus the poll's own time, measured on loopback.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REQUEST_BODY } from '../../nodes/CheckMonitorWebhookTrigger/delivery';
import { createPoller } from '../../harness/engine';
import { CheckMonitorServer, CM_KEY } from '../../harness/servers/checkMonitorServer';
import { CE_TOKEN, CustomerEngagementServer } from '../../harness/servers/customerEngagementServer';
import {
	webhookNoteWorkflow,
	WEBHOOK_CREDENTIAL,
	WEBHOOK_SECRET,
	webhookRegistered,
} from '../e2e/webhookTrigger';
import { installTarball } from '../release/manualInstall';
import { editorSession, setUpOwner } from '../shared/editorSession';
import {
	importWorkflows,
	N8N_VERSION,
	n8nCli,
	publishWorkflow,
	startN8nReady,
} from '../shared/n8nRuntime';
import { waitUntil } from '../shared/progress';
import { stopProcess } from '../shared/services';

/** At most 100: the editor's executions list gives 100 a page. */
const CHANGES = Math.min(100, Number(process.env.BENCH_CHANGES ?? 100));
const percentile = (values: number[], p: number) => {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const seconds = (ms: number) =>
	ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;

async function webhookRun(): Promise<{
	latencies: number[];
	apiRequests: number;
	executions: number;
}> {
	const sink = await new CustomerEngagementServer().start();
	const cm = await new CheckMonitorServer().start();
	const folder = await installTarball(
		mkdtempSync(path.join(os.tmpdir(), 'n8n-bench-webhook-')),
		() => undefined,
	);
	const started = { child: undefined as Awaited<ReturnType<typeof startN8nReady>> | undefined };
	try {
		const file = path.join(folder, 'credentials.json');
		writeFileSync(
			file,
			JSON.stringify([
				{
					...WEBHOOK_CREDENTIAL,
					type: 'checkMonitorWebhook',
					data: { headerName: 'X-Check-Monitor-Secret', secret: WEBHOOK_SECRET },
				},
				{
					id: 'ceWebhookSink001',
					name: 'sink (e2e)',
					type: 'customerEngagementApi',
					data: { baseUrl: sink.url, accessToken: CE_TOKEN },
				},
			]),
		);
		await n8nCli(folder, ['import:credentials', `--input=${file}`]);
		const webhookId = '4d2c1b0a-9e8f-4a7b-8c6d-5e4f3a2b1c0d';
		await importWorkflows(folder, [
			webhookNoteWorkflow(
				'benchWebhook0001',
				webhookId,
				String(sink.seedContact({ firstName: 'Sink' }).id),
				{},
			),
		]);
		await publishWorkflow(folder, 'benchWebhook0001');
		started.child = await startN8nReady(folder, path.join(folder, 'n8n.log'), 240_000);
		if (!started.child) throw new Error(`n8n did not start; see ${folder}/n8n.log`);
		const url = started.child.url;
		const production = `${url}/webhook/${webhookId}/webhook`;
		if (!(await webhookRegistered(production)))
			throw new Error('the production webhook did not answer');
		await setUpOwner(url);
		const editor = await editorSession(url);
		cm.webhooks.allowPrivateIps = true;
		const checks = Array.from({ length: CHANGES }, (_, i) => {
			const check = cm.seedCheck({ name: `job ${i}` });
			cm.receivePing(check.uuid);
			return check;
		});
		const request = {
			method: 'POST' as const,
			url: production,
			body: REQUEST_BODY,
			headers: { 'Content-Type': 'application/json', 'X-Check-Monitor-Secret': WEBHOOK_SECRET },
		};
		cm.addWebhookIntegration({ down: request, up: request });
		cm.clearLog();
		for (const check of checks) {
			cm.receivePing(check.uuid, 'fail');
			await cm.webhooks.idle();
		}
		await waitUntil(() => sink.state.notes.length >= CHANGES, 120_000);
		// The editor lists at most 100 executions a page (and pages differ between n8n versions): one page.
		const page = (await editor.call('GET', `/executions?limit=${CHANGES}`)) as {
			results?: Array<{ startedAt?: string; createdAt?: string }>;
		};
		const startedAt = (page.results ?? []).map((e) =>
			Date.parse(String(e.startedAt ?? e.createdAt)),
		);
		const executions = startedAt.sort((a, b) => a - b);
		const sent = cm.webhooks.log
			.filter((a) => a.delivered)
			.map((a) => a.sentAt)
			.sort((a, b) => a - b);
		if (executions.length !== sent.length)
			throw new Error(`${sent.length} delivered, ${executions.length} executions listed`);
		return {
			latencies: sent.map((at, i) => executions[i] - at),
			apiRequests: cm.requests.length,
			executions: executions.length,
		};
	} finally {
		await stopProcess(started.child?.child);
		await cm.stop();
		await sink.stop();
	}
}

/** New Flip polled once a minute for an hour on a virtual clock while CHANGES changes happen. */
async function pollingRun(
	scope: 'one' | 'all',
): Promise<{ requestsPerHour: number; pollMs: number[]; emitted: number }> {
	const cm = await new CheckMonitorServer().start();
	let now = Date.UTC(2026, 10, 28, 0, 0, 0);
	const realNow = Date.now;
	Date.now = () => now;
	cm.now = () => new Date(now);
	try {
		const checks = Array.from({ length: scope === 'one' ? 1 : CHANGES }, (_, i) => {
			const check = cm.seedCheck({ name: `job ${i}` });
			cm.receivePing(check.uuid);
			return check;
		});
		const parameters =
			scope === 'one'
				? {
						event: 'newFlip',
						scope: 'one',
						checkId: { __rl: true, mode: 'id', value: checks[0].uuid },
						options: {},
					}
				: { event: 'newFlip', scope: 'all', options: { requestsPerMinute: 600_000 } };
		const poller = createPoller({
			type: 'checkMonitorTrigger',
			parameters: parameters as never,
			credentials: { checkMonitorApi: { baseUrl: cm.url, apiKey: CM_KEY } },
		});
		await poller.poll();
		cm.clearLog();
		const pollMs: number[] = [];
		let emitted = 0;
		let change = 0;
		for (let minute = 1; minute <= 60; minute++) {
			// The changes of this minute, at an even spread of moments.
			const start = now;
			while (change < CHANGES && (change * 3600_000) / CHANGES < minute * 60_000) {
				now = Date.UTC(2026, 10, 28, 0, 0, 0) + (change * 3600_000) / CHANGES + 1000;
				const check = checks[scope === 'one' ? 0 : change];
				cm.receivePing(check.uuid, check.status === 'up' ? 'fail' : '');
				change++;
			}
			now = start + 60_000;
			const before = realNow();
			emitted += (await poller.poll())?.[0].length ?? 0;
			pollMs.push(realNow() - before);
		}
		return { requestsPerHour: cm.requests.length, pollMs, emitted };
	} finally {
		Date.now = realNow;
		await cm.stop();
	}
}

async function main() {
	const rows: string[][] = [];
	for (const scope of ['one', 'all'] as const) {
		const run = await pollingRun(scope);
		// A change at an even spread of moments within the minute waits (60 - offset) s for the next poll, then the poll itself.
		const pollMedian = percentile(run.pollMs, 50);
		const latencies = Array.from(
			{ length: CHANGES },
			(_, i) => 60_000 * (1 - (i + 0.5) / CHANGES) + pollMedian,
		);
		rows.push([
			`New Flip, ${scope === 'one' ? 'one check (it changes 100 times)' : `all checks (${CHANGES} checks, each changes once)`}, 60-s polling`,
			seconds(percentile(latencies, 50)),
			seconds(percentile(latencies, 95)),
			String(run.requestsPerHour),
			`${run.emitted} emitted; a poll takes ${seconds(pollMedian)} (median)`,
		]);
	}
	const webhook = await webhookRun();
	rows.unshift([
		`Webhook Trigger (real n8n ${N8N_VERSION}, single mode)`,
		seconds(percentile(webhook.latencies, 50)),
		seconds(percentile(webhook.latencies, 95)),
		`${webhook.apiRequests} (whatever the polling)`,
		`${webhook.executions} executions for ${CHANGES} changes; max ${seconds(Math.max(...webhook.latencies))}`,
	]);
	console.log(
		`${CHANGES} changes; ${new Date().toISOString()}; ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}\n`,
	);
	console.log(
		'| trigger | server sends → execution starts, median | p95 | API requests per hour | notes |',
	);
	console.log('|---|---|---|---|---|');
	for (const row of rows) console.log(`| ${row.join(' | ')} |`);
	process.exit(0);
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
