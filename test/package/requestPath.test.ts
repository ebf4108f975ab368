/**
 * Every request of both action nodes goes through apiRequest (the credential's gate, the 429
 * waits, read retries, worded errors) because n8n's routing hands it to the node's hook,
 * `sendThroughGate` (requestOperations.pagination), switched on by send.paginate on the Resource
 * selector. Routing that n8n's starter and nodes-base write would skip that hook or break in it,
 * and no operation test would notice: this walks the built descriptions (dist/, what n8n loads),
 * every operation's routing and every parameter's, collections and options included.
 *
 * Package-wide: the request path is a contract of both action nodes, read from the build.
 */
import path from 'node:path';
import { existsSync } from 'node:fs';
import type { INodeTypeDescription, INodeProperties, INodePropertyRouting } from 'n8n-workflow';
import { CustomerEngagement } from '../../nodes/CustomerEngagement/CustomerEngagement.node';
import { byId, registerOperationVariant, runNode } from '../../harness/engine';
import { useCustomerEngagementServer } from '../support/setup';

/** A description's routing forms that would skip the request hook or that it cannot run, in words. */
export function routingThatSkipsTheHook(description: INodeTypeDescription): string[] {
	const found: string[] = [];
	if (typeof description.requestOperations?.pagination !== 'function')
		found.push(
			"the node's requestOperations.pagination is not a function: n8n sends every request itself, without the credential's gate",
		);
	const resource = description.properties.find((property) => property.name === 'resource');
	if (resource?.routing?.send?.paginate !== true || resource.displayOptions)
		found.push(
			'the Resource selector is not shown for every operation with send.paginate true: n8n sends the request itself when nothing switches the hook on',
		);
	const visit = (entry: object, where: string, isResource: boolean) => {
		const { routing, options, values } = entry as {
			routing?: INodePropertyRouting;
			options?: object[];
			values?: object[];
		};
		for (const action of routing?.output?.postReceive ?? [])
			if (typeof action !== 'function')
				found.push(
					`${where}: output.postReceive holds a declarative action ("${action.type}"); the hook runs output functions only, so the operation would throw when run: write it as a function`,
				);
		if (routing?.output?.maxResults !== undefined)
			found.push(
				`${where}: output.maxResults; n8n applies it outside the hook, cutting what the hook returned: read Limit in the hook (requestedLimit)`,
			);
		if (
			routing?.operations?.pagination !== undefined &&
			typeof routing.operations.pagination !== 'function'
		)
			found.push(
				`${where}: operations.pagination is an object (type "${routing.operations.pagination.type}"); n8n would send its pages itself, without the credential's gate, the 429 waits or the worded errors: give a function that sends with routedRequest`,
			);
		if (routing?.send?.paginate !== undefined && !isResource)
			found.push(
				`${where}: send.paginate; only the Resource selector switches the hook on, for every operation: set here, n8n sends the request itself whenever it is false`,
			);
		for (const option of [...(options ?? []), ...(values ?? [])]) {
			const { name, value } = option as { name?: string; value?: unknown };
			visit(option, `${where} › ${String(value ?? name)}`, false);
		}
	};
	for (const property of description.properties) {
		const resources = property.displayOptions?.show?.resource as string[] | undefined;
		const where = `${property.name}${resources ? ` (${resources.join(', ')})` : ''}`;
		visit(property, where, property === resource);
	}
	return found;
}

test('a small description with each form at once: each named where it is', () => {
	const hook = async () => [];
	const description = {
		requestOperations: { pagination: hook },
		properties: [
			{ name: 'resource', type: 'options', default: 'a', routing: { send: { paginate: true } } },
			{
				name: 'operation',
				type: 'options',
				default: 'get',
				displayOptions: { show: { resource: ['a'] } },
				options: [
					{ name: 'Get', value: 'get', routing: { output: { postReceive: [{ type: 'set' }] } } },
					{
						name: 'Get Many',
						value: 'getAll',
						routing: { operations: { pagination: { type: 'offset' } } },
					},
					{ name: 'Own Hook', value: 'own', routing: { operations: { pagination: hook } } },
				],
			},
			{
				name: 'options',
				type: 'collection',
				default: {},
				options: [
					{ name: 'limit', type: 'number', default: 1, routing: { output: { maxResults: 5 } } },
					{ name: 'all', type: 'boolean', default: false, routing: { send: { paginate: false } } },
				],
			},
		],
	} as unknown as INodeTypeDescription;
	expect(routingThatSkipsTheHook(description).map((line) => line.split(';')[0])).toEqual([
		'operation (a) › get: output.postReceive holds a declarative action ("set")',
		'operation (a) › getAll: operations.pagination is an object (type "offset")',
		'options › limit: output.maxResults',
		'options › all: send.paginate',
	]);
});

