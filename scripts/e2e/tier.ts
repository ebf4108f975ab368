/**
 * The end-to-end tier on one n8n (N8N_VERSION): the package published to a local registry
 * and installed from there with that version's own Community Nodes steps
 * (scripts/release/), credentials pointing at the stand-in servers. One n8n, driven through
 * the editor's REST API as the editor drives it: lazy loading first (nothing of the package
 * loaded yet), then one workflow runs every operation of each node in a chain, the examples,
 * MCP and an AI Agent, while the webhook trigger (webhookTrigger.ts) gets its deliveries and
 * the push-and-poll example (pushPoll.ts) starts each change once.
 * Beside them, each in an n8n of its own: every trigger event published and polled on
 * schedule (triggers.ts), queue mode, `npm start` itself, the README's tarball recipe
 * (readmeInstall.ts) and n8n's own Community Nodes install (ownInstall.ts). Ends with
 * "N passed, N failed".
 *
 * matrix.ts publishes once for all versions and passes the registry in E2E_REGISTRY; run
 * alone (`npm run test:e2e`), this starts a registry of its own.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { IDataObject } from 'n8n-workflow';
import { CheckMonitorServer, CM_KEY, CM_PING_KEY } from '../../harness/servers/checkMonitorServer';
import { CE_TOKEN, CustomerEngagementServer } from '../../harness/servers/customerEngagementServer';
import { SANDBOX_WEBHOOK_SECRET } from '../../harness/servers/sandbox';
import { queueModeChecks } from './queueMode';
import { webhookTriggerChecks } from './webhookTrigger';
import { PUSH_POLL_WEBHOOK_ID, pushPollChecks } from './pushPoll';
import { startScriptChecks } from './startScript';
import { readmeInstallChecks } from './readmeInstall';
import {
	installPublished,
	publishedPackage,
	setPublishedPackage,
} from '../release/communityInstall';
import { lazyLoadingChecks, lazyLoadingStandIns } from './lazyLoading';
import { agentChecks } from './agent';
import { mcpChecks } from './mcp';
import { ownInstallChecks } from './ownInstall';
import { durableSchedulerAvailable, schedulerChecks } from './triggers';
import { ensureN8n, importWorkflows, N8N_VERSION, n8nCli, n8nDir } from '../shared/n8nRuntime';
import { startWithEditor, type EditorSession, type StartedN8n } from '../shared/editorSession';
import { stopProcess } from '../shared/services';
import { packPackage } from '../release/pack';
import { publishTarball, startRegistry, type LocalRegistry } from '../release/registry';
import { exitWhenPrinted } from '../shared/exitWhenPrinted';
import { builtDescription } from '../../harness/nodeOperations';
import {
	chain,
	chainChecks,
	checkMonitorSteps,
	CREDENTIALS,
	customerEngagementSteps,
	everyOperation,
	expect,
	type Step,
} from './operations';

/** The committed examples that run by hand ("Run now", as the editor runs it): nightly upsert of checks, run twice; then the pings. */
async function exampleWorkflows(
	editor: EditorSession,
	ce: CustomerEngagementServer,
	cm: CheckMonitorServer,
	record: (name: string, message?: string) => void,
) {
	const outcomes: string[][] = [];
	for (let run = 0; run < 2; run++) {
		try {
			const { runData } = (await editor.runToEnd('exNightlyUpsert', 'Run now')).resultData;
			const items =
				(((runData['Create or update check']?.[0]?.data as IDataObject)?.main as IDataObject[][]) ??
					[])[0] ?? [];
			outcomes.push(items.map((item) => String((item.json as IDataObject).outcome)));
		} catch (error) {
			outcomes.push([`failed: ${(error as Error).message.slice(0, 600)}`]);
		}
	}
	const names = [...cm.checks.values()]
		.map((c) => c.name)
		.filter((n) => ['Nightly backup', 'Invoice export', 'Search index rebuild'].includes(n));

	// The pings example: start, the work, success with a body (the check made by the upsert above).
	let pings: string;
	ce.seedContact({ firstName: 'Exported', email: 'exported@example.com' });
	const contacts = ce.state.contacts.size;
	try {
		const { error } = (await editor.runToEnd('exNightlyJobPings', 'Run now')).resultData;
		const backup = [...cm.checks.values()].find((c) => c.slug === 'nightly-backup');
		const logged = (backup?.pings ?? []).map((p) => ({
			type: p.type,
			rid: p.rid,
			body: p.body?.toString('utf8') ?? null,
		}));
		pings =
			!error &&
			logged.length === 2 &&
			logged[0].type === 'start' &&
			logged[1].type === 'success' &&
			logged[0].rid !== null &&
			logged[0].rid === logged[1].rid &&
			logged[1].body === `exported ${contacts} contacts`
				? ''
				: `error ${JSON.stringify(error?.message ?? null)}, pings ${JSON.stringify(logged)}`;
	} catch (error) {
		pings = `failed: ${(error as Error).message.slice(0, 300)}`;
	}
	record(
		'examples › nightly job pings start, then success with the run ID of the execution and a body',
		pings || undefined,
	);
	record(
		'examples › nightly upsert creates three checks, then updates the same three',
		expect(
			JSON.stringify(outcomes) ===
				JSON.stringify([
					['created', 'created', 'created'],
					['updated', 'updated', 'updated'],
				]) && names.length === 3,
			`outcomes ${JSON.stringify(outcomes)}, checks ${JSON.stringify(names)}`,
		),
	);
}

