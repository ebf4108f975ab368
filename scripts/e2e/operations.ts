/**
 * The end-to-end tier's chains: one workflow per action node runs every operation the build
 * declares, one after the other on the records the chain makes. An operation with a step of
 * its own below is checked by what it returned; any other (a new one) runs with what its
 * description asks, each required field from the chain's records by the field's name, and
 * must answer without an error: a new operation needs no step here to be run in real n8n.
 */
import type { IDataObject, INodeTypeDescription } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';
import type { CustomerEngagementServer } from '../../harness/servers/customerEngagementServer';
import { operationsOf } from '../../harness/nodeOperations';
import type { RunData, StartedN8n } from '../shared/editorSession';
import { readFileSync } from 'node:fs';

export type Check = (items: IDataObject[]) => string | undefined;
export interface Step {
	name: string;
	node: 'customerEngagement' | 'checkMonitor' | 'customerEngagementTrigger' | 'checkMonitorTrigger';
	parameters: IDataObject;
	check: Check;
}

export const PKG = 'n8n-nodes-engagement-monitor';
export const CREDENTIALS = {
	customerEngagementApi: { id: 'ceSandboxCred01', name: 'Customer Engagement sandbox' },
	checkMonitorApi: { id: 'cmSandboxCred01', name: 'Check Monitor sandbox' },
};
export const credentialFor = (node: Step['node']) =>
	node.startsWith('customer') ? 'customerEngagementApi' : 'checkMonitorApi';

export const id = (expression: string) => ({ __rl: true, mode: 'id', value: expression });
export const ref = (node: string, field = 'id') => `={{ $('${node}').item.json.${field} }}`;
export const expect = (ok: boolean, message: string) => (ok ? undefined : message);
export const first = (items: IDataObject[]) => items[0] ?? {};

