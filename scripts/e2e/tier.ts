/**
 * The end-to-end tier on one n8n (N8N_VERSION): the package published to a local registry
 * and installed from there with that version's own Community Nodes steps
 * (scripts/release/), credentials pointing at the stand-in servers. One n8n, driven through
 * the editor's REST API as the editor drives it: lazy loading first (nothing of the package
 * loaded yet), then one workflow runs every operation of each node in a chain, the examples,
 * MCP and an AI Agent, while the webhook trigger (webhookTrigger.ts) gets its deliveries.
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
import { startScriptChecks } from './startScript';
import { readmeInstallChecks } from './readmeInstall';
import { installPublished, publishedPackage, setPublishedPackage } from '../release/communityInstall';
import { lazyLoadingChecks, lazyLoadingStandIns } from './lazyLoading';
import { agentChecks } from './agent';
import { mcpChecks } from './mcp';
import { ownInstallChecks } from './ownInstall';
import { durableSchedulerAvailable, schedulerChecks } from './triggers';
import { ensureN8n, importWorkflows, N8N_VERSION, n8nCli, n8nDir } from '../shared/n8nRuntime';
import { startWithEditor, type EditorSession, type RunData, type StartedN8n } from '../shared/editorSession';
import { stopProcess } from '../shared/services';
import { packPackage } from '../release/pack';
import { publishTarball, startRegistry, type LocalRegistry } from '../release/registry';
import { exitWhenPrinted } from '../shared/exitWhenPrinted';
import { contractOperations } from '../../harness/nodeContract';

type Check = (items: IDataObject[]) => string | undefined;
interface Step {
	name: string;
	node: 'customerEngagement' | 'checkMonitor' | 'customerEngagementTrigger' | 'checkMonitorTrigger';
	parameters: IDataObject;
	check: Check;
}

const PKG = 'n8n-nodes-engagement-monitor';
const CREDENTIALS = {
	customerEngagementApi: { id: 'ceSandboxCred01', name: 'Customer Engagement sandbox' },
	checkMonitorApi: { id: 'cmSandboxCred01', name: 'Check Monitor sandbox' },
};
const credentialFor = (node: Step['node']) => (node.startsWith('customer') ? 'customerEngagementApi' : 'checkMonitorApi');

const id = (expression: string) => ({ __rl: true, mode: 'id', value: expression });
const ref = (node: string, field = 'id') => `={{ $('${node}').item.json.${field} }}`;
const expect = (ok: boolean, message: string) => (ok ? undefined : message);
const first = (items: IDataObject[]) => items[0] ?? {};

/** A workflow: Manual Trigger → step 1 → step 2 → … (each step runs once). */
function chain(workflowId: string, name: string, steps: Step[]): IDataObject {
	const nodes: IDataObject[] = [
		{ id: 'start', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
	];
	const connections: IDataObject = {};
	let previous = 'Start';
	steps.forEach((step, index) => {
		const credential = credentialFor(step.node);
		nodes.push({
			id: `n${index}`,
			name: step.name,
			type: `${PKG}.${step.node}`,
			typeVersion: 1,
			position: [200 * (index + 1), 0],
			parameters: step.parameters,
			executeOnce: true,
			credentials: { [credential]: CREDENTIALS[credential] },
		});
		connections[previous] = { main: [[{ node: step.name, type: 'main', index: 0 }]] };
		previous = step.name;
	});
	return { id: workflowId, name, active: false, nodes, connections, settings: { executionOrder: 'v1' } };
}

/** The committed examples that run by hand ("Run now", as the editor runs it): nightly upsert of checks, run twice; then the pings. */
async function exampleWorkflows(editor: EditorSession, ce: CustomerEngagementServer, cm: CheckMonitorServer, record: (name: string, message?: string) => void) {
	const outcomes: string[][] = [];
	for (let run = 0; run < 2; run++) {
		try {
			const { runData } = (await editor.runToEnd('exNightlyUpsert', 'Run now')).resultData;
			const items = (((runData['Create or update check']?.[0]?.data as IDataObject)?.main as IDataObject[][]) ?? [])[0] ?? [];
			outcomes.push(items.map((item) => String((item.json as IDataObject).outcome)));
		} catch (error) {
			outcomes.push([`failed: ${(error as Error).message.slice(0, 600)}`]);
		}
	}
	const names = [...cm.checks.values()].map((c) => c.name).filter((n) => ['Nightly backup', 'Invoice export', 'Search index rebuild'].includes(n));

	// The pings example: start, the work, success with a body (the check made by the upsert above).
	let pings: string;
	ce.seedContact({ firstName: 'Exported', email: 'exported@example.com' });
	const contacts = ce.state.contacts.size;
	try {
		const { error } = (await editor.runToEnd('exNightlyJobPings', 'Run now')).resultData;
		const backup = [...cm.checks.values()].find((c) => c.slug === 'nightly-backup');
		const logged = (backup?.pings ?? []).map((p) => ({ type: p.type, rid: p.rid, body: p.body?.toString('utf8') ?? null }));
		pings =
			!error && logged.length === 2 && logged[0].type === 'start' && logged[1].type === 'success' && logged[0].rid !== null && logged[0].rid === logged[1].rid && logged[1].body === `exported ${contacts} contacts`
				? ''
				: `error ${JSON.stringify(error?.message ?? null)}, pings ${JSON.stringify(logged)}`;
	} catch (error) {
		pings = `failed: ${(error as Error).message.slice(0, 300)}`;
	}
	record('examples › nightly job pings start, then success with the run ID of the execution and a body', pings || undefined);
	record(
		'examples › nightly upsert creates three checks, then updates the same three',
		expect(
			JSON.stringify(outcomes) === JSON.stringify([['created', 'created', 'created'], ['updated', 'updated', 'updated']]) && names.length === 3,
			`outcomes ${JSON.stringify(outcomes)}, checks ${JSON.stringify(names)}`,
		),
	);
}

function customerEngagementSteps(ce: CustomerEngagementServer): Step[] {
	const contact = id(ref('Create contact'));
	return [
		{ name: 'Create label', node: 'customerEngagement', parameters: { resource: 'label', operation: 'create', name: 'VIP', additionalFields: { color: 'AMBER' } }, check: (i) => expect(first(i).name === 'VIP' && first(i).color === 'AMBER', 'label not created') },
		{ name: 'Get label', node: 'customerEngagement', parameters: { resource: 'label', operation: 'get', labelId: id(ref('Create label')) }, check: (i) => expect(first(i).name === 'VIP', 'label not read') },
		{ name: 'Get many labels', node: 'customerEngagement', parameters: { resource: 'label', operation: 'getAll', returnAll: true }, check: (i) => expect(i.length === 1, `expected 1 label, got ${i.length}`) },
		{ name: 'Create custom field', node: 'customerEngagement', parameters: { resource: 'customField', operation: 'create', name: 'Size', type: 'single_select', additionalFields: { options: ['S', 'M'] } }, check: (i) => expect((first(i).options as unknown[])?.length === 2, 'custom field options missing') },
		{ name: 'Get many custom fields', node: 'customerEngagement', parameters: { resource: 'customField', operation: 'getAll', returnAll: true }, check: (i) => expect(i.some((f) => f.name === 'Size'), 'custom field not listed') },
		{ name: 'Rename custom field', node: 'customerEngagement', parameters: { resource: 'customField', operation: 'rename', customFieldId: id(ref('Create custom field')), name: 'T-shirt size' }, check: (i) => expect(first(i).name === 'T-shirt size', 'not renamed') },
		{ name: 'Update options', node: 'customerEngagement', parameters: { resource: 'customField', operation: 'updateOptions', customFieldId: id(ref('Create custom field')), options: { option: [{ id: '', value: 'L' }] } }, check: (i) => expect((first(i).options as unknown[])?.length === 3, 'option not added') },
		{
			name: 'Create contact',
			node: 'customerEngagement',
			parameters: {
				resource: 'contact',
				operation: 'create',
				email: 'ann@example.com',
				phone: '+15550100',
				simplify: false,
				// A select custom field set by the option's name: the API must get the option's ID.
				additionalFields: { firstName: 'Ann', labels: `={{ [$('Create label').item.json.id] }}`, customFields: { field: [{ id: ref('Create custom field'), value: 'M' }] } },
			},
			check: (i) => {
				const field = [...ce.state.customFields.values()].find((f) => f.name === 'T-shirt size');
				const optionM = ((field?.options ?? []) as IDataObject[]).find((o) => o.value === 'M')?.id;
				const stored = (first(i).customFields as IDataObject[] | undefined)?.find((f) => f.id === field?.id)?.value;
				return expect(first(i).email === 'ann@example.com' && optionM !== undefined && stored === optionM, `custom field stored ${JSON.stringify(stored)}, option M is ${String(optionM)}`);
			},
		},
		{ name: 'Get contact', node: 'customerEngagement', parameters: { resource: 'contact', operation: 'get', contactId: contact, simplify: true }, check: (i) => expect(JSON.stringify(first(i).labels) === '["VIP"]', `simplified labels: ${JSON.stringify(first(i).labels)}`) },
		{ name: 'Update contact', node: 'customerEngagement', parameters: { resource: 'contact', operation: 'update', contactId: contact, updateFields: { lastName: 'Lee' } }, check: (i) => expect(first(i).firstName === 'Ann' && first(i).lastName === 'Lee' && (first(i).labels as unknown[]).length === 1, 'update lost fields') },
		{ name: 'Upsert contact', node: 'customerEngagement', parameters: { resource: 'contact', operation: 'upsert', email: 'ann@example.com', additionalFields: { description: 'regular' } }, check: (i) => expect(first(i).outcome === 'updated' && first(i).lastName === 'Lee', `upsert: ${String(first(i).outcome)}`) },
		{ name: 'Adjust points', node: 'customerEngagement', parameters: { resource: 'contact', operation: 'adjustLoyaltyPoints', contactId: contact, pointsValue: 50 }, check: (i) => expect(first(i).loyaltyPointsCount === 50 && first(i).pointsValue === 50, `points: ${JSON.stringify(first(i))}`) },
		{ name: 'Create note', node: 'customerEngagement', parameters: { resource: 'note', operation: 'create', contactId: contact, text: 'Called back' }, check: (i) => expect(first(i).text === 'Called back', 'note not created') },
		{ name: 'Create visit', node: 'customerEngagement', parameters: { resource: 'visit', operation: 'create', contactId: contact, additionalFields: { points: 5 } }, check: (i) => expect(first(i).points === 5, 'visit not created') },
		{ name: 'Create many visits', node: 'customerEngagement', parameters: { resource: 'visit', operation: 'createMany', visits: `={{ JSON.stringify([{ contactId: $('Create contact').item.json.id, points: 1 }, { contactId: $('Create contact').item.json.id, date: '2026-01-01T10:00:00.000Z' }]) }}` }, check: (i) => expect(i.length === 2, `expected 2 visits, got ${i.length}`) },
		{ name: 'Get visit', node: 'customerEngagement', parameters: { resource: 'visit', operation: 'get', visitId: ref('Create visit') }, check: (i) => expect(first(i).points === 5, 'visit not read') },
		{ name: 'Get many visits', node: 'customerEngagement', parameters: { resource: 'visit', operation: 'getAll', returnAll: true, filters: { contactId: ref('Create contact') } }, check: (i) => expect(i.length === 3, `expected 3 visits, got ${i.length}`) },
		{ name: 'Get activities', node: 'customerEngagement', parameters: { resource: 'activity', operation: 'getAll', contactId: contact, returnAll: true }, check: (i) => expect(i.length >= 4, `expected activities, got ${i.length}`) },
		{ name: 'Send text', node: 'customerEngagement', parameters: { resource: 'text', operation: 'send', customerId: { __rl: true, mode: 'list', value: ref('Create contact'), cachedResultName: 'Ann' }, message: 'Thanks for visiting!' }, check: (i) => expect(first(i).status === 'Sent', 'text not sent') },
		{ name: 'Get conversation', node: 'customerEngagement', parameters: { resource: 'conversation', operation: 'get', customerId: id(ref('Create contact')) }, check: (i) => expect(i.some((m) => m.content === 'Thanks for visiting!'), 'message not in conversation') },
		{ name: 'Create reward', node: 'customerEngagement', parameters: { resource: 'loyaltyReward', operation: 'create', title: 'Coffee', points: 10, additionalFields: { itemName: 'Latte' } }, check: (i) => expect(first(i).title === 'Coffee', 'reward not created') },
		{ name: 'Get reward', node: 'customerEngagement', parameters: { resource: 'loyaltyReward', operation: 'get', rewardId: id(ref('Create reward')) }, check: (i) => expect(first(i).points === 10, 'reward not read') },
		{ name: 'Update reward', node: 'customerEngagement', parameters: { resource: 'loyaltyReward', operation: 'update', rewardId: id(ref('Create reward')), updateFields: { points: 12 } }, check: (i) => expect(first(i).points === 12 && first(i).itemName === 'Latte', 'reward update lost fields') },
		{ name: 'Redeem reward', node: 'customerEngagement', parameters: { resource: 'loyaltyReward', operation: 'redeem', rewardId: id(ref('Create reward')), contactId: contact }, check: (i) => expect(first(i).success === true, 'not redeemed') },
		{ name: 'Get redeems', node: 'customerEngagement', parameters: { resource: 'redeem', operation: 'getAll', returnAll: true, filters: { loyaltyRewardId: ref('Create reward') } }, check: (i) => expect(i.length === 1, `expected 1 redeem, got ${i.length}`) },
		{ name: 'Get many rewards', node: 'customerEngagement', parameters: { resource: 'loyaltyReward', operation: 'getAll', returnAll: true }, check: (i) => expect(i.length === 1, 'rewards not listed') },
		{ name: 'Delete reward', node: 'customerEngagement', parameters: { resource: 'loyaltyReward', operation: 'delete', rewardId: id(ref('Create reward')) }, check: (i) => expect(first(i).title === 'Coffee', 'reward not deleted') },
		{ name: 'Get settings', node: 'customerEngagement', parameters: { resource: 'loyaltySettings', operation: 'get' }, check: (i) => expect(typeof first(i).checkin === 'number', 'settings not read') },
		{ name: 'Update settings', node: 'customerEngagement', parameters: { resource: 'loyaltySettings', operation: 'update', updateFields: { checkin: 2 } }, check: (i) => expect(first(i).checkin === 2, 'settings not updated') },
		{ name: 'Get many contacts', node: 'customerEngagement', parameters: { resource: 'contact', operation: 'getAll', returnAll: false, limit: 5 }, check: (i) => expect(i.length === 1, `expected 1 contact, got ${i.length}`) },
		{ name: 'Delete contact', node: 'customerEngagement', parameters: { resource: 'contact', operation: 'delete', contactId: contact }, check: (i) => expect(first(i).email === 'ann@example.com', 'contact not deleted') },
	];
}

function checkMonitorSteps(seeded: { uuid: string }): Step[] {
	const check = id(ref('Create check', 'uuid'));
	const pinged = id(seeded.uuid);
	return [
		{ name: 'Create check', node: 'checkMonitor', parameters: { resource: 'check', operation: 'create', additionalFields: { name: 'Nightly backup', slug: 'nightly-backup', tags: 'prod backup', timeout: 3600 }, options: { unique: ['name'] } }, check: (i) => expect(first(i).outcome === 'created' && first(i).slug === 'nightly-backup', 'check not created') },
		{ name: 'Upsert check', node: 'checkMonitor', parameters: { resource: 'check', operation: 'create', additionalFields: { name: 'Nightly backup', timeout: 7200 }, options: { unique: ['name'] } }, check: (i) => expect(first(i).outcome === 'updated' && first(i).timeout === 7200, 'check not upserted') },
		{ name: 'Get check', node: 'checkMonitor', parameters: { resource: 'check', operation: 'get', checkId: check }, check: (i) => expect(first(i).timeout === 7200, 'check not read') },
		{ name: 'Get check by slug', node: 'checkMonitor', parameters: { resource: 'check', operation: 'get', checkId: { __rl: true, mode: 'slug', value: 'nightly-backup' } }, check: (i) => expect(first(i).timeout === 7200 && first(i).slug === 'nightly-backup', 'check not read by slug') },
		{ name: 'Get many checks', node: 'checkMonitor', parameters: { resource: 'check', operation: 'getAll', returnAll: true, filters: { tag: 'prod backup' } }, check: (i) => expect(i.length === 1, `expected 1 check, got ${i.length}`) },
		{ name: 'Update check', node: 'checkMonitor', parameters: { resource: 'check', operation: 'update', checkId: check, updateFields: { desc: 'database', channels: '={{ ["*"] }}' } }, check: (i) => expect(first(i).desc === 'database' && String(first(i).channels).length === 36, `update: ${JSON.stringify(first(i).channels)}`) },
		{ name: 'Get channels', node: 'checkMonitor', parameters: { resource: 'channel', operation: 'getAll' }, check: (i) => expect(i.length === 1 && first(i).name === 'ops-email', 'channels not listed') },
		{ name: 'Pause check', node: 'checkMonitor', parameters: { resource: 'check', operation: 'pause', checkId: check }, check: (i) => expect(first(i).status === 'paused', 'not paused') },
		{ name: 'Resume check', node: 'checkMonitor', parameters: { resource: 'check', operation: 'resume', checkId: check }, check: (i) => expect(first(i).status === 'new', 'not resumed') },
		{ name: 'Get flips', node: 'checkMonitor', parameters: { resource: 'flip', operation: 'getAll', checkId: check, returnAll: true, filters: { seconds: 3600 } }, check: (i) => expect(i.length === 2 && i.every((f) => f.up === 0), `flips: ${JSON.stringify(i)}`) },
		{ name: 'Send ping', node: 'checkMonitor', parameters: { resource: 'ping', operation: 'send', checkId: pinged, signal: 'log', additionalFields: { body: 'from n8n', ridFromExecution: true } }, check: (i) => expect(first(i).answer === 'OK' && first(i).signal === 'log' && /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(String(first(i).rid)), `ping: ${JSON.stringify(first(i))}`) },
		{ name: 'Get pings', node: 'checkMonitor', parameters: { resource: 'ping', operation: 'getAll', checkId: pinged, returnAll: true }, check: (i) => expect(i.length === 3 && first(i).type === 'log', `pings: ${i.length}`) },
		{ name: 'Get ping body', node: 'checkMonitor', parameters: { resource: 'ping', operation: 'getBody', checkId: pinged, pingNumber: 2 }, check: (i) => expect(first(i).body === '{"files": 42}', `body: ${String(first(i).body)}`) },
		{ name: 'Get badges', node: 'checkMonitor', parameters: { resource: 'badge', operation: 'getAll' }, check: (i) => expect(i.some((b) => b.tag === '*'), 'badges missing') },
		{ name: 'Get status', node: 'checkMonitor', parameters: { resource: 'status', operation: 'get' }, check: (i) => expect(first(i).ok === true, 'status not OK') },
		{ name: 'Delete check', node: 'checkMonitor', parameters: { resource: 'check', operation: 'delete', checkId: check }, check: (i) => expect(first(i).name === 'Nightly backup', 'check not deleted') },
	];
}

/** A chain run as the editor's Execute workflow runs it; each step's output checked. */
async function chainChecks(n8n: StartedN8n, workflowId: string, steps: Step[], record: (name: string, message?: string) => void): Promise<void> {
	let resultData: RunData['resultData'];
	try {
		resultData = (await n8n.editor.runToEnd(workflowId, 'Start')).resultData;
	} catch (error) {
		console.log(`the run of ${workflowId} failed: ${(error as Error).message.slice(0, 500)}; the end of n8n's log:\n${readFileSync(n8n.logFile, 'utf8').slice(-3000)}`);
		for (const step of steps) record(`${workflowId} › ${step.name}`, 'the run failed (output above)');
		return;
	}
	for (const step of steps) {
		const task = resultData.runData[step.name]?.[0];
		if (!task) {
			record(`${workflowId} › ${step.name}`, `did not run${resultData.error ? ` (workflow error: ${String(resultData.error.message)})` : ''}`);
			continue;
		}
		if (task.error) {
			record(`${workflowId} › ${step.name}`, `failed: ${String((task.error as IDataObject).message)}`);
			continue;
		}
		const items = ((((task.data as IDataObject)?.main as IDataObject[][]) ?? [])[0] ?? []).map((item) => item.json as IDataObject);
		record(`${workflowId} › ${step.name}`, step.check(items));
	}
}

/**
 * The tier's own n8n: the operations' chains, lazy loading, the examples, MCP, the AI Agent
 * and the webhook trigger, on the user folder the install above made.
 */
async function tierN8nChecks(userFolder: string, record: (name: string, message?: string) => void): Promise<void> {
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
	await n8nCli(userFolder, ['import:credentials', `--input=${file('credentials.json', [
		...lazy.credentials,
		{ ...CREDENTIALS.customerEngagementApi, type: 'customerEngagementApi', data: { baseUrl: `${ce.url}/`, accessToken: CE_TOKEN } },
		{ ...CREDENTIALS.checkMonitorApi, type: 'checkMonitorApi', data: { baseUrl: cm.url, apiKey: CM_KEY, pingKey: CM_PING_KEY } },
		// The instant-flips example's credential (the example is imported with the others).
		{ id: 'cmWebhookSandbox1', name: 'Check Monitor Webhook sandbox', type: 'checkMonitorWebhook', data: { headerName: 'X-Check-Monitor-Secret', secret: SANDBOX_WEBHOOK_SECRET } },
	])}`]);

	const ceSteps = customerEngagementSteps(ce);
	const cmSteps = checkMonitorSteps(seeded);
	// Every operation of the node contract (docs/node-contract.md) runs here: a new one needs a step.
	for (const [node, steps] of [['customerEngagement', ceSteps], ['checkMonitor', cmSteps]] as const) {
		const run = new Set(steps.map((step) => `${String(step.parameters.resource)}.${String(step.parameters.operation)}`));
		const missing = Object.entries(contractOperations(node)).flatMap(([resource, operations]) => operations.map((o) => `${resource}.${o}`)).filter((o) => !run.has(o));
		record(`${node} › every operation of docs/node-contract.md has a step here`, missing.length ? `no step for ${missing.join(', ')}` : undefined);
	}
	const workflows: Array<{ id: string; steps: Step[]; workflow: IDataObject }> = [
		{ id: 'e2eCustomerEng1', steps: ceSteps, workflow: chain('e2eCustomerEng1', 'Customer Engagement: every operation', ceSteps) },
		{ id: 'e2eCheckMonitor1', steps: cmSteps, workflow: chain('e2eCheckMonitor1', 'Check Monitor: every operation', cmSteps) },
	];
	const examples = path.join(__dirname, '..', '..', 'examples');
	const exampleFiles = readdirSync(examples).filter((f) => f.endsWith('.json'));
	await importWorkflows(userFolder, [...workflows.map((w) => w.workflow), ...exampleFiles.map((f) => JSON.parse(readFileSync(path.join(examples, f), 'utf8')) as object)]);

	if (process.env.E2E_TRACE) {
		const shown = new Map<object, number>();
		setInterval(() => {
			for (const server of [ce, cm]) {
				const lines = server.requestLines();
				for (const line of lines.slice(shown.get(server) ?? 0)) console.log(`[trace] ${new Date().toISOString()} ${line}`);
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
		n8n = await startWithEditor(userFolder, logFile, 480_000, { background: true, extraEnv: { N8N_LOG_LEVEL: 'debug', N8N_LOG_OUTPUT: 'console' } });
		if (!n8n) record('n8n starts with the package', `not up within 480 s; the end of its log:\n${readFileSync(logFile, 'utf8').slice(-2000)}`);
		else {
			const tierN8n = n8n;
			// The editor's side of lazy loading first, while n8n has loaded no class of the package.
			await lazyLoadingChecks(tierN8n, lazy, record);
			await Promise.allSettled([
				(async () => {
					for (const { id: workflowId, steps } of workflows) await chainChecks(tierN8n, workflowId, steps, record);
					await exampleWorkflows(tierN8n.editor, ce, cm, record);
					// The MCP example, used by a real MCP client.
					await mcpChecks(tierN8n, ce, cm, record);
					// An AI Agent using the tools, with a scripted OpenAI-compatible model on 127.0.0.1.
					await agentChecks(tierN8n, ce, cm, record);
				})().catch((error: Error) => record('operations, examples, MCP and agent › run', error.message.slice(0, 600))),
				// The webhook trigger fed by the stand-in's Webhook integration (stand-ins of its own).
				webhookTriggerChecks(tierN8n, record),
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
		setPublishedPackage({ registry: ownRegistry.url, ...(await publishTarball(ownRegistry, await packPackage())) });
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
		record(`install › ${published.name}@${published.version} from the registry with n8n ${N8N_VERSION}'s own steps`, (error as Error).message.slice(0, 1500));
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
		tierN8nChecks(userFolder, record).catch((error: Error) => record('the tier\'s own n8n › runs', error.message.slice(0, 1500))),
		...beside,
	]);
	await ownRegistry?.stop();
	finish(results);
}

/**
 * What n8n's install leaves, checked: the package in nodes/node_modules/<name> without the
 * dependency fields n8n drops, nothing installed beside it (no runtime dependencies, so no
 * nested node_modules), and the version recorded in nodes/package.json.
 */
function installedAsN8nDoes(userFolder: string, name: string, version: string): string | undefined {
	const nodesDir = path.join(userFolder, '.n8n', 'nodes');
	const packageDir = path.join(nodesDir, 'node_modules', name);
	const packageJson = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as IDataObject;
	const nodes = JSON.parse(readFileSync(path.join(nodesDir, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
	const problems = [
		...['devDependencies', 'peerDependencies', 'optionalDependencies'].filter((field) => field in packageJson).map((field) => `${field} kept`),
		...(packageJson.version === version ? [] : [`version ${String(packageJson.version)}`]),
		...(nodes.dependencies?.[name] === version ? [] : [`nodes/package.json records ${JSON.stringify(nodes.dependencies)}`]),
		...(readdirSync(packageDir).includes('node_modules') ? [`dependencies installed beside it: ${readdirSync(path.join(packageDir, 'node_modules')).join(', ')}`] : []),
		...(readdirSync(path.join(packageDir, 'dist', 'known')).sort().join(',') === 'credentials.json,nodes.json' ? [] : ['no lazy-loading metadata in dist/known']),
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
