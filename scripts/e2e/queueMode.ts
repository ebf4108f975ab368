/**
 * End-to-end in queue mode (part of the end-to-end tier): Redis and PostgreSQL on
 * 127.0.0.1, an n8n main with EXECUTIONS_MODE=queue and two `n8n worker` processes, each
 * with its own user folder holding the installed package, as a queue-mode user runs it.
 *
 * Checks: production executions of both action nodes (started by a webhook on the main)
 * run on the workers with exactly the requests expected; a published Customer Engagement
 * Trigger, polled by the main, emits each inserted visit exactly once across a main
 * restart between polls. A Check Monitor Webhook Trigger's production webhooks go to an
 * `n8n webhook` process: the stand-in server's delivery starts one execution on a worker,
 * and a retry (its first answer held past the server's time limit) that reaches the main, a
 * process of its own, starts none. The push-and-poll example (pushPoll.ts): pushes to the
 * webhook process, polls on the main, each change one run on the workers. Everything started
 * is stopped by PID.
 */
import { type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { IDataObject } from 'n8n-workflow';
import { CheckMonitorServer, CM_KEY } from '../../harness/servers/checkMonitorServer';
import { CE_TOKEN, CustomerEngagementServer } from '../../harness/servers/customerEngagementServer';
import { installPublished } from '../release/communityInstall';
import { editorSession, setUpOwner } from '../shared/editorSession';
import { n8nDir, startN8n, WITHOUT_EDITOR_UI } from '../shared/n8nRuntime';
import { freePort } from '../shared/ports';
import { waitUntil } from '../shared/progress';
import {
	ensureServerPackages,
	startPostgres,
	startRedis,
	stopProcess,
	type Service,
} from '../shared/services';
import { runAlone } from './runAlone';
import { PUSH_POLL_WEBHOOK_ID, pushPollChecks } from './pushPoll';
import {
	attemptsOf,
	panelIntegration,
	roundRobinProxy,
	WEBHOOK_CREDENTIAL,
	WEBHOOK_SECRET,
	webhookNoteWorkflow,
	webhookRegistered,
} from './webhookTrigger';

type Record = (name: string, message?: string) => void;
const PKG = 'n8n-nodes-engagement-monitor';
type Credential = { id: string; name: string };
/** The credentials made in the editor on the main. */
interface QueueCredentials {
	ce: Credential;
	cm: Credential;
	webhook: Credential;
}

/** Checks down at once in the push-and-poll check (its executions spread over two workers). */
const QUEUE_BURST = 50;

const read = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : '');
const startedOnWorker = (logs: string[]) =>
	logs
		.map(read)
		.join('\n')
		.match(/Worker started execution/g)?.length ?? 0;

function webhookWorkflow(credentials: QueueCredentials): IDataObject {
	const node = (
		name: string,
		x: number,
		type: string,
		parameters: IDataObject,
		credentials?: IDataObject,
	) => ({
		id: name.replace(/\W/g, ''),
		name,
		type,
		typeVersion: type.endsWith('webhook') ? 2 : 1,
		position: [x, 0],
		parameters,
		...(credentials ? { credentials } : {}),
	});
	return {
		id: 'queueWebhook0001',
		name: 'queue: both action nodes from a webhook',
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			{
				...node('Webhook', 0, 'n8n-nodes-base.webhook', {
					httpMethod: 'POST',
					path: 'queue-e2e',
					responseMode: 'lastNode',
					options: {},
				}),
				webhookId: 'b7f1c3a0-5d5e-4a8e-9d43-3c0a9e1f0a01',
			},
			node(
				'Create contact',
				200,
				`${PKG}.customerEngagement`,
				{ resource: 'contact', operation: 'create', email: '={{ $json.body.email }}' },
				{ customerEngagementApi: credentials.ce },
			),
			node(
				'Get contact',
				400,
				`${PKG}.customerEngagement`,
				{
					resource: 'contact',
					operation: 'get',
					contactId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
				},
				{ customerEngagementApi: credentials.ce },
			),
			node(
				'Create check',
				600,
				`${PKG}.checkMonitor`,
				{
					resource: 'check',
					operation: 'create',
					additionalFields: { name: "={{ $('Webhook').item.json.body.check }}" },
				},
				{ checkMonitorApi: credentials.cm },
			),
			node(
				'Get check',
				800,
				`${PKG}.checkMonitor`,
				{
					resource: 'check',
					operation: 'get',
					checkId: { __rl: true, mode: 'id', value: '={{ $json.uuid }}' },
				},
				{ checkMonitorApi: credentials.cm },
			),
		],
		connections: Object.fromEntries(
			['Webhook', 'Create contact', 'Get contact', 'Create check'].map((from, i) => [
				from,
				{
					main: [
						[
							{
								node: ['Create contact', 'Get contact', 'Create check', 'Get check'][i],
								type: 'main',
								index: 0,
							},
						],
					],
				},
			]),
		),
	};
}