/** A workflow: Manual Trigger → step 1 → step 2 → … (each step runs once). */
export function chain(workflowId: string, name: string, steps: Step[]): IDataObject {
	const nodes: IDataObject[] = [
		{
			id: 'start',
			name: 'Start',
			type: 'n8n-nodes-base.manualTrigger',
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		},
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
	return {
		id: workflowId,
		name,
		active: false,
		nodes,
		connections,
		settings: { executionOrder: 'v1' },
	};
}

export function customerEngagementSteps(ce: CustomerEngagementServer): Step[] {
	const contact = id(ref('Create contact'));
	return [
		{
			name: 'Create label',
			node: 'customerEngagement',
			parameters: {
				resource: 'label',
				operation: 'create',
				name: 'VIP',
				additionalFields: { color: 'AMBER' },
			},
			check: (i) =>
				expect(first(i).name === 'VIP' && first(i).color === 'AMBER', 'label not created'),
		},
		{
			name: 'Get label',
			node: 'customerEngagement',
			parameters: { resource: 'label', operation: 'get', labelId: id(ref('Create label')) },
			check: (i) => expect(first(i).name === 'VIP', 'label not read'),
		},
		{
			name: 'Get many labels',
			node: 'customerEngagement',
			parameters: { resource: 'label', operation: 'getAll', returnAll: true },
			check: (i) => expect(i.length === 1, `expected 1 label, got ${i.length}`),
		},
		{
			name: 'Create custom field',
			node: 'customerEngagement',
			parameters: {
				resource: 'customField',
				operation: 'create',
				name: 'Size',
				type: 'single_select',
				additionalFields: { options: ['S', 'M'] },
			},
			check: (i) =>
				expect((first(i).options as unknown[])?.length === 2, 'custom field options missing'),
		},
		{
			name: 'Get many custom fields',
			node: 'customerEngagement',
			parameters: { resource: 'customField', operation: 'getAll', returnAll: true },
			check: (i) =>
				expect(
					i.some((f) => f.name === 'Size'),
					'custom field not listed',
				),
		},
		{
			name: 'Rename custom field',
			node: 'customerEngagement',
			parameters: {
				resource: 'customField',
				operation: 'rename',
				customFieldId: id(ref('Create custom field')),
				name: 'T-shirt size',
			},
			check: (i) => expect(first(i).name === 'T-shirt size', 'not renamed'),
		},
		{
			name: 'Update options',
			node: 'customerEngagement',
			parameters: {
				resource: 'customField',
				operation: 'updateOptions',
				customFieldId: id(ref('Create custom field')),
				options: { option: [{ id: '', value: 'L' }] },
			},
			check: (i) => expect((first(i).options as unknown[])?.length === 3, 'option not added'),
		},
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
				additionalFields: {
					firstName: 'Ann',
					labels: `={{ [$('Create label').item.json.id] }}`,
					customFields: { field: [{ id: ref('Create custom field'), value: 'M' }] },
				},
			},
			check: (i) => {
				const field = [...ce.state.customFields.values()].find((f) => f.name === 'T-shirt size');
				const optionM = ((field?.options ?? []) as IDataObject[]).find((o) => o.value === 'M')?.id;
				const stored = (first(i).customFields as IDataObject[] | undefined)?.find(
					(f) => f.id === field?.id,
				)?.value;
				return expect(
					first(i).email === 'ann@example.com' && optionM !== undefined && stored === optionM,
					`custom field stored ${JSON.stringify(stored)}, option M is ${String(optionM)}`,
				);
			},
		},
		{
			name: 'Get contact',
			node: 'customerEngagement',
			parameters: { resource: 'contact', operation: 'get', contactId: contact, simplify: true },
			check: (i) =>
				expect(
					JSON.stringify(first(i).labels) === '["VIP"]',
					`simplified labels: ${JSON.stringify(first(i).labels)}`,
				),
		},
		{
			name: 'Update contact',
			node: 'customerEngagement',
			parameters: {
				resource: 'contact',
				operation: 'update',
				contactId: contact,
				updateFields: { lastName: 'Lee' },
			},
			check: (i) =>
				expect(
					first(i).firstName === 'Ann' &&
						first(i).lastName === 'Lee' &&
						(first(i).labels as unknown[]).length === 1,
					'update lost fields',
				),
		},
		{
			name: 'Upsert contact',
			node: 'customerEngagement',
			parameters: {
				resource: 'contact',
				operation: 'upsert',
				email: 'ann@example.com',
				additionalFields: { description: 'regular' },
			},
			check: (i) =>
				expect(
					first(i).outcome === 'updated' && first(i).lastName === 'Lee',
					`upsert: ${String(first(i).outcome)}`,
				),
		},
		{
			name: 'Adjust points',
			node: 'customerEngagement',
			parameters: {
				resource: 'contact',
				operation: 'adjustLoyaltyPoints',
				contactId: contact,
				pointsValue: 50,
			},
			check: (i) =>
				expect(
					first(i).loyaltyPointsCount === 50 && first(i).pointsValue === 50,
					`points: ${JSON.stringify(first(i))}`,
				),
		},
		{
			name: 'Create note',
			node: 'customerEngagement',
			parameters: {
				resource: 'note',
				operation: 'create',
				contactId: contact,
				text: 'Called back',
			},
			check: (i) => expect(first(i).text === 'Called back', 'note not created'),
		},
		{
			name: 'Create visit',
			node: 'customerEngagement',
			parameters: {
				resource: 'visit',
				operation: 'create',
				contactId: contact,
				additionalFields: { points: 5 },
			},
			check: (i) => expect(first(i).points === 5, 'visit not created'),
		},
		{
			name: 'Create many visits',
			node: 'customerEngagement',
			parameters: {
				resource: 'visit',
				operation: 'createMany',
				visits: `={{ JSON.stringify([{ contactId: $('Create contact').item.json.id, points: 1 }, { contactId: $('Create contact').item.json.id, date: '2026-01-01T10:00:00.000Z' }]) }}`,
			},
			check: (i) => expect(i.length === 2, `expected 2 visits, got ${i.length}`),
		},
		{
			name: 'Get visit',
			node: 'customerEngagement',
			parameters: { resource: 'visit', operation: 'get', visitId: ref('Create visit') },
			check: (i) => expect(first(i).points === 5, 'visit not read'),
		},
		{
			name: 'Get many visits',
			node: 'customerEngagement',
			parameters: {
				resource: 'visit',
				operation: 'getAll',
				returnAll: true,
				filters: { contactId: ref('Create contact') },
			},
			check: (i) => expect(i.length === 3, `expected 3 visits, got ${i.length}`),
		},
		{
			name: 'Get activities',
			node: 'customerEngagement',
			parameters: {
				resource: 'activity',
				operation: 'getAll',
				contactId: contact,
				returnAll: true,
			},
			check: (i) => expect(i.length >= 4, `expected activities, got ${i.length}`),
		},
		{
			name: 'Send text',
			node: 'customerEngagement',
			parameters: {
				resource: 'text',
				operation: 'send',
				customerId: {
					__rl: true,
					mode: 'list',
					value: ref('Create contact'),
					cachedResultName: 'Ann',
				},
				message: 'Thanks for visiting!',
			},
			check: (i) => expect(first(i).status === 'Sent', 'text not sent'),
		},
		{
			name: 'Get conversation',
			node: 'customerEngagement',
			parameters: {
				resource: 'conversation',
				operation: 'get',
				customerId: id(ref('Create contact')),
			},
			check: (i) =>
				expect(
					i.some((m) => m.content === 'Thanks for visiting!'),
					'message not in conversation',
				),
		},
		{
			name: 'Create reward',
			node: 'customerEngagement',
			parameters: {
				resource: 'loyaltyReward',
				operation: 'create',
				title: 'Coffee',
				points: 10,
				additionalFields: { itemName: 'Latte' },
			},
			check: (i) => expect(first(i).title === 'Coffee', 'reward not created'),
		},
		{
			name: 'Get reward',
			node: 'customerEngagement',
			parameters: {
				resource: 'loyaltyReward',
				operation: 'get',
				rewardId: id(ref('Create reward')),
			},
			check: (i) => expect(first(i).points === 10, 'reward not read'),
		},
		{
			name: 'Update reward',
			node: 'customerEngagement',
			parameters: {
				resource: 'loyaltyReward',
				operation: 'update',
				rewardId: id(ref('Create reward')),
				updateFields: { points: 12 },
			},
			check: (i) =>
				expect(
					first(i).points === 12 && first(i).itemName === 'Latte',
					'reward update lost fields',
				),
		},
		{
			name: 'Redeem reward',
			node: 'customerEngagement',
			parameters: {
				resource: 'loyaltyReward',
				operation: 'redeem',
				rewardId: id(ref('Create reward')),
				contactId: contact,
			},
			check: (i) => expect(first(i).success === true, 'not redeemed'),
		},
		{
			name: 'Get redeems',
			node: 'customerEngagement',
			parameters: {
				resource: 'redeem',
				operation: 'getAll',
				returnAll: true,
				filters: { loyaltyRewardId: ref('Create reward') },
			},
			check: (i) => expect(i.length === 1, `expected 1 redeem, got ${i.length}`),
		},
		{
			name: 'Get many rewards',
			node: 'customerEngagement',
			parameters: { resource: 'loyaltyReward', operation: 'getAll', returnAll: true },
			check: (i) => expect(i.length === 1, 'rewards not listed'),
		},
		{
			name: 'Delete reward',
			node: 'customerEngagement',
			parameters: {
				resource: 'loyaltyReward',
				operation: 'delete',
				rewardId: id(ref('Create reward')),
			},
			check: (i) => expect(first(i).title === 'Coffee', 'reward not deleted'),
		},
		{
			name: 'Get settings',
			node: 'customerEngagement',
			parameters: { resource: 'loyaltySettings', operation: 'get' },
			check: (i) => expect(typeof first(i).checkin === 'number', 'settings not read'),
		},
		{
			name: 'Update settings',
			node: 'customerEngagement',
			parameters: {
				resource: 'loyaltySettings',
				operation: 'update',
				updateFields: { checkin: 2 },
			},
			check: (i) => expect(first(i).checkin === 2, 'settings not updated'),
		},
		{
			name: 'Get many contacts',
			node: 'customerEngagement',
			parameters: { resource: 'contact', operation: 'getAll', returnAll: false, limit: 5 },
			check: (i) => expect(i.length === 1, `expected 1 contact, got ${i.length}`),
		},
		{
			name: 'Delete contact',
			node: 'customerEngagement',
			parameters: { resource: 'contact', operation: 'delete', contactId: contact },
			check: (i) => expect(first(i).email === 'ann@example.com', 'contact not deleted'),
		},
	];
}

