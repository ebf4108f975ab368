/**
 * The Check Monitor Webhook Trigger in real n8n (part of the end-to-end tier, in the tier's
 * own n8n beside the operations): a workflow "Webhook Trigger → Note" made and published in
 * the editor, the stand-in check-monitor server delivering to n8n's production URL through
 * its own Webhook integration, set up as the trigger's panel says.
 * Checked: a change to down and one to up each start one execution; a retry (the first
 * attempt's answer held past the server's time limit) starts none; a wrong secret gets 403
 * on each attempt, a bad body 400 with what to fix, a change the Tags option leaves out 200,
 * all three starting nothing; the server's test notification runs once, marked test.
 * queueMode.ts runs the retry across an `n8n webhook` process and the main.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { IDataObject } from 'n8n-workflow';
import { REQUEST_BODY } from '../../nodes/CheckMonitorWebhookTrigger/delivery';
import { CheckMonitorServer } from '../../harness/servers/checkMonitorServer';
import { CE_TOKEN, CustomerEngagementServer } from '../../harness/servers/customerEngagementServer';
import type { WebhookRequestSpec } from '../../harness/servers/webhookIntegration';
import { installPublished } from '../release/communityInstall';
import { startWithEditor, type StartedN8n } from '../shared/editorSession';
import { n8nDir, WITHOUT_EDITOR_UI } from '../shared/n8nRuntime';
import { waitForAsync, waitUntil } from '../shared/progress';
import { stopProcess } from '../shared/services';
import { runAlone } from './runAlone';

type Record = (name: string, message?: string) => void;
const PKG = 'n8n-nodes-engagement-monitor';
export const WEBHOOK_SECRET = 'e2e-Zq8r7Tn2wP5xL9kV3mB';
export const WEBHOOK_CREDENTIAL = { id: 'cmWebhookCred001', name: 'Check Monitor Webhook (e2e)' };
const SINK_CREDENTIAL = { id: 'ceWebhookSink001', name: 'sink (e2e)' };

/** Webhook Trigger → Note on the sink's contact: "<check> <to> <timestamp> test=<test>". */
export function webhookNoteWorkflow(
	id: string,
	webhookId: string,
	sinkContact: string,
	parameters: IDataObject,
	sink = SINK_CREDENTIAL,
	webhook = WEBHOOK_CREDENTIAL,
): IDataObject {
	return {
		id,
		name: `webhook trigger ${id}`,
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			{
				id: 'trigger',
				name: 'Trigger',
				type: `${PKG}.checkMonitorWebhookTrigger`,
				typeVersion: 1,
				position: [0, 0],
				webhookId,
				parameters: { events: ['down', 'up'], options: {}, ...parameters },
				credentials: { checkMonitorWebhook: webhook },
			},
			{
				id: 'note',
				name: 'Note',
				type: `${PKG}.customerEngagement`,
				typeVersion: 1,
				position: [200, 0],
				parameters: {
					resource: 'note',
					operation: 'create',
					contactId: { __rl: true, mode: 'id', value: sinkContact },
					text: '={{ $json.check.name }} {{ $json.to }} {{ $json.timestamp }} test={{ $json.test }}',
				},
				credentials: { customerEngagementApi: sink },
			},
		],
		connections: { Trigger: { main: [[{ node: 'Note', type: 'main', index: 0 }]] } },
	};
}

/** The integration as the trigger's panel says (a wrong secret, or another body, where asked). */
export const panelIntegration = (
	url: string,
	more: { secret?: string; body?: string } = {},
): { down: WebhookRequestSpec; up: WebhookRequestSpec } => {
	const spec: WebhookRequestSpec = {
		method: 'POST',
		url,
		body: more.body ?? REQUEST_BODY,
		headers: {
			'Content-Type': 'application/json',
			'X-Check-Monitor-Secret': more.secret ?? WEBHOOK_SECRET,
		},
	};
	return { down: spec, up: spec };
};

/**
 * A proxy in front of n8n processes, taking them in turn; `holdNext(ms)` keeps the next
 * answer that long after n8n gave it (n8n slow to answer), so the server retries.
 */
