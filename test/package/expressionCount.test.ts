/**
 * How many expressions n8n evaluates per item, for every operation of both action nodes.
 *
 * Every user-written value below is an expression; n8n's evaluation is counted by text
 * (test/support/expressionCounter.ts). The node itself must add no expression of its own
 * (no base URL, auth header, route or value conversion as an expression), and each user
 * expression must be evaluated no more often than n8n's routing engine itself needs:
 *
 * - The engine walks the node's top-level definitions for every item and evaluates the
 *   value stored under each definition's name: once per definition of that name. n8n-core
 *   2.38+ walks them twice (the second time to find the base URL), so WALKS = 2 there.
 * - A field with routing is read once more in each walk (getNodeParameter); one without
 *   routing is read once, by the operation's own code.
 * - A fixed collection (a list of entries) is resolved once more in each walk, where the
 *   engine routes its entries.
 *
 * So an expression in parameter `name` costs WALKS × definitions(name) + reads. A parameter
 * several operations share is declared once (docs/architecture.md, "One definition per
 * name"); the names that still have several definitions are listed, with the reason, in the
 * first test.
 *
 * Package-wide: one rule for the expressions n8n evaluates, measured on every operation of both action nodes.
 */
import type { ICredentialDataDecryptedObject, INodeTypeDescription } from 'n8n-workflow';
import { CheckMonitor } from '../../nodes/CheckMonitor/CheckMonitor.node.ts';
import { CustomerEngagement } from '../../nodes/CustomerEngagement/CustomerEngagement.node.ts';
import { byId, runNode } from '../support/engine';
import { countExpressions } from '../support/expressionCounter';
import { expressionFloor } from '../support/expressionFloor';
import { useCheckMonitorServer, useCustomerEngagementServer } from '../support/setup';

const ITEMS = 3;

const nodes = {
	customerEngagement: new CustomerEngagement().description,
	checkMonitor: new CheckMonitor().description,
};

function definitionCounts(description: INodeTypeDescription): Record<string, number> {
	const counts: Record<string, number> = {};
	// Hidden parameters hold constants (never an expression), so their definitions cost nothing.
	for (const property of description.properties) if (property.type !== 'hidden') counts[property.name] = (counts[property.name] ?? 0) + 1;
	return Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 1));
}

test('each parameter has one definition, except where n8n cannot show one definition in exactly the right places', () => {
	expect(definitionCounts(nodes.customerEngagement)).toEqual({
		// One per resource: each lists different operations; never an expression.
		operation: 11,
		// Contact Get Many and Conversation/Reward Get share a collection but not the operations;
		// Custom Field Update Options' `options` is the API's own field (a list), not a collection.
		options: 3,
	});
	expect(definitionCounts(nodes.checkMonitor)).toEqual({
		operation: 6,
		// The check of every Check, Ping and Flip operation is one: By Slug, once Ping Send's
		// own mode (a definition of its own), is every operation's (checkIdBySlug).
	});
});

interface Case {
	parameters: Record<string, unknown>;
	items: (i: number) => Record<string, unknown>;
}

/** Run the case on ITEMS items (each item must succeed), counting what n8n evaluates. */
async function countedRun(type: keyof typeof nodes, testCase: Case, credentials: Record<string, ICredentialDataDecryptedObject>): Promise<Map<string, number>> {
	const counter = countExpressions();
	const result = await runNode({
		type,
		parameters: testCase.parameters as never,
		credentials,
		items: Array.from({ length: ITEMS }, (_, i) => testCase.items(i)) as never,
	}).finally(() => counter.stop());
	expect(result.error).toBeUndefined();
	return counter.byText;
}

async function expectOnlyTheUsersExpressions(type: keyof typeof nodes, name: string, testCase: Case, credentials: Record<string, ICredentialDataDecryptedObject>) {
	expectFloor(type, name, testCase, await countedRun(type, testCase, credentials));
}

function expectFloor(type: keyof typeof nodes, name: string, testCase: Case, counted: Map<string, number>) {
	const perItem = new Map([...counted].map(([text, n]) => [text, n / ITEMS]));
	expect([name, Object.fromEntries(perItem)]).toEqual([name, expressionFloor(nodes[type], testCase.parameters)]);
}

