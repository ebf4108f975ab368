/**
 * The end-to-end tier on one n8n (N8N_VERSION): the package published to a local registry
 * and installed from there with that version's own Community Nodes steps
 * (scripts/release/), credentials pointing at the stand-in servers; one workflow runs every
 * operation of each node in a chain, then lazy loading, the examples, the triggers published
 * in a started n8n, MCP and an AI Agent. Beside them, each in an n8n of its own: queue mode
 * and `npm start` itself. Ends with "N passed, N failed".
 *
 * matrix.ts publishes once for all versions and passes the registry in E2E_REGISTRY; run
 * alone (`npm run test:e2e`), this starts a registry of its own.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { IDataObject } from 'n8n-workflow';
import { CheckMonitorServer, CM_KEY, CM_PING_KEY } from '../../test/support/servers/checkMonitorServer';
import { CE_TOKEN, CustomerEngagementServer } from '../../test/support/servers/customerEngagementServer';
import { queueModeChecks } from './queueMode';
import { startScriptChecks } from './startScript';
import { installPublished, publishedPackage, setPublishedPackage } from '../release/communityInstall';
import { lazyLoadingChecks } from './lazyLoading';
import { agentChecks } from './agent';
import { mcpChecks } from './mcp';
import { ownInstallChecks } from './ownInstall';
import { editorSession, setUpOwner } from '../shared/editorSession';
import { ensureN8n, importWorkflows, N8N_VERSION, n8nCli, n8nDir, publishWorkflow, startN8n, unpublishAllWorkflows } from '../shared/n8nRuntime';
import { packPackage } from '../release/pack';
import { publishTarball, startRegistry, type LocalRegistry } from '../release/registry';

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

/** The committed example that runs by hand: nightly upsert of checks, run twice. */
async function exampleWorkflows(userFolder: string, ce: CustomerEngagementServer, cm: CheckMonitorServer, record: (name: string, message?: string) => void) {
	const examples = path.join(__dirname, '..', '..', 'examples');
	await importWorkflows(userFolder, readdirSync(examples).filter((f) => f.endsWith('.json')).map((f) => JSON.parse(readFileSync(path.join(examples, f), 'utf8')) as object));
	const outcomes: string[][] = [];
	for (let run = 0; run < 2; run++) {
		try {
			const data = await executeWorkflow(userFolder, 'exNightlyUpsert');
			const runData = ((data.data as IDataObject).resultData as IDataObject).runData as Record<string, IDataObject[]>;
			const items = (((runData['Create or update check']?.[0]?.data as IDataObject)?.main as IDataObject[][]) ?? [])[0] ?? [];
			outcomes.push(items.map((item) => String((item.json as IDataObject).outcome)));
		} catch (error) {
			const output = `${String((error as { stdout?: string }).stdout ?? '')}${String((error as { stderr?: string }).stderr ?? '')}`;
			outcomes.push([`failed: ${(error as Error).message.slice(0, 200)} ${output.slice(-800)}`]);
		}
	}
	const names = [...cm.checks.values()].map((c) => c.name).filter((n) => ['Nightly backup', 'Invoice export', 'Search index rebuild'].includes(n));

	// The pings example: start, the work, success with a body (the check made by the upsert above).
	let pings: string;
	ce.seedContact({ firstName: 'Exported', email: 'exported@example.com' });
	const contacts = ce.state.contacts.size;
	try {
		const data = await executeWorkflow(userFolder, 'exNightlyJobPings');
		const error = ((data.data as IDataObject).resultData as IDataObject).error as IDataObject | undefined;
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

/**
 * Triggers run as n8n runs them: published workflows in a running `n8n start`, polling
 * every minute. Each trigger feeds a node that adds a note to a contact on the local
 * Customer Engagement server, so what the trigger emitted can be seen there.
 */
async function activeTriggers(
	userFolder: string,
	ce: CustomerEngagementServer,
	cm: CheckMonitorServer,
	checkUuid: string,
	file: (name: string, data: unknown) => string,
	record: (name: string, message?: string) => void,
) {
	const contact = ce.seedContact({ firstName: 'Watcher', phone: '+15550199' });
	const everyMinute = { pollTimes: { item: [{ mode: 'everyMinute' }] } };
	const note = (name: string, text: string, contactId = '={{ $json.contactId }}') => ({
		id: 'note',
		name,
		type: `${PKG}.customerEngagement`,
		typeVersion: 1,
		position: [200, 0],
		// "production: ..." from the published trigger, "test: ..." from a manual run (Fetch Test Event).
		parameters: { resource: 'note', operation: 'create', contactId: id(contactId), text: `={{ $execution.mode }}: ${text.slice(1)}` },
		credentials: { customerEngagementApi: CREDENTIALS.customerEngagementApi },
	});
	const triggerWorkflow = (workflowId: string, trigger: IDataObject, action: IDataObject) => ({
		id: workflowId,
		name: workflowId,
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [{ id: 'trigger', name: 'Trigger', typeVersion: 1, position: [0, 0], ...trigger }, action],
		connections: { Trigger: { main: [[{ node: String(action.name), type: 'main', index: 0 }]] } },
	});
	const workflows = [
		triggerWorkflow(
			'e2eVisitToNote01',
			{ type: `${PKG}.customerEngagementTrigger`, parameters: { event: 'newVisit', ...everyMinute }, credentials: { customerEngagementApi: CREDENTIALS.customerEngagementApi } },
			note('Note the visit', '=visit {{ $json.id }}'),
		),
		triggerWorkflow(
			'e2eFlipToNote001',
			{ type: `${PKG}.checkMonitorTrigger`, parameters: { event: 'newFlip', scope: 'all', ...everyMinute }, credentials: { checkMonitorApi: CREDENTIALS.checkMonitorApi } },
			note('Note the flip', '=flip {{ $json.check.name }} {{ $json.to }}', String(contact.id)),
		),
		triggerWorkflow(
			'e2eRedeemToNote1',
			{ type: `${PKG}.customerEngagementTrigger`, parameters: { event: 'newRedeem', ...everyMinute }, credentials: { customerEngagementApi: CREDENTIALS.customerEngagementApi } },
			note('Note the redeem', '=redeem {{ $json.loyaltyRewardId }} by {{ $json.contactId }}', String(contact.id)),
		),
		triggerWorkflow(
			'e2eRewardToNote1',
			{ type: `${PKG}.customerEngagementTrigger`, parameters: { event: 'newLoyaltyReward', ...everyMinute }, credentials: { customerEngagementApi: CREDENTIALS.customerEngagementApi } },
			note('Note the reward', '=reward {{ $json.title }}', String(contact.id)),
		),
		triggerWorkflow(
			'e2ePingToNote001',
			{ type: `${PKG}.checkMonitorTrigger`, parameters: { event: 'newPing', checkId: id(checkUuid), ...everyMinute }, credentials: { checkMonitorApi: CREDENTIALS.checkMonitorApi } },
			note('Note the ping', '=ping {{ $json.n }} {{ $json.type }} {{ $json.check.name }}', String(contact.id)),
		),
	];
	await importWorkflows(userFolder, workflows);
	for (const workflow of workflows) await publishWorkflow(userFolder, workflow.id);

	ce.clearLog();
	cm.clearLog();
	const port = 20000 + Math.floor(Math.random() * 20000);
	const n8n = startN8n(userFolder, port);
	const url = `http://127.0.0.1:${port}`;
	const until = async (what: string, test: () => boolean, timeoutMs: number) => {
		const end = Date.now() + timeoutMs;
		while (Date.now() < end) {
			if (test()) return undefined;
			await new Promise((resolve) => setTimeout(resolve, 500));
		}
		return `timed out after ${timeoutMs / 1000} s waiting for ${what}`;
	};
	try {
		// Activation runs one poll of each trigger at once: the starting point, nothing emitted.
		// Wait until the activation polls are over (the watched check's flips were read), so
		// the events below are new to both triggers.
		const activated = await until(
			'both triggers to poll on activation',
			() =>
				ce.requests.some((r) => r.path === '/v1/visits') &&
				cm.requests.some((r) => r.path === `/api/v3/checks/${checkUuid}/flips/`) &&
				cm.requests.some((r) => r.path === `/api/v3/checks/${checkUuid}/pings/`) &&
				ce.requests.some((r) => r.path === '/v1/loyalty-rewards/redeems') &&
				ce.requests.some((r) => r.path === '/v1/loyalty-rewards'),
			120_000,
		);
		record('triggers › both triggers poll when their workflows are activated', activated);
		if (activated) return;
		const before = ce.state.notes.length;
		const visit = ce.seedVisit({ contactId: contact.id as string });
		const ping = cm.receivePing(checkUuid, 'fail');
		ce.seedRedeem({ loyaltyRewardId: 'rw_e2e', contactId: String(contact.id) });
		ce.state.rewards.set('rw_e2e_new', { id: 'rw_e2e_new', title: 'Free dessert', points: 30, quantity: { total: null, perContact: null }, startDate: null, expiredDate: null, expires: false, type: 'ITEM', value: null, itemId: null, itemName: null });
		const allNotes = () => ce.state.notes.slice(before).map((n) => String(n.text));
		// Fetch Test Event, as the editor sends it: a manual run of each workflow from its
		// trigger, right after the inserts. It shows the newest record and must not move the
		// published trigger's cursor (the production notes below still come, once each).
		const testRuns: Record<string, string | undefined> = {};
		try {
			await setUpOwner(url);
			const editor = await editorSession(url);
			for (const workflow of workflows) {
				try {
					await editor.runFromTrigger(workflow.id, 'Trigger');
				} catch (error) {
					testRuns[workflow.id] = (error as Error).message.slice(0, 400);
				}
			}
		} catch (error) {
			for (const workflow of workflows) testRuns[workflow.id] = `editor session: ${(error as Error).message.slice(0, 300)}`;
		}
		const tests = () => allNotes().filter((t) => t.startsWith('test: ')).map((t) => t.slice(6));
		const noteTexts = () => allNotes().filter((t) => t.startsWith('production: ')).map((t) => t.slice(12));
		const emitted = await until('notes from the five triggers', () => noteTexts().length >= 5, 150_000);
		await until('notes from the five test events', () => tests().length >= 5 - Object.keys(testRuns).length, 30_000);
		await new Promise((resolve) => setTimeout(resolve, 2000));
		const texts = noteTexts();
		const shown = tests();
		const fetched = (workflowId: string, check: (t: string) => boolean, what: string) =>
			testRuns[workflowId] ?? expect(shown.filter(check).length === 1, `${what}; test-event notes: ${JSON.stringify(shown)}`);
		record('triggers › Fetch Test Event (New Visit) shows the newest visit', fetched('e2eVisitToNote01', (t) => t === `visit ${String(visit.id)}`, `expected visit ${String(visit.id)}`));
		// All checks: the test event is the newest flip of the first check (by id) that has flips.
		const checkNames = new Set([...cm.checks.values()].map((c) => String(c.name)));
		record(
			'triggers › Fetch Test Event (New Flip) shows a flip with its check',
			fetched('e2eFlipToNote001', (t) => /^flip .+ (up|down)$/.test(t) && checkNames.has(t.replace(/^flip (.+) (up|down)$/, '$1')), 'expected a flip of a check'),
		);
		record('triggers › Fetch Test Event (New Redeem) shows the newest redeem', fetched('e2eRedeemToNote1', (t) => t === `redeem rw_e2e by ${String(contact.id)}`, 'expected the new redeem'));
		record('triggers › Fetch Test Event (New Loyalty Reward) shows a reward', fetched('e2eRewardToNote1', (t) => t.startsWith('reward '), 'expected a reward'));
		record('triggers › Fetch Test Event (New Ping) shows the newest ping', fetched('e2ePingToNote001', (t) => t === `ping ${ping.n} fail Seeded`, `expected ping ${ping.n}`));
		record(
			'triggers › a new visit is emitted once and reaches the next node',
			emitted ?? expect(texts.filter((t) => t === `visit ${String(visit.id)}`).length === 1, `notes: ${JSON.stringify(texts)}`),
		);
		record(
			'triggers › a new flip is emitted once, naming its check',
			emitted ?? expect(texts.filter((t) => t === 'flip Seeded down').length === 1, `notes: ${JSON.stringify(texts)}`),
		);
		record(
			'triggers › a new redeem is emitted once',
			emitted ?? expect(texts.filter((t) => t === `redeem rw_e2e by ${String(contact.id)}`).length === 1 && texts.filter((t) => t.startsWith('redeem ')).length === 1, `notes: ${JSON.stringify(texts)}`),
		);
		record(
			'triggers › a new loyalty reward is emitted once',
			emitted ?? expect(texts.filter((t) => t.startsWith('reward ')).join() === 'reward Free dessert', `notes: ${JSON.stringify(texts)}`),
		);
		record(
			'triggers › a new ping is emitted once, with its number, type and check',
			emitted ?? expect(texts.filter((t) => t === `ping ${ping.n} fail Seeded`).length === 1 && texts.filter((t) => t.startsWith('ping ')).length === 1, `notes: ${JSON.stringify(texts)}`),
		);
	} finally {
		n8n.kill('SIGTERM');
		await new Promise((resolve) => n8n.once('exit', resolve));
		// The MCP and agent checks start n8n on this folder again and count the requests a
		// tool call makes: the triggers' minute polls must not run there.
		await unpublishAllWorkflows(userFolder).catch((error: Error) =>
			record('triggers › the trigger workflows are unpublished after their checks', error.message.slice(0, 400)),
		);
	}
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

/**
 * `n8n execute` of a workflow; its run data. On a loaded machine n8n sometimes prints the
 * complete run and then does not exit in time (its task runner shutting down): the run
 * printed is what is checked, and the slow exit is only logged.
 */
async function executeWorkflow(userFolder: string, workflowId: string): Promise<IDataObject> {
	try {
		return parseRun(await n8nCli(userFolder, ['execute', `--id=${workflowId}`, '--rawOutput'], 300_000));
	} catch (error) {
		const stdout = String((error as { stdout?: string }).stdout ?? '');
		let printed: IDataObject | undefined;
		try {
			printed = parseRun(stdout);
		} catch {
			printed = undefined;
		}
		if (!printed?.data) throw error;
		console.log(`  (n8n execute --id=${workflowId} printed its run but exited with an error: ${(error as Error).message.split('\n')[0].slice(0, 200)})`);
		return printed;
	}
}

function parseRun(stdout: string): IDataObject {
	// The JSON is printed pretty, between a "{" and a "}" alone on their lines; n8n may log
	// other lines before and after it.
	const start = stdout.search(/^\{$/m);
	const end = stdout.slice(start).search(/^\}$/m);
	if (start === -1 || end === -1) throw new Error(`n8n printed no execution data:\n${stdout.slice(-2000)}`);
	return JSON.parse(stdout.slice(start, start + end + 1)) as IDataObject;
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
		// Queue mode: Redis, PostgreSQL, a main and two workers; E2E_QUEUE=0 skips it.
		...(process.env.E2E_QUEUE !== '0' ? [queueModeChecks(record)] : []),
		// npm start itself (ports, kept data, reset, examples that fire); E2E_START=0 skips it.
		...(process.env.E2E_START !== '0' ? [startScriptChecks(record)] : []),
	];
	await ownInstallChecks(userFolder, record);
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
	await n8nCli(userFolder, ['import:credentials', `--input=${file('credentials.json', [
		{ ...CREDENTIALS.customerEngagementApi, type: 'customerEngagementApi', data: { baseUrl: `${ce.url}/`, accessToken: CE_TOKEN } },
		{ ...CREDENTIALS.checkMonitorApi, type: 'checkMonitorApi', data: { baseUrl: cm.url, apiKey: CM_KEY, pingKey: CM_PING_KEY } },
	])}`]);

	const ceSteps = customerEngagementSteps(ce);
	const cmSteps = checkMonitorSteps(seeded);
	const workflows: Array<{ id: string; steps: Step[]; workflow: IDataObject }> = [
		{ id: 'e2eCustomerEng1', steps: ceSteps, workflow: chain('e2eCustomerEng1', 'Customer Engagement: every operation', ceSteps) },
		{ id: 'e2eCheckMonitor1', steps: cmSteps, workflow: chain('e2eCheckMonitor1', 'Check Monitor: every operation', cmSteps) },
	];
	await importWorkflows(userFolder, workflows.map((w) => w.workflow));

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
	for (const { id: workflowId, steps } of workflows) {
		let run: IDataObject;
		try {
			run = await executeWorkflow(userFolder, workflowId);
		} catch (error) {
			const output = String((error as { stdout?: string }).stdout ?? '') + String((error as { stderr?: string }).stderr ?? '');
			console.log(`n8n execute ${workflowId} failed: ${(error as Error).message.slice(0, 500)}\n${output.slice(-3000)}`);
			for (const step of steps) record(`${workflowId} › ${step.name}`, 'n8n execute failed (output above)');
			continue;
		}
		const resultData = (run.data as IDataObject).resultData as IDataObject;
		const runData = resultData.runData as Record<string, Array<IDataObject>>;
		for (const step of steps) {
			const task = runData[step.name]?.[0];
			if (!task) {
				const error = resultData.error as IDataObject | undefined;
				record(`${workflowId} › ${step.name}`, `did not run${error ? ` (workflow error: ${String(error.message)})` : ''}`);
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
	// The editor's side of lazy loading, once the chains above made a label and checks (the
	// contact they made was deleted: one to find in the list search).
	ce.seedContact({ firstName: 'Listed', email: 'listed@example.com' });
	await lazyLoadingChecks(userFolder, CREDENTIALS, record);
	await exampleWorkflows(userFolder, ce, cm, record);
	await activeTriggers(userFolder, ce, cm, seeded.uuid, file, record);
	// The MCP example, used by a real MCP client (the examples were imported above).
	await mcpChecks(userFolder, ce, cm, record);
	// An AI Agent using the tools, with a scripted OpenAI-compatible model on 127.0.0.1.
	await agentChecks(userFolder, ce, cm, record);
	await ce.stop();
	await cm.stop();
	await Promise.all(beside);
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
	console.log(`\n${passed} passed, ${failed} failed`);
	process.exit(failed === 0 && passed > 0 ? 0 : 1);
}

/** The registry this run started itself (none when matrix.ts passed one); stopped on every way out. */
let ownRegistry: LocalRegistry | undefined;

main().catch(async (error) => {
	console.error(error);
	await ownRegistry?.stop();
	console.log('\n0 passed, 1 failed');
	process.exit(1);
});