/**
 * The tier's own n8n: the operations' chains, lazy loading, the examples, MCP, the AI Agent
 * and the webhook trigger, on the user folder the install above made.
 */
async function tierN8nChecks(
	userFolder: string,
	record: (name: string, message?: string) => void,
): Promise<void> {
	const ce = await new CustomerEngagementServer().start();
	const cm = await new CheckMonitorServer().start();
	cm.seedChannel('ops-email');
	const seeded = cm.seedCheck({ name: 'Seeded', tags: 'seeded' });
	cm.receivePing(seeded.uuid, 'start');
	cm.receivePing(seeded.uuid, '', '{"files": 42}');

	const work = mkdtempSync(path.join(os.tmpdir(), 'n8n-e2e-'));
	const file = (name: string, data: unknown) => {
		const target = path.join(work, name);
		writeFileSync(target, JSON.stringify(data, null, 2));
		return target;
	};
	const lazy = await lazyLoadingStandIns();
	await n8nCli(userFolder, [
		'import:credentials',
		`--input=${file('credentials.json', [
			...lazy.credentials,
			{
				...CREDENTIALS.customerEngagementApi,
				type: 'customerEngagementApi',
				data: { baseUrl: `${ce.url}/`, accessToken: CE_TOKEN },
			},
			{
				...CREDENTIALS.checkMonitorApi,
				type: 'checkMonitorApi',
				data: { baseUrl: cm.url, apiKey: CM_KEY, pingKey: CM_PING_KEY },
			},
			// The instant-flips example's credential (the example is imported with the others).
			{
				id: 'cmWebhookSandbox1',
				name: 'Check Monitor Webhook sandbox',
				type: 'checkMonitorWebhook',
				data: { headerName: 'X-Check-Monitor-Secret', secret: SANDBOX_WEBHOOK_SECRET },
			},
		])}`,
	]);

	// Every operation the build declares runs here (operations.ts: a new one needs no step of its own).
	const ceSteps = everyOperation(
		'customerEngagement',
		builtDescription('customerEngagement'),
		customerEngagementSteps(ce),
	);
	const cmSteps = everyOperation(
		'checkMonitor',
		builtDescription('checkMonitor'),
		checkMonitorSteps(seeded),
	);
	const workflows: Array<{ id: string; steps: Step[]; workflow: IDataObject }> = [
		{
			id: 'e2eCustomerEng1',
			steps: ceSteps,
			workflow: chain('e2eCustomerEng1', 'Customer Engagement: every operation', ceSteps),
		},
		{
			id: 'e2eCheckMonitor1',
			steps: cmSteps,
			workflow: chain('e2eCheckMonitor1', 'Check Monitor: every operation', cmSteps),
		},
	];
	const examples = path.join(__dirname, '..', '..', 'examples');
	const exampleFiles = readdirSync(examples).filter((f) => f.endsWith('.json'));
	await importWorkflows(userFolder, [
		...workflows.map((w) => w.workflow),
		...exampleFiles.map((f) => JSON.parse(readFileSync(path.join(examples, f), 'utf8')) as object),
	]);

	if (process.env.E2E_TRACE) {
		const shown = new Map<object, number>();
		setInterval(() => {
			for (const server of [ce, cm]) {
				const lines = server.requestLines();
				for (const line of lines.slice(shown.get(server) ?? 0))
					console.log(`[trace] ${new Date().toISOString()} ${line}`);
				shown.set(server, lines.length);
			}
		}, 1000).unref();
		console.log(`[trace] seeded check ${seeded.uuid}`);
	}
	// One n8n for the rest, driven as the editor drives it; its debug log shows how it loaded the
	// package (debug for the whole run: more log, little CPU beside the runs).
	const logFile = path.join(work, 'n8n.log');
	let n8n: StartedN8n | undefined;
	try {
		n8n = await startWithEditor(userFolder, logFile, 480_000, {
			background: true,
			extraEnv: { N8N_LOG_LEVEL: 'debug', N8N_LOG_OUTPUT: 'console' },
		});
		if (!n8n)
			record(
				'n8n starts with the package',
				`not up within 480 s; the end of its log:\n${readFileSync(logFile, 'utf8').slice(-2000)}`,
			);
		else {
			const tierN8n = n8n;
			// The editor's side of lazy loading first, while n8n has loaded no class of the package.
			await lazyLoadingChecks(tierN8n, lazy, record);
			await Promise.allSettled([
				(async () => {
					for (const { id: workflowId, steps } of workflows)
						await chainChecks(tierN8n, workflowId, steps, record);
					await exampleWorkflows(tierN8n.editor, ce, cm, record);
					// The MCP example, used by a real MCP client.
					await mcpChecks(tierN8n, ce, cm, record);
					// An AI Agent using the tools, with a scripted OpenAI-compatible model on 127.0.0.1.
					await agentChecks(tierN8n, ce, cm, record);
				})().catch((error: Error) =>
					record('operations, examples, MCP and agent › run', error.message.slice(0, 600)),
				),
				// The webhook trigger fed by the stand-in's Webhook integration (stand-ins of its own).
				webhookTriggerChecks(tierN8n, record),
				// Push and poll joined, each change once: the example with stand-ins of its own.
				pushPollChecks(
					{
						label: 'push and poll (single mode)',
						editor: tierN8n.editor,
						pushTo: tierN8n.url,
						workflowId: 'pushPollE2e00001',
						webhookId: PUSH_POLL_WEBHOOK_ID,
						burst: 50,
					},
					record,
				),
			]);
		}
	} catch (error) {
		record('n8n starts with the package', (error as Error).message.slice(0, 600));
	} finally {
		await stopProcess(n8n?.child);
		await lazy.stop();
	}
	await ce.stop();
	await cm.stop();
}