describe('Customer Engagement', () => {
	const { server, credentials } = useCustomerEngagementServer();
	const contacts: string[] = [];
	let labelId = '';
	let rewardId = '';
	let fieldId = '';
	let visitId = '';

	beforeEach(() => {
		contacts.length = 0;
		for (let i = 0; i < ITEMS; i++) contacts.push(server.seedContact({ email: `c${i}@example.com`, phone: `+1555010${i}` }).id as string);
		labelId = 'lb_1';
		server.state.labels.set(labelId, { id: labelId, name: 'VIP', color: 'GREY' });
		fieldId = 'cf_1';
		server.state.customFields.set(fieldId, { id: fieldId, name: 'Size', type: 'single_select', options: [{ id: 'op_s', value: 'S' }] });
		for (let i = 0; i < ITEMS; i++) {
			server.state.rewards.set(`rw_${i}`, { id: `rw_${i}`, title: `Coffee ${i}`, points: 1, quantity: { total: null, perContact: null }, startDate: null, expiredDate: null, expires: false, type: 'ITEM', value: null, itemId: null, itemName: null });
		}
		rewardId = 'rw_0';
		for (const contactId of contacts) server.state.contacts.get(contactId)!.loyaltyPointsCount = 100;
		visitId = server.seedVisit({ contactId: contacts[0] }).id as string;
	});

	const id = '={{ $json.id }}';
	const cases: Record<string, Case> = {
		'contact create': {
			parameters: {
				resource: 'contact',
				operation: 'create',
				email: '={{ $json.email }}',
				additionalFields: { firstName: '={{ $json.first }}', customFields: { field: [{ id: 'cf_1', value: '={{ $json.size }}' }] } },
			},
			items: (i) => ({ email: `new${i}@example.com`, first: `F${i}`, size: 'op_s' }),
		},
		'contact upsert': { parameters: { resource: 'contact', operation: 'upsert', email: '={{ $json.email }}', additionalFields: { lastName: '={{ $json.last }}' } }, items: (i) => ({ email: `c${i}@example.com`, last: `L${i}` }) },
		'contact get': { parameters: { resource: 'contact', operation: 'get', contactId: byId(id) }, items: (i) => ({ id: contacts[i] }) },
		'contact getAll': { parameters: { resource: 'contact', operation: 'getAll', returnAll: true, filters: { email: '={{ $json.email }}' } }, items: (i) => ({ email: `c${i}@example.com` }) },
		'contact update': { parameters: { resource: 'contact', operation: 'update', contactId: byId(id), updateFields: { lastName: '={{ $json.last }}' } }, items: (i) => ({ id: contacts[i], last: `L${i}` }) },
		'contact adjustLoyaltyPoints': { parameters: { resource: 'contact', operation: 'adjustLoyaltyPoints', contactId: byId(id), pointsValue: '={{ $json.points }}' }, items: (i) => ({ id: contacts[i], points: i + 1 }) },
		'contact delete': { parameters: { resource: 'contact', operation: 'delete', contactId: byId(id) }, items: (i) => ({ id: contacts[i] }) },
		'activity getAll': { parameters: { resource: 'activity', operation: 'getAll', returnAll: true, contactId: byId(id) }, items: (i) => ({ id: contacts[i] }) },
		'note create': { parameters: { resource: 'note', operation: 'create', contactId: byId(id), text: '={{ $json.text }}' }, items: (i) => ({ id: contacts[i], text: `T${i}` }) },
		'customField create': { parameters: { resource: 'customField', operation: 'create', name: '={{ $json.name }}', type: 'single_select', additionalFields: { options: '={{ $json.options }}' } }, items: (i) => ({ name: `F${i}`, options: ['A', 'B'] }) },
		'customField getAll': { parameters: { resource: 'customField', operation: 'getAll', returnAll: true }, items: () => ({}) },
		'customField rename': { parameters: { resource: 'customField', operation: 'rename', customFieldId: byId('={{ $json.field }}'), name: '={{ $json.name }}' }, items: (i) => ({ field: fieldId, name: `N${i}` }) },
		'customField updateOptions': { parameters: { resource: 'customField', operation: 'updateOptions', customFieldId: byId('={{ $json.field }}'), options: { option: [{ id: '', value: '={{ $json.value }}' }] } }, items: (i) => ({ field: fieldId, value: `V${i}` }) },
		'text send': { parameters: { resource: 'text', operation: 'send', customerId: '={{ $json.id }}', message: '={{ $json.message }}' }, items: (i) => ({ id: contacts[i], message: `M${i}` }) },
		'conversation get': { parameters: { resource: 'conversation', operation: 'get', customerId: '={{ $json.id }}' }, items: (i) => ({ id: contacts[i] }) },
		'visit create': { parameters: { resource: 'visit', operation: 'create', contactId: byId(id), additionalFields: { points: '={{ $json.points }}' } }, items: (i) => ({ id: contacts[i], points: i }) },
		'visit createMany': { parameters: { resource: 'visit', operation: 'createMany', visits: '={{ JSON.stringify([{ contactId: $json.id }]) }}' }, items: (i) => ({ id: contacts[i] }) },
		'visit get': { parameters: { resource: 'visit', operation: 'get', visitId: '={{ $json.visit }}' }, items: () => ({ visit: visitId }) },
		'visit getAll': { parameters: { resource: 'visit', operation: 'getAll', returnAll: true, filters: { contactId: '={{ $json.id }}' } }, items: (i) => ({ id: contacts[i] }) },
		'label create': { parameters: { resource: 'label', operation: 'create', name: '={{ $json.name }}' }, items: (i) => ({ name: `L${i}` }) },
		'label get': { parameters: { resource: 'label', operation: 'get', labelId: byId('={{ $json.label }}') }, items: () => ({ label: labelId }) },
		'label getAll': { parameters: { resource: 'label', operation: 'getAll', returnAll: true }, items: () => ({}) },
		'loyaltyReward create': { parameters: { resource: 'loyaltyReward', operation: 'create', title: '={{ $json.title }}', points: '={{ $json.points }}' }, items: (i) => ({ title: `R${i}`, points: i + 1 }) },
		'loyaltyReward get': { parameters: { resource: 'loyaltyReward', operation: 'get', rewardId: byId('={{ $json.reward }}') }, items: () => ({ reward: rewardId }) },
		'loyaltyReward update': { parameters: { resource: 'loyaltyReward', operation: 'update', rewardId: byId('={{ $json.reward }}'), updateFields: { points: '={{ $json.points }}' } }, items: (i) => ({ reward: rewardId, points: i + 2 }) },
		'loyaltyReward getAll': { parameters: { resource: 'loyaltyReward', operation: 'getAll', returnAll: true }, items: () => ({}) },
		'loyaltyReward redeem': { parameters: { resource: 'loyaltyReward', operation: 'redeem', rewardId: byId('={{ $json.reward }}'), contactId: byId(id) }, items: (i) => ({ reward: rewardId, id: contacts[i] }) },
		'loyaltyReward delete': { parameters: { resource: 'loyaltyReward', operation: 'delete', rewardId: byId('={{ $json.reward }}') }, items: (i) => ({ reward: `rw_${i}` }) },
		'redeem getAll': { parameters: { resource: 'redeem', operation: 'getAll', returnAll: true, filters: { contactId: '={{ $json.id }}' } }, items: (i) => ({ id: contacts[i] }) },
		'loyaltySettings get': { parameters: { resource: 'loyaltySettings', operation: 'get' }, items: () => ({}) },
		'loyaltySettings update': { parameters: { resource: 'loyaltySettings', operation: 'update', updateFields: { checkin: '={{ $json.points }}' } }, items: (i) => ({ points: i }) },
	};

	test.each(Object.keys(cases))('%s: only the user\'s expressions, each as often as n8n itself needs', async (name) => {
		await expectOnlyTheUsersExpressions('customerEngagement', name, cases[name], credentials());
		expect(server.requests.length).toBeGreaterThan(0);
	});

});

