/**
 * How many expressions n8n evaluates per item, for both action nodes.
 *
 * `runNode` (harness/engine.ts) checks every run of an action node that succeeds: each
 * expression the user wrote is evaluated exactly as often as n8n's engine needs
 * (harness/expressionFloor.ts: the walks over every definition of its name, and the reads
 * routing adds), and none is the node's own. Each operation's test file runs the operation on
 * several items with every value an expression, so that check covers every operation.
 *
 * Package-wide: the parameter names of each node that have more than one definition (each
 * costs a further evaluation per item, whichever operation runs), the rule counted by hand, and
 * proof that the automatic check fails on a planted extra evaluation, so it cannot silently
 * stop working.
 */
import type { IExecuteSingleFunctions, IHttpRequestOptions, INodeTypeDescription } from 'n8n-workflow';
import { CheckMonitor } from '../../nodes/CheckMonitor/CheckMonitor.node.ts';
import { CustomerEngagement } from '../../nodes/CustomerEngagement/CustomerEngagement.node.ts';
import { byId, registerOperationVariant, runNode } from '../../harness/engine';
import { expressionFloor, WALKS } from '../../harness/expressionFloor';
import { useCustomerEngagementServer } from '../support/setup';

function definitionCounts(description: INodeTypeDescription): Record<string, number> {
	const counts: Record<string, number> = {};
	// Hidden parameters hold constants (never an expression), so their definitions cost nothing.
	for (const property of description.properties) if (property.type !== 'hidden') counts[property.name] = (counts[property.name] ?? 0) + 1;
	return Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 1));
}

test('each parameter has one definition, except where n8n cannot show one definition in exactly the right places', () => {
	expect(definitionCounts(new CustomerEngagement().description)).toEqual({
		// One per resource: each lists different operations; never an expression.
		operation: 11,
		// Contact Get Many and Conversation/Reward Get share a collection but not the operations;
		// Custom Field Update Options' `options` is the API's own field (a list), not a collection.
		options: 3,
	});
	expect(definitionCounts(new CheckMonitor().description)).toEqual({
		operation: 6,
		// The check of every Check, Ping and Flip operation is one: By Slug, once Ping Send's
		// own mode (a definition of its own), is every operation's (checkIdBySlug).
	});
});

test('the floor, counted by hand: an ID the transport reads, a routed field, an entry of a fixed collection', () => {
	const description = new CustomerEngagement().description;
	// Contact Get: the walks, and the transport's read of the ID (no routing of its own).
	expect(expressionFloor(description, { resource: 'contact', operation: 'get', contactId: byId('={{ $json.id }}') })).toEqual({ '{{ $json.id }}': WALKS + 1 });
	// Label Create: Name is sent by its routing, read once more in each walk.
	expect(expressionFloor(description, { resource: 'label', operation: 'create', name: '={{ $json.name }}' })).toEqual({ '{{ $json.name }}': 2 * WALKS });
	// Custom Field Update Options: three definitions of `options`; the list is routed, and resolved again to route its entries, in each walk.
	expect(
		expressionFloor(description, { resource: 'customField', operation: 'updateOptions', customFieldId: byId('cf_1'), options: { option: [{ id: '', value: '={{ $json.value }}' }] } }),
	).toEqual({ '{{ $json.value }}': 3 * WALKS + WALKS + WALKS });
});

describe('the check runNode makes fails when an operation evaluates an expression more often, or one of its own', () => {
	const { server, credentials } = useCustomerEngagementServer();
	const items = [{ name: 'L0' }, { name: 'L1' }, { name: 'L2' }];

	/** Label → Create whose routing runs `hook` before its own checks. */
	function plantedLabelCreate(type: string, hook: (this: IExecuteSingleFunctions) => void) {
		registerOperationVariant(type, new CustomerEngagement(), { resource: 'label', operation: 'create' }, (routing) => ({
			...routing,
			send: {
				...routing.send,
				preSend: [
					async function (this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
						hook.call(this);
						return requestOptions;
					},
					...(routing.send?.preSend ?? []),
				],
			},
		}));
	}

	test('the operation as it is passes the check', async () => {
		const result = await runNode({ type: 'customerEngagement', parameters: { resource: 'label', operation: 'create', name: '={{ $json.name }}' }, credentials: credentials(), items });
		expect(result.error).toBeUndefined();
		expect(server.requests.map((r) => r.body)).toEqual(items);
	});

	test('a parameter read once more per item: the run throws the mismatch, naming the expression', async () => {
		plantedLabelCreate('labelCreateReadTwice', function () {
			this.getNodeParameter('name');
		});
		const run = runNode({ type: 'labelCreateReadTwice', parameters: { resource: 'label', operation: 'create', name: '={{ $json.name }}' }, credentials: credentials(), items });
		await expect(run).rejects.toThrow(/expressions evaluated per item[\s\S]*\{\{ \$json\.name \}\}/);
		// The run itself succeeded: only the count is wrong.
		expect(server.requests.map((r) => r.body)).toEqual(items);
	});

	test('an expression of the node\'s own, in a run without any of the user\'s: the run throws the mismatch', async () => {
		plantedLabelCreate('labelCreateOwnExpression', function () {
			this.evaluateExpression('={{ "planted" }}', 0);
		});
		const run = runNode({ type: 'labelCreateOwnExpression', parameters: { resource: 'label', operation: 'create', name: 'VIP' }, credentials: credentials() });
		await expect(run).rejects.toThrow(/expressions evaluated per item[\s\S]*planted/);
		expect(server.requests.map((r) => r.body)).toEqual([{ name: 'VIP' }]);
	});
});