async function main() {
	const results: Array<{ name: string; ok: boolean; message?: string }> = [];
	const record = (name: string, message?: string) => {
		results.push({ name, ok: !message, message });
		console.log(`${message ? '✗' : '✓'} ${name}${message ? `: ${message}` : ''}`);
	};

	await ensureN8n();
	console.log(`End-to-end tier on n8n ${N8N_VERSION}`);
	if (!publishedPackage()) {
		ownRegistry = await startRegistry();
		setPublishedPackage({
			registry: ownRegistry.url,
			...(await publishTarball(ownRegistry, await packPackage())),
		});
	}
	const published = publishedPackage()!;
	let userFolder: string;
	try {
		const installed = await installPublished(n8nDir);
		userFolder = installed.folder;
		const { steps } = installed;
		record(
			`install › ${published.name}@${published.version} from the registry with n8n ${N8N_VERSION}'s own steps (npm pack ${steps.packFlags.join(' ')}; tar ${steps.tarFlags.join(' ')}; without ${steps.droppedFields.join(', ')}; npm install ${steps.installFlags.join(' ')}) in ${(installed.ms / 1000).toFixed(1)} s`,
			installedAsN8nDoes(userFolder, published.name, published.version),
		);
	} catch (error) {
		record(
			`install › ${published.name}@${published.version} from the registry with n8n ${N8N_VERSION}'s own steps`,
			(error as Error).message.slice(0, 1500),
		);
		await ownRegistry?.stop();
		return finish(results);
	}
	// The parts that mostly wait for n8n's minute ticks run beside the rest, each with an n8n,
	// a user folder and stand-in servers of its own.
	const beside = [
		// Every trigger event, published and polled on schedule: in memory, and under the
		// durable scheduler where n8n has it for poll triggers (2.41 on).
		schedulerChecks('in-memory', record),
		...(durableSchedulerAvailable() ? [schedulerChecks('durable', record)] : []),
		// Queue mode: Redis, PostgreSQL, a main and two workers; E2E_QUEUE=0 skips it.
		...(process.env.E2E_QUEUE !== '0' ? [queueModeChecks(record)] : []),
		// npm start itself (ports, kept data, reset, examples that fire); E2E_START=0 skips it.
		...(process.env.E2E_START !== '0' ? [startScriptChecks(record)] : []),
		// The README's tarball recipe, as written, in a clone (with npm start: newest n8n only).
		...(process.env.E2E_START !== '0' ? [readmeInstallChecks(record)] : []),
		// n8n's own Community Nodes install leaves the files the install above left.
		ownInstallChecks(userFolder, record),
	];
	// The tier's own n8n, beside them.
	await Promise.allSettled([
		tierN8nChecks(userFolder, record).catch((error: Error) =>
			record("the tier's own n8n › runs", error.message.slice(0, 1500)),
		),
		...beside,
	]);
	await ownRegistry?.stop();
	finish(results);
}