export function checkMonitorSteps(seeded: { uuid: string }): Step[] {
	const check = id(ref('Create check', 'uuid'));
	const pinged = id(seeded.uuid);
	return [
		{
			name: 'Create check',
			node: 'checkMonitor',
			parameters: {
				resource: 'check',
				operation: 'create',
				additionalFields: {
					name: 'Nightly backup',
					slug: 'nightly-backup',
					tags: 'prod backup',
					timeout: 3600,
				},
				options: { unique: ['name'] },
			},
			check: (i) =>
				expect(
					first(i).outcome === 'created' && first(i).slug === 'nightly-backup',
					'check not created',
				),
		},
		{
			name: 'Upsert check',
			node: 'checkMonitor',
			parameters: {
				resource: 'check',
				operation: 'create',
				additionalFields: { name: 'Nightly backup', timeout: 7200 },
				options: { unique: ['name'] },
			},
			check: (i) =>
				expect(first(i).outcome === 'updated' && first(i).timeout === 7200, 'check not upserted'),
		},
		{
			name: 'Get check',
			node: 'checkMonitor',
			parameters: { resource: 'check', operation: 'get', checkId: check },
			check: (i) => expect(first(i).timeout === 7200, 'check not read'),
		},
		{
			name: 'Get check by slug',
			node: 'checkMonitor',
			parameters: {
				resource: 'check',
				operation: 'get',
				checkId: { __rl: true, mode: 'slug', value: 'nightly-backup' },
			},
			check: (i) =>
				expect(
					first(i).timeout === 7200 && first(i).slug === 'nightly-backup',
					'check not read by slug',
				),
		},
		{
			name: 'Get many checks',
			node: 'checkMonitor',
			parameters: {
				resource: 'check',
				operation: 'getAll',
				returnAll: true,
				filters: { tag: 'prod backup' },
			},
			check: (i) => expect(i.length === 1, `expected 1 check, got ${i.length}`),
		},
		{
			name: 'Update check',
			node: 'checkMonitor',
			parameters: {
				resource: 'check',
				operation: 'update',
				checkId: check,
				updateFields: { desc: 'database', channels: '={{ ["*"] }}' },
			},
			check: (i) =>
				expect(
					first(i).desc === 'database' && String(first(i).channels).length === 36,
					`update: ${JSON.stringify(first(i).channels)}`,
				),
		},
		{
			name: 'Get channels',
			node: 'checkMonitor',
			parameters: { resource: 'channel', operation: 'getAll' },
			check: (i) => expect(i.length === 1 && first(i).name === 'ops-email', 'channels not listed'),
		},
		{
			name: 'Pause check',
			node: 'checkMonitor',
			parameters: { resource: 'check', operation: 'pause', checkId: check },
			check: (i) => expect(first(i).status === 'paused', 'not paused'),
		},
		{
			name: 'Resume check',
			node: 'checkMonitor',
			parameters: { resource: 'check', operation: 'resume', checkId: check },
			check: (i) => expect(first(i).status === 'new', 'not resumed'),
		},
		{
			name: 'Get flips',
			node: 'checkMonitor',
			parameters: {
				resource: 'flip',
				operation: 'getAll',
				checkId: check,
				returnAll: true,
				filters: { seconds: 3600 },
			},
			check: (i) =>
				expect(i.length === 2 && i.every((f) => f.up === 0), `flips: ${JSON.stringify(i)}`),
		},
		{
			name: 'Send ping',
			node: 'checkMonitor',
			parameters: {
				resource: 'ping',
				operation: 'send',
				checkId: pinged,
				signal: 'log',
				additionalFields: { body: 'from n8n', ridFromExecution: true },
			},
			check: (i) =>
				expect(
					first(i).answer === 'OK' &&
						first(i).signal === 'log' &&
						/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(
							String(first(i).rid),
						),
					`ping: ${JSON.stringify(first(i))}`,
				),
		},
		{
			name: 'Get pings',
			node: 'checkMonitor',
			parameters: { resource: 'ping', operation: 'getAll', checkId: pinged, returnAll: true },
			check: (i) => expect(i.length === 3 && first(i).type === 'log', `pings: ${i.length}`),
		},
		{
			name: 'Get ping body',
			node: 'checkMonitor',
			parameters: { resource: 'ping', operation: 'getBody', checkId: pinged, pingNumber: 2 },
			check: (i) => expect(first(i).body === '{"files": 42}', `body: ${String(first(i).body)}`),
		},
		{
			name: 'Get badges',
			node: 'checkMonitor',
			parameters: { resource: 'badge', operation: 'getAll' },
			check: (i) =>
				expect(
					i.some((b) => b.tag === '*'),
					'badges missing',
				),
		},
		{
			name: 'Get status',
			node: 'checkMonitor',
			parameters: { resource: 'status', operation: 'get' },
			check: (i) => expect(first(i).ok === true, 'status not OK'),
		},
		{
			name: 'Delete check',
			node: 'checkMonitor',
			parameters: { resource: 'check', operation: 'delete', checkId: check },
			check: (i) => expect(first(i).name === 'Nightly backup', 'check not deleted'),
		},
	];
}