const root = path.join(__dirname, '..', '..');
function built(node: string): INodeTypeDescription {
	const file = path.join(root, 'dist', 'nodes', node, `${node}.node.js`);
	if (!existsSync(file))
		throw new Error('dist/ is not built: run `npm run build` (npm test builds first)');
	type NodeClass = new () => { description: INodeTypeDescription };
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const loaded = require(file) as Record<string, NodeClass>;
	return new loaded[node]().description;
}

test.each(['CustomerEngagement', 'CheckMonitor'])(
	'%s (built): every operation reaches the request hook, and the hook can run its routing',
	(node) => {
		expect(routingThatSkipsTheHook(built(node))).toEqual([]);
	},
);

/** The built Customer Engagement description with `change` made to Contact → Get's routing, or to its Contact parameter's. */
function planted(
	change: (routing: INodePropertyRouting) => INodePropertyRouting,
	on: 'operation' | 'parameter' = 'operation',
): INodeTypeDescription {
	const description = built('CustomerEngagement');
	const properties = description.properties.map((property): INodeProperties => {
		const resources = property.displayOptions?.show?.resource as string[] | undefined;
		if (on === 'parameter')
			return property.name === 'limit' && resources?.includes('contact')
				? { ...property, routing: change(property.routing ?? {}) }
				: property;
		if (property.name !== 'operation' || !resources?.includes('contact')) return property;
		const options = (
			property.options as Array<{ value: string; routing?: INodePropertyRouting }>
		).map((option) =>
			option.value === 'get' ? { ...option, routing: change(option.routing ?? {}) } : option,
		);
		return { ...property, options } as INodeProperties;
	});
	return { ...description, properties };
}

/** The planted Limit as the check names it: with the resources that show it, read from the build. */
const plantedLimit = () => {
	const limit = built('CustomerEngagement').properties.find(
		(property) =>
			property.name === 'limit' &&
			(property.displayOptions?.show?.resource as string[] | undefined)?.includes('contact'),
	);
	return `limit (${(limit?.displayOptions?.show?.resource as string[]).join(', ')})`;
};