/**
 * What n8n's install leaves, checked: the package in nodes/node_modules/<name> without the
 * dependency fields n8n drops, nothing installed beside it (no runtime dependencies, so no
 * nested node_modules), and the version recorded in <user folder>/nodes/package.json.
 */
function installedAsN8nDoes(userFolder: string, name: string, version: string): string | undefined {
	const nodesDir = path.join(userFolder, '.n8n', 'nodes');
	const packageDir = path.join(nodesDir, 'node_modules', name);
	const packageJson = JSON.parse(
		readFileSync(path.join(packageDir, 'package.json'), 'utf8'),
	) as IDataObject;
	const nodes = JSON.parse(readFileSync(path.join(nodesDir, 'package.json'), 'utf8')) as {
		dependencies?: Record<string, string>;
	};
	const problems = [
		...['devDependencies', 'peerDependencies', 'optionalDependencies']
			.filter((field) => field in packageJson)
			.map((field) => `${field} kept`),
		...(packageJson.version === version ? [] : [`version ${String(packageJson.version)}`]),
		...(nodes.dependencies?.[name] === version
			? []
			: [`nodes/package.json records ${JSON.stringify(nodes.dependencies)}`]),
		...(readdirSync(packageDir).includes('node_modules')
			? [
					`dependencies installed beside it: ${readdirSync(path.join(packageDir, 'node_modules')).join(', ')}`,
				]
			: []),
		...(readdirSync(path.join(packageDir, 'dist', 'known'))
			.sort()
			.join(',') === 'credentials.json,nodes.json'
			? []
			: ['no lazy-loading metadata in dist/known']),
	];
	return problems.length ? problems.join('; ') : undefined;
}

function finish(results: Array<{ name: string; ok: boolean; message?: string }>) {
	const passed = results.filter((r) => r.ok).length;
	const failed = results.length - passed;
	writeFileSync(
		process.env.E2E_RESULTS ?? path.join(__dirname, '..', '..', '.e2e-results.json'),
		JSON.stringify({ n8nVersion: N8N_VERSION, passed, failed, results }, null, 1),
	);
	exitWhenPrinted(`\n${passed} passed, ${failed} failed`, failed === 0 && passed > 0 ? 0 : 1);
}

/** The registry this run started itself (none when matrix.ts passed one); stopped on every way out. */
let ownRegistry: LocalRegistry | undefined;

main().catch(async (error) => {
	console.error(error);
	await ownRegistry?.stop();
	exitWhenPrinted('\n0 passed, 1 failed', 1);
});