describe('Check Monitor', () => {
	const { server, credentials } = useCheckMonitorServer();
	const checks: string[] = [];

	beforeEach(() => {
		checks.length = 0;
		for (let i = 0; i < ITEMS; i++) {
			const check = server.seedCheck({ name: `c${i}`, slug: `c${i}` });
			server.receivePing(check.uuid, '', 'body');
			checks.push(check.uuid);
		}
	});

	const check = byId('={{ $json.check }}');
	const cases: Record<string, Case> = {
		'check create': { parameters: { resource: 'check', operation: 'create', additionalFields: { name: '={{ $json.name }}' } }, items: (i) => ({ name: `N${i}` }) },
		'check get': { parameters: { resource: 'check', operation: 'get', checkId: check }, items: (i) => ({ check: checks[i] }) },
		'check getAll': { parameters: { resource: 'check', operation: 'getAll', returnAll: true, filters: { slug: '={{ $json.slug }}' } }, items: (i) => ({ slug: `c${i}` }) },
		'check update': { parameters: { resource: 'check', operation: 'update', checkId: check, updateFields: { desc: '={{ $json.desc }}' } }, items: (i) => ({ check: checks[i], desc: `D${i}` }) },
		'check pause': { parameters: { resource: 'check', operation: 'pause', checkId: check }, items: (i) => ({ check: checks[i] }) },
		'check delete': { parameters: { resource: 'check', operation: 'delete', checkId: check }, items: (i) => ({ check: checks[i] }) },
		'ping getAll': { parameters: { resource: 'ping', operation: 'getAll', returnAll: true, checkId: check }, items: (i) => ({ check: checks[i] }) },
		'ping getBody': { parameters: { resource: 'ping', operation: 'getBody', checkId: check, pingNumber: '={{ $json.n }}' }, items: (i) => ({ check: checks[i], n: 1 }) },
		'flip getAll': { parameters: { resource: 'flip', operation: 'getAll', returnAll: true, checkId: check, filters: { seconds: '={{ $json.seconds }}' } }, items: (i) => ({ check: checks[i], seconds: 3600 + i }) },
		'channel getAll': { parameters: { resource: 'channel', operation: 'getAll' }, items: () => ({}) },
		'badge getAll': { parameters: { resource: 'badge', operation: 'getAll' }, items: () => ({}) },
		'status get': { parameters: { resource: 'status', operation: 'get' }, items: () => ({}) },
	};

	test.each(Object.keys(cases))('%s: only the user\'s expressions, each as often as n8n itself needs', async (name) => {
		await expectOnlyTheUsersExpressions('checkMonitor', name, cases[name], credentials());
		expect(server.requests.length).toBeGreaterThan(0);
	});

});