describe('each routing form that skips the hook, or that it cannot run, fails the check (planted in a copy of the built description)', () => {
	test('a declarative postReceive action (rootProperty), as the starter writes one', () => {
		expect(
			routingThatSkipsTheHook(
				planted((routing) => ({
					...routing,
					output: {
						postReceive: [
							...(routing.output?.postReceive ?? []),
							{ type: 'rootProperty', properties: { property: 'data' } },
						],
					},
				})),
			),
		).toEqual([
			'operation (contact) › get: output.postReceive holds a declarative action ("rootProperty"); the hook runs output functions only, so the operation would throw when run: write it as a function',
		]);
	});

	test('output.maxResults, on a Limit parameter as nodes-base writes it', () => {
		expect(
			routingThatSkipsTheHook(
				planted((routing) => ({ ...routing, output: { maxResults: '={{$value}}' } }), 'parameter'),
			),
		).toEqual([
			`${plantedLimit()}: output.maxResults; n8n applies it outside the hook, cutting what the hook returned: read Limit in the hook (requestedLimit)`,
		]);
	});

	test('an object operations.pagination (type generic)', () => {
		expect(
			routingThatSkipsTheHook(
				planted((routing) => ({
					...routing,
					operations: {
						pagination: {
							type: 'generic',
							properties: { continue: '={{ false }}', request: {} },
						},
					},
				})),
			),
		).toEqual([
			'operation (contact) › get: operations.pagination is an object (type "generic"); n8n would send its pages itself, without the credential\'s gate, the 429 waits or the worded errors: give a function that sends with routedRequest',
		]);
	});

	test('send.paginate on a parameter other than the Resource selector (here Limit; nodes-base puts it on Return All)', () => {
		expect(
			routingThatSkipsTheHook(
				planted((routing) => ({ ...routing, send: { paginate: '={{ $value }}' } }), 'parameter'),
			),
		).toEqual([
			`${plantedLimit()}: send.paginate; only the Resource selector switches the hook on, for every operation: set here, n8n sends the request itself whenever it is false`,
		]);
	});

	test("the node's hook or its switch removed", () => {
		const description = built('CustomerEngagement');
		const properties = description.properties.map((property) =>
			property.name === 'resource' ? { ...property, routing: undefined } : property,
		);
		expect(
			routingThatSkipsTheHook({ ...description, requestOperations: undefined, properties }),
		).toEqual([
			"the node's requestOperations.pagination is not a function: n8n sends every request itself, without the credential's gate",
			'the Resource selector is not shown for every operation with send.paginate true: n8n sends the request itself when nothing switches the hook on',
		]);
	});

	test("inside a collection: a field of Contact → Create's Additional Fields is walked too", () => {
		const description = built('CustomerEngagement');
		const page: INodeProperties = {
			displayName: 'Page',
			name: 'page',
			type: 'number',
			default: 1,
			routing: { send: { paginate: true } },
		};
		const properties = description.properties.map((property) => {
			const shown = property.displayOptions?.show;
			return property.name === 'additionalFields' &&
				shown?.resource?.includes('contact') &&
				shown.operation?.includes('create')
				? { ...property, options: [...(property.options ?? []), page] }
				: property;
		});
		expect(routingThatSkipsTheHook({ ...description, properties })).toEqual([
			'additionalFields (contact) › page: send.paginate; only the Resource selector switches the hook on, for every operation: set here, n8n sends the request itself whenever it is false',
		]);
	});

	test('the source description is the built one (so the check reads what n8n loads)', () => {
		expect(built('CustomerEngagement').properties.map((p) => p.name)).toEqual(
			new CustomerEngagement().description.properties.map((p) => p.name),
		);
	});
});

/** Why: each form run through n8n's engine against the stand-in, planted on Contact → Get. */
describe('what each form does when it runs', () => {
	const { server, credentials } = useCustomerEngagementServer();
	let variants = 0;
	async function runPlanted(change: (routing: INodePropertyRouting) => INodePropertyRouting) {
		const type = `requestPathVariant${++variants}`;
		const at = { resource: 'contact', operation: 'get' };
		registerOperationVariant(type, new CustomerEngagement(), at, change);
		const contact = server.seedContact({ email: 'ann@example.com' });
		return await runNode({
			type,
			parameters: { ...at, contactId: byId(String(contact.id)) } as never,
			credentials: credentials(),
		});
	}

	test('as planted, nothing changes: a 429 is waited out and sent again (the gate)', async () => {
		server.injectFault({ kind: 'status', status: 429, retryAfter: '0' });
		const result = await runPlanted((routing) => routing);
		expect(result.error).toBeUndefined();
		expect(server.requests).toHaveLength(2);
	});

	test('an object operations.pagination: n8n sends the request itself, and the 429 stops it', async () => {
		server.injectFault({ kind: 'status', status: 429, retryAfter: '0' });
		const result = await runPlanted((routing) => ({
			...routing,
			operations: {
				pagination: { type: 'generic', properties: { continue: '={{ false }}', request: {} } },
			},
		}));
		expect(server.requests).toHaveLength(1);
		expect(result.error?.message).not.toMatch(/^Rate limit reached/);
	});

	test('a declarative postReceive action: the hook cannot run it', async () => {
		const result = await runPlanted((routing) => ({
			...routing,
			output: { postReceive: [{ type: 'rootProperty', properties: { property: 'data' } }] },
		}));
		expect(result.error?.message).toBe('action.call is not a function');
	});
});