export async function roundRobinProxy(targets: string[]) {
	let next = 0;
	let hold = 0;
	const routed: string[] = [];
	const server = http.createServer((req, res) => {
		const target = new URL(targets[next++ % targets.length]);
		routed.push(target.port);
		const held = hold;
		hold = 0;
		const forward = http.request(
			{
				host: target.hostname,
				port: target.port,
				path: req.url,
				method: req.method,
				headers: req.headers,
			},
			(answer) => {
				const chunks: Buffer[] = [];
				answer.on('data', (chunk: Buffer) => chunks.push(chunk));
				answer.on('end', () =>
					setTimeout(() => {
						if (res.destroyed) return;
						res.writeHead(answer.statusCode ?? 502, answer.headers);
						res.end(Buffer.concat(chunks));
					}, held),
				);
			},
		);
		forward.on('error', () => res.destroy());
		req.pipe(forward);
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return {
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
		routed,
		holdNext: (ms: number) => (hold = ms),
		close: async () => {
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}

/** Until the production webhook answers (403 to a request without the secret), at most `ms`. */
export async function webhookRegistered(url: string, ms = 120_000): Promise<boolean> {
	return await waitForAsync(
		async () => (await fetch(url, { method: 'POST', body: '{}' })).status === 403,
		ms,
	);
}

/** The attempts of the server's log for one check, as "status|error message" lines. */
export const attemptsOf = (cm: CheckMonitorServer, uuid: string) =>
	cm.webhooks.log
		.filter((a) => a.check === uuid)
		.map(
			(a) =>
				`${a.attempt}:${a.status ?? a.error}${a.responseBody ? ` ${messageOf(a.responseBody)}` : ''}`,
		);

const messageOf = (body: string) => {
	try {
		return String((JSON.parse(body) as { message?: unknown }).message);
	} catch {
		return body;
	}
};

/** On `n8n` (single mode): the credentials and the workflow made in the editor, published from there. */
export async function webhookTriggerChecks(n8n: StartedN8n, record: Record): Promise<void> {
	const label = 'webhook trigger (single mode)';
	const sink = await new CustomerEngagementServer().start();
	const cm = await new CheckMonitorServer().start();
	let proxy: Awaited<ReturnType<typeof roundRobinProxy>> | undefined;
	try {
		const contact = String(sink.seedContact({ firstName: 'Sink' }).id);
		const webhookCredential = await n8n.editor.createCredential(
			WEBHOOK_CREDENTIAL.name,
			'checkMonitorWebhook',
			{ headerName: 'X-Check-Monitor-Secret', secret: WEBHOOK_SECRET },
		);
		const sinkCredential = await n8n.editor.createCredential(
			SINK_CREDENTIAL.name,
			'customerEngagementApi',
			{ baseUrl: sink.url, accessToken: CE_TOKEN },
		);
		const webhookId = '3f6c1a52-9d0e-4b7a-8e21-5c4d3b2a1f00';
		const workflow = webhookNoteWorkflow(
			'webhookE2e000001',
			webhookId,
			contact,
			{ options: { tags: 'prod' } },
			sinkCredential,
			webhookCredential,
		);
		await n8n.editor.publish(
			((await n8n.editor.call('POST', '/workflows', workflow)) as { id: string }).id,
		);
		const production = `${n8n.url}/webhook/${webhookId}/webhook`;
		if (!(await webhookRegistered(production)))
			return record(
				`${label} › the published trigger's production URL answers`,
				`no 403 from ${production} within 120 s`,
			);
		proxy = await roundRobinProxy([n8n.url]);

		cm.webhooks.allowPrivateIps = true;
		const up = (name: string, tags: string) => {
			const check = cm.seedCheck({ name, tags });
			cm.receivePing(check.uuid);
			return check;
		};
		const job = up('prod job', 'prod');
		const devJob = up('dev job', 'dev');
		const wrong = up('wrong secret', 'prod');
		const bad = up('bad body', 'prod');
		const integration = cm.addWebhookIntegration(
			{ name: 'n8n', ...panelIntegration(`${proxy.url}/webhook/${webhookId}/webhook`) },
			'none',
		);
		const wrongIntegration = cm.addWebhookIntegration(
			{ name: 'wrong secret', ...panelIntegration(production, { secret: 'not-the-secret-0123' }) },
			'none',
		);
		const badIntegration = cm.addWebhookIntegration(
			{
				name: 'bad body',
				...panelIntegration(production, { body: '{"event": "$STATUS", "check": "$NAME"}' }),
			},
			'none',
		);
		job.channels = [integration.id];
		devJob.channels = [integration.id];
		wrong.channels = [wrongIntegration.id];
		bad.channels = [badIntegration.id];

		const notes = () => sink.state.notes.map((n) => String(n.text));
		const flipAt = (check: typeof job) =>
			`${check.flips[check.flips.length - 1].created.toISOString().slice(0, 19)}+00:00`;
		const deliver = async (check: typeof job, action: string) => {
			// A change's key has whole seconds: one check's two downs in one second are one change.
			await new Promise((resolve) => setTimeout(resolve, 1100));
			cm.receivePing(check.uuid, action);
			await cm.webhooks.idle();
			return flipAt(check);
		};
		const expected: string[] = [];
		const down = await deliver(job, 'fail');
		expected.push(`prod job down ${down} test=false`);
		const upAt = await deliver(job, '');
		expected.push(`prod job up ${upAt} test=false`);
		// Past the server's 30 s (the real server's; at 4 s and at 10 s a loaded n8n once answered too late).
		proxy.holdNext(32_000);
		const retried = await deliver(job, 'fail');
		expected.push(`prod job down ${retried} test=false`);
		await deliver(wrong, 'fail');
		await deliver(bad, 'fail');
		await deliver(devJob, 'fail');
		cm.sendTestNotification(integration.id);
		await cm.webhooks.idle();
		await waitUntil(() => notes().length >= expected.length + 1, 60_000);
		await new Promise((resolve) => setTimeout(resolve, 3000));
		const production_ = notes().filter((n) => !n.startsWith('TEST '));
		const attempts = attemptsOf(cm, job.uuid);
		record(
			`${label} › a change to down and one to up each start one execution, the item as New Flip's`,
			expected.slice(0, 2).every((note) => production_.filter((n) => n === note).length === 1) &&
				attempts[0] === '1:200 Workflow was started'
				? undefined
				: `notes ${JSON.stringify(notes())}; attempts ${JSON.stringify(attempts)}`,
		);
		record(
			`${label} › a retry (the first answer held past the server's ${cm.webhooks.timeoutMs / 1000} s) is answered 200 and starts nothing`,
			JSON.stringify([...production_].sort()) === JSON.stringify([...expected].sort()) &&
				attempts.slice(2).join(' | ') ===
					'1:Connection timed out | 2:200 Received before; this change already started the workflow'
				? undefined
				: `notes ${JSON.stringify(notes())}; attempts ${JSON.stringify(attempts)}`,
		);
		const wrongAttempts = attemptsOf(cm, wrong.uuid);
		record(
			`${label} › a wrong secret: 403 on each of the server's 3 attempts, nothing started`,
			wrongAttempts.length === 3 &&
				wrongAttempts.every((a) =>
					a.includes(
						":403 Forbidden: the request has no X-Check-Monitor-Secret header, or not this trigger's secret in it",
					),
				) &&
				!notes().some((n) => n.startsWith('wrong'))
				? undefined
				: JSON.stringify(wrongAttempts),
		);
		const badAttempts = attemptsOf(cm, bad.uuid);
		record(
			`${label} › a bad body: 400 saying what to fix, on each attempt, nothing started`,
			badAttempts.length === 3 &&
				badAttempts.every((a) =>
					a.includes(
						':400 "check" is not a check with a "uuid": put $JSON (no quotes) in "check".',
					),
				) &&
				!notes().some((n) => n.startsWith('bad'))
				? undefined
				: JSON.stringify(badAttempts),
		);
		const devAttempts = attemptsOf(cm, devJob.uuid);
		record(
			`${label} › a change the Tags option leaves out: 200, nothing started`,
			JSON.stringify(devAttempts) ===
				JSON.stringify(['1:200 Received; nothing started: the check lacks the tag prod']) &&
				!notes().some((n) => n.startsWith('dev'))
				? undefined
				: JSON.stringify(devAttempts),
		);
		const tests = notes().filter((n) => n.startsWith('TEST '));
		record(
			`${label} › the server's test notification runs the workflow once, marked test`,
			tests.length === 1 && / down \S+ test=true$/.test(tests[0])
				? undefined
				: JSON.stringify(notes()),
		);
	} catch (error) {
		record(`${label} › runs`, (error as Error).message.slice(0, 1500));
	} finally {
		await proxy?.close();
		await cm.stop();
		await sink.stop();
	}
}

/** Alone: `npx tsx scripts/e2e/webhookTrigger.ts`, on N8N_VERSION, in an n8n of its own. */
if (require.main === module) {
	void runAlone('The Check Monitor Webhook Trigger', async (record) => {
		const folder = (
			await installPublished(n8nDir, mkdtempSync(path.join(os.tmpdir(), 'n8n-webhook-')))
		).folder;
		const n8n = await startWithEditor(folder, path.join(folder, 'n8n.log'), 240_000, {
			extraEnv: WITHOUT_EDITOR_UI,
		});
		if (!n8n)
			return record('webhook trigger › n8n starts', `not up within 240 s; see ${folder}/n8n.log`);
		try {
			await webhookTriggerChecks(n8n, record);
		} finally {
			await stopProcess(n8n.child);
		}
	});
}