function visitTriggerWorkflow(contactId: string, credentials: QueueCredentials): IDataObject {
	return {
		id: 'queueVisitNote01',
		name: 'queue: new visit → note',
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			{
				id: 't',
				name: 'Trigger',
				type: `${PKG}.customerEngagementTrigger`,
				typeVersion: 1,
				position: [0, 0],
				parameters: { event: 'newVisit', pollTimes: { item: [{ mode: 'everyMinute' }] } },
				credentials: { customerEngagementApi: credentials.ce },
			},
			{
				id: 'n',
				name: 'Note',
				type: `${PKG}.customerEngagement`,
				typeVersion: 1,
				position: [200, 0],
				parameters: {
					resource: 'note',
					operation: 'create',
					contactId: { __rl: true, mode: 'id', value: contactId },
					text: '=visit {{ $json.id }}',
				},
				credentials: { customerEngagementApi: credentials.ce },
			},
		],
		connections: { Trigger: { main: [[{ node: 'Note', type: 'main', index: 0 }]] } },
	};
}

export async function queueModeChecks(record: Record): Promise<void> {
	const services: Service[] = [];
	const processes: ChildProcess[] = [];
	let main: ChildProcess | undefined;
	const ce = await new CustomerEngagementServer().start();
	const cm = await new CheckMonitorServer().start();
	let proxy: Awaited<ReturnType<typeof roundRobinProxy>> | undefined;
	try {
		await ensureServerPackages();
		const redis = await startRedis();
		services.push(redis);
		const work = mkdtempSync(path.join(os.tmpdir(), 'n8n-queue-'));
		// Every process has its own user folder with the package installed from the registry
		// by n8n's steps, as on separate hosts.
		const install = async (name: string) =>
			(await installPublished(n8nDir, mkdtempSync(path.join(work, name)))).folder;
		const [postgres, mainFolder, workerFolders, webhookFolder] = await Promise.all([
			startPostgres(),
			install('main-'),
			Promise.all([install('worker1-'), install('worker2-')]),
			install('webhook-'),
		]);
		services.push(postgres);
		const shared = {
			EXECUTIONS_MODE: 'queue',
			QUEUE_BULL_REDIS_HOST: '127.0.0.1',
			QUEUE_BULL_REDIS_PORT: String(redis.port),
			DB_TYPE: 'postgresdb',
			DB_POSTGRESDB_HOST: '127.0.0.1',
			DB_POSTGRESDB_PORT: String(postgres.port),
			DB_POSTGRESDB_DATABASE: 'n8n',
			DB_POSTGRESDB_USER: 'postgres',
			DB_POSTGRESDB_PASSWORD: '',
			// Main and workers must share the key that encrypts credentials.
			N8N_ENCRYPTION_KEY: 'queue-e2e-shared-encryption-key',
			N8N_LOG_LEVEL: 'info',
			...WITHOUT_EDITOR_UI,
		};
		const contact = ce.seedContact({ firstName: 'Queue', phone: '+15550300' });
		const flipsWebhookId = '9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

		const mainPort = await freePort();
		const mainLog = path.join(mainFolder, 'main.log');
		const startMain = async () => {
			main = startN8n(mainFolder, mainPort, {
				brokerPort: await freePort(),
				logFile: mainLog,
				extraEnv: shared,
			});
			const offset = read(mainLog).length;
			return await waitUntil(
				() => /Editor is now accessible via/.test(read(mainLog).slice(offset)),
				180_000,
			);
		};
		// The main first: it sets up the new database, which the others then use as it is.
		const mainReady = await startMain();
		const workerLogs = workerFolders.map((folder) => path.join(folder, 'worker.log'));
		// Production webhooks go to an `n8n webhook` process, as behind a queue-mode load balancer.
		const webhookPort = await freePort();
		const webhookLog = path.join(webhookFolder, 'webhook.log');
		if (mainReady) {
			for (const [i, folder] of workerFolders.entries()) {
				processes.push(
					startN8n(folder, await freePort(), {
						command: ['worker', '--concurrency=5'],
						brokerPort: await freePort(),
						logFile: workerLogs[i],
						extraEnv: shared,
					}),
				);
			}
			processes.push(
				startN8n(webhookFolder, webhookPort, {
					command: ['webhook'],
					brokerPort: await freePort(),
					logFile: webhookLog,
					extraEnv: shared,
				}),
			);

			// Meanwhile, credentials and workflows made and published in the editor, on the main.
			const mainUrl = `http://127.0.0.1:${mainPort}`;
			await setUpOwner(mainUrl);
			const editor = await editorSession(mainUrl);
			const credentials: QueueCredentials = {
				ce: await editor.createCredential('Customer Engagement (queue)', 'customerEngagementApi', {
					baseUrl: ce.url,
					accessToken: CE_TOKEN,
				}),
				cm: await editor.createCredential('Check Monitor (queue)', 'checkMonitorApi', {
					baseUrl: cm.url,
					apiKey: CM_KEY,
				}),
				webhook: await editor.createCredential(WEBHOOK_CREDENTIAL.name, 'checkMonitorWebhook', {
					headerName: 'X-Check-Monitor-Secret',
					secret: WEBHOOK_SECRET,
				}),
			};
			for (const workflow of [
				webhookWorkflow(credentials),
				visitTriggerWorkflow(String(contact.id), credentials),
				webhookNoteWorkflow(
					'queueFlipNote001',
					flipsWebhookId,
					String(contact.id),
					{},
					credentials.ce,
					credentials.webhook,
				),
			]) {
				await editor.publish(
					((await editor.call('POST', '/workflows', workflow)) as { id: string }).id,
				);
			}
		}
		const workersReady =
			mainReady &&
			(await waitUntil(
				() =>
					workerLogs.every((log) =>
						/n8n worker is now ready|Worker ready|worker is now ready/i.test(read(log)),
					),
				180_000,
			));
		record(
			'queue mode › a main and two workers start on Redis and PostgreSQL',
			workersReady && mainReady
				? undefined
				: `main ready: ${mainReady}, workers ready: ${workersReady}; see ${mainLog}, ${workerLogs.join(', ')}`,
		);
		if (!workersReady || !mainReady) return;

		// 1. Production executions of both action nodes run on the workers.
		const activated = await waitUntil(
			() => ce.requests.some((r) => r.path === '/v1/visits'),
			120_000,
		);
		ce.clearLog();
		cm.clearLog();
		const onWorkersBefore = startedOnWorker(workerLogs);
		const answers: IDataObject[] = [];
		for (const n of [1, 2]) {
			// n8n activates published workflows in parallel, so the trigger's first poll does not
			// mean the webhook is registered yet (a loaded machine answered 404 "not registered").
			// That 404 starts no execution, so asking again cannot run anything twice.
			const send = () =>
				fetch(`http://127.0.0.1:${mainPort}/webhook/queue-e2e`, {
					method: 'POST',
					headers: { 'Content-Type': 'application/json' },
					body: JSON.stringify({ email: `queue${n}@example.com`, check: `queue check ${n}` }),
				});
			let response = await send();
			for (
				const deadline = Date.now() + 60_000;
				response.status === 404 && Date.now() < deadline;
				response = await send()
			) {
				await response.text();
				await new Promise((resolve) => setTimeout(resolve, 1000));
			}
			answers.push(
				response.ok
					? ((await response.json()) as IDataObject)
					: { status: response.status, text: await response.text() },
			);
		}
		const ceRequests = ce.requests
			.filter((r) => r.path !== '/v1/visits')
			.map((r) => `${r.method} ${r.path.replace(/[^/]+$/, (id) => (id.length > 8 ? ':id' : id))}`);
		const cmRequests = cm.requests.map(
			(r) => `${r.method} ${r.path.replace(/[0-9a-f-]{36}/, ':uuid')}`,
		);
		const expectedCe = [
			'POST /v1/contacts',
			'GET /v1/contacts/:id',
			'POST /v1/contacts',
			'GET /v1/contacts/:id',
		];
		const expectedCm = [
			'POST /api/v3/checks/',
			'GET /api/v3/checks/:uuid',
			'POST /api/v3/checks/',
			'GET /api/v3/checks/:uuid',
		];
		record(
			'queue mode › webhook executions of both action nodes answer with the last node',
			answers.every((a, i) => a.name === `queue check ${i + 1}`)
				? undefined
				: `answers: ${JSON.stringify(answers).slice(0, 500)}`,
		);
		record(
			'queue mode › exactly the requests expected reached both APIs',
			JSON.stringify(ceRequests) === JSON.stringify(expectedCe) &&
				JSON.stringify(cmRequests) === JSON.stringify(expectedCm)
				? undefined
				: `customer engagement: ${JSON.stringify(ceRequests)}; check monitor: ${JSON.stringify(cmRequests)}`,
		);
		const onWorkers = startedOnWorker(workerLogs) - onWorkersBefore;
		record(
			'queue mode › both executions ran on the workers',
			onWorkers === 2 ? undefined : `workers started ${onWorkers} executions (expected 2)`,
		);

		// 2. The trigger, polled by the main, across a main restart between polls.
		if (!activated) {
			record('queue mode › the published trigger polls on the main', 'no poll within 120 s');
			return;
		}
		const notes = () =>
			ce.state.notes.filter((n) => String(n.text).startsWith('visit ')).map((n) => String(n.text));
		const inserted = [ce.seedVisit({ contactId: String(contact.id) })];
		await waitUntil(() => notes().length >= 1, 150_000);
		await stopProcess(main);
		inserted.push(
			ce.seedVisit({ contactId: String(contact.id) }),
			ce.seedVisit({ contactId: String(contact.id) }),
		);
		await startMain();
		await waitUntil(() => notes().length >= 3, 150_000);
		inserted.push(ce.seedVisit({ contactId: String(contact.id) }));
		await waitUntil(() => notes().length >= 4, 150_000);
		await new Promise((resolve) => setTimeout(resolve, 3000));
		const expected = inserted.map((v) => `visit ${String(v.id)}`).sort();
		record(
			'queue mode › a published trigger emits each inserted visit exactly once across a main restart',
			JSON.stringify(notes().sort()) === JSON.stringify(expected)
				? undefined
				: `notes ${JSON.stringify(notes())}, visits ${JSON.stringify(expected)}`,
		);

		// 3. The webhook trigger: the first attempt to the webhook process, its retry to the main.
		const webhookReady = await waitUntil(
			() => /Webhook listener waiting for requests/.test(read(webhookLog)),
			120_000,
		);
		const production = (port: number) =>
			`http://127.0.0.1:${port}/webhook/${flipsWebhookId}/webhook`;
		if (
			!webhookReady ||
			!(await webhookRegistered(production(webhookPort))) ||
			!(await webhookRegistered(production(mainPort)))
		) {
			record(
				"queue mode › a webhook trigger's change, retried to another process, starts one execution",
				`the webhook process (ready: ${webhookReady}) or the main did not answer ${production(0)}; see ${webhookLog}`,
			);
			return;
		}
		proxy = await roundRobinProxy([
			`http://127.0.0.1:${webhookPort}`,
			`http://127.0.0.1:${mainPort}`,
		]);
		cm.webhooks.allowPrivateIps = true;
		const job = cm.seedCheck({ name: 'queue job' });
		cm.receivePing(job.uuid);
		const integration = cm.addWebhookIntegration(
			{
				name: 'n8n (queue)',
				...panelIntegration(`${proxy.url}/webhook/${flipsWebhookId}/webhook`),
			},
			'none',
		);
		job.channels = [integration.id];
		const flipNotes = () =>
			ce.state.notes.map((n) => String(n.text)).filter((n) => n.startsWith('queue job '));
		const onWorkersBeforeFlip = startedOnWorker(workerLogs);
		// Past the server's 30 s (the real server's; at 4 s and at 10 s a loaded n8n once answered too late).
		proxy.holdNext(32_000);
		cm.receivePing(job.uuid, 'fail');
		await cm.webhooks.idle();
		await waitUntil(() => flipNotes().length >= 1, 60_000);
		await new Promise((resolve) => setTimeout(resolve, 5000));
		const attempts = attemptsOf(cm, job.uuid);
		const routed = proxy.routed.map((port) =>
			port === String(webhookPort) ? 'webhook process' : 'main',
		);
		record(
			"queue mode › a webhook trigger's change reaches an `n8n webhook` process, runs on a worker; its retry, reaching the main, starts nothing",
			flipNotes().length === 1 &&
				startedOnWorker(workerLogs) - onWorkersBeforeFlip === 1 &&
				attempts.join(' | ') ===
					'1:Connection timed out | 2:200 Received before; this change already started the workflow' &&
				routed.join(',') === 'webhook process,main'
				? undefined
				: `notes ${JSON.stringify(flipNotes())}; attempts ${JSON.stringify(attempts)}; routed to ${routed.join(', ')}; worker executions ${startedOnWorker(workerLogs) - onWorkersBeforeFlip}`,
		);

		// 4. Push and poll joined: pushes to the webhook process, polls on the main, runs on the workers.
		await pushPollChecks(
			{
				label: 'queue mode › push and poll',
				editor: await editorSession(`http://127.0.0.1:${mainPort}`),
				pushTo: `http://127.0.0.1:${webhookPort}`,
				workflowId: 'queuePushPoll001',
				webhookId: PUSH_POLL_WEBHOOK_ID,
				burst: QUEUE_BURST,
			},
			record,
		);
	} catch (error) {
		record('queue mode › runs', (error as Error).message.slice(0, 1500));
	} finally {
		await proxy?.close();
		await stopProcess(main);
		for (const child of processes) await stopProcess(child);
		for (const service of services.reverse()) await service.stop();
		await ce.stop();
		await cm.stop();
	}
}

/** Alone: `npx tsx scripts/e2e/queueMode.ts`, on N8N_VERSION. */
if (require.main === module) void runAlone('Queue mode', queueModeChecks);