/** What a required field of a new operation gets: the chain's record of that name, else a value of its type. */
const RECORDS: Record<string, unknown> = {
	contactId: id(ref('Create contact')),
	customerId: id(ref('Create contact')),
	labelId: id(ref('Create label')),
	customFieldId: id(ref('Create custom field')),
	rewardId: id(ref('Create reward')),
	visitId: ref('Create visit'),
	checkId: id(ref('Create check', 'uuid')),
};

/** Steps for the operations of `description` that `steps` leaves out, for a chain that makes the records RECORDS names. */
export function stepsForTheRest(
	node: Step['node'],
	description: INodeTypeDescription,
	steps: Step[],
): Step[] {
	const written = new Set(
		steps.map((step) => `${String(step.parameters.resource)}.${String(step.parameters.operation)}`),
	);
	return Object.entries(operationsOf(description)).flatMap(([resource, operations]) =>
		operations
			.filter((operation) => !written.has(`${resource}.${operation}`))
			.map((operation): Step => {
				const values = { resource, operation };
				const resolved =
					NodeHelpers.getNodeParameters(
						description.properties,
						values,
						true,
						false,
						null,
						description,
					) ?? {};
				const required = description.properties.filter(
					(p) =>
						p.required && NodeHelpers.displayParameter(resolved, p, null, description, resolved),
				);
				const parameters: IDataObject = { ...values };
				for (const p of required)
					parameters[p.name] = (RECORDS[p.name] ?? p.default) as IDataObject[string];
				return {
					name: `${resource} ${operation} (from its description)`,
					node,
					parameters,
					check: () => undefined,
				};
			}),
	);
}

/** The chain's steps with those for the rest of the operations, placed before the first delete (so the records they need are there). */
export function everyOperation(
	node: Step['node'],
	description: INodeTypeDescription,
	steps: Step[],
): Step[] {
	const rest = stepsForTheRest(node, description, steps);
	const firstDelete = steps.findIndex((step) => step.parameters.operation === 'delete');
	const at = firstDelete === -1 ? steps.length : firstDelete;
	return [...steps.slice(0, at), ...rest, ...steps.slice(at)];
}

/** A chain run as the editor's Execute workflow runs it; each step's output checked. */
export async function chainChecks(
	n8n: StartedN8n,
	workflowId: string,
	steps: Step[],
	record: (name: string, message?: string) => void,
): Promise<void> {
	let resultData: RunData['resultData'];
	try {
		resultData = (await n8n.editor.runToEnd(workflowId, 'Start')).resultData;
	} catch (error) {
		console.log(
			`the run of ${workflowId} failed: ${(error as Error).message.slice(0, 500)}; the end of n8n's log:\n${readFileSync(n8n.logFile, 'utf8').slice(-3000)}`,
		);
		for (const step of steps)
			record(`${workflowId} › ${step.name}`, 'the run failed (output above)');
		return;
	}
	for (const step of steps) {
		const task = resultData.runData[step.name]?.[0];
		if (!task) {
			record(
				`${workflowId} › ${step.name}`,
				`did not run${resultData.error ? ` (workflow error: ${String(resultData.error.message)})` : ''}`,
			);
			continue;
		}
		if (task.error) {
			record(
				`${workflowId} › ${step.name}`,
				`failed: ${String((task.error as IDataObject).message)}`,
			);
			continue;
		}
		const items = ((((task.data as IDataObject)?.main as IDataObject[][]) ?? [])[0] ?? []).map(
			(item) => item.json as IDataObject,
		);
		record(`${workflowId} › ${step.name}`, step.check(items));
	}
}
