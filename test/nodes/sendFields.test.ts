/**
 * nodes/shared/sendFields.ts: which fields sendPlainFieldsOnce moves into its one preSend
 * (what that preSend sends is shown through n8n's engine by every operation's tests, and
 * what it saves by test/nodes/expressionCount.test.ts).
 */
import type { IHttpRequestOptions, INodeProperties } from 'n8n-workflow';
import { requestDefaults, sendSingleRequest } from '../../nodes/CheckMonitor/shared/checkMonitorApi';
import { sendPlainFieldsOnce } from '../../nodes/shared/sendFields';
import { requestInterceptor } from '../../nodes/shared/requestInterceptor';
import { registerTestNode, runNode, testNodeDescription } from '../support/engine';
import { useCheckMonitorServer } from '../support/setup';

const field = (name: string, routing: object | undefined, more: Partial<INodeProperties> = {}): INodeProperties =>
	({ displayName: name, name, type: 'string', default: '', ...(routing ? { routing } : {}), ...more }) as INodeProperties;

test('only fields that name one key of the body or query string lose their routing, in collections too', () => {
	const transportsOwn = async (o: IHttpRequestOptions) => o;
	const properties = sendPlainFieldsOnce([
		{ ...requestInterceptor, routing: { send: { paginate: true, preSend: [transportsOwn] } } },
		field('name', { send: { type: 'body', property: 'name' } }),
		field('inQuery', { send: { type: 'query', property: 'q' } }),
		field('number', { send: { type: 'body', property: 'count' } }, { type: 'number', default: 0 }),
		field('untyped', { send: { property: 'u' } }),
		field('withPreSend', { send: { type: 'body', property: 'p', preSend: [async (o: object) => o] } }),
		field('withValue', { send: { type: 'body', property: 'v', value: '={{ $value }}' } }),
		field('expression', { send: { type: 'body', property: '={{ "k" }}' } }),
		field('nested', { send: { type: 'body', property: 'a.b' } }),
		field('unnamed', { send: { type: 'body' } }),
		field('emptyKey', { send: { type: 'body', property: '' } }),
		field('withRequest', { send: { type: 'body', property: 'r' }, request: { url: '/x' } }),
		field('locator', { send: { type: 'body', property: 'l' } }, { type: 'resourceLocator', default: { __rl: true, mode: 'id', value: '' }, modes: [] }),
		field('extracted', { send: { type: 'body', property: 'e' } }, { extractValue: { type: 'regex', regex: '(.*)' } }),
		field('routedChoice', { send: { type: 'body', property: 'c' } }, { type: 'options', default: 'a', options: [{ name: 'A', value: 'a', routing: { request: { url: '/a' } } }] }),
		field('choice', { send: { type: 'body', property: 'k' } }, { type: 'options', default: 'a', options: [{ name: 'A', value: 'a' }] }),
		field('partlyRoutedChoice', { send: { type: 'body', property: 'm' } }, {
			type: 'options',
			default: 'a',
			options: [
				{ name: 'A', value: 'a' },
				{ name: 'B', value: 'b', routing: { request: { url: '/b' } } },
			],
		}),
		// Only a leading '=' makes a key an expression.
		field('equalsInside', { send: { type: 'query', property: 'a=b' } }),
		{
			displayName: 'Fields',
			name: 'fields',
			type: 'collection',
			default: {},
			options: [field('inner', { send: { type: 'body', property: 'inner' } }), field('innerWithPreSend', { send: { type: 'body', property: 'i', preSend: [async (o: object) => o] } })],
		},
		{ displayName: 'Routed', name: 'routed', type: 'collection', default: {}, routing: { send: { type: 'body', property: 'all' } }, options: [field('kept', { send: { type: 'body', property: 'kept' } })] },
	]);
	const routed = (property: INodeProperties | undefined) => property?.routing !== undefined;
	expect(Object.fromEntries(properties.slice(1).map((property) => [property.name, routed(property)]))).toEqual({
		name: false,
		inQuery: false,
		number: false,
		untyped: true,
		withPreSend: true,
		withValue: true,
		expression: true,
		nested: true,
		unnamed: true,
		emptyKey: true,
		withRequest: true,
		locator: true,
		extracted: true,
		routedChoice: true,
		choice: false,
		partlyRoutedChoice: true,
		equalsInside: false,
		fields: false,
		// A collection sent whole is one key too (n8n still routes its fields, as before).
		routed: false,
	});
	const options = (name: string) => properties.find((property) => property.name === name)!.options as INodeProperties[];
	expect(options('fields').map(routed)).toEqual([false, true]);
	expect(options('routed').map(routed)).toEqual([true]);
	// The one preSend runs first, before the Transport parameter's own.
	expect(properties[0].routing).toEqual({ send: { paginate: true, preSend: [expect.any(Function), transportsOwn] } });
});

test('a node must start with the Transport parameter, where the preSend runs first', () => {
	expect(() => sendPlainFieldsOnce([field('name', { send: { type: 'body', property: 'name' } }), requestInterceptor])).toThrow(
		'sendPlainFieldsOnce: the node must start with the Transport parameter',
	);
	expect(() => sendPlainFieldsOnce([field('name', undefined)])).toThrow('sendPlainFieldsOnce: the node must start with the Transport parameter');
});

describe("through n8n's engine", () => {
	const { server, credentials } = useCheckMonitorServer();

	/** A Check Monitor operation whose fields are all plain: built here, so the test owns it. */
	function registerPlainNode(): void {
		const shownFor = (mode: string) => ({ displayOptions: { show: { mode: [mode] } } });
		registerTestNode('plainFields', {
			description: testNodeDescription('plainFields', {
				credentials: [{ name: 'checkMonitorApi', required: true }],
				requestDefaults,
				requestOperations: { pagination: sendSingleRequest },
				properties: sendPlainFieldsOnce([
					requestInterceptor,
					{ displayName: 'Endpoint', name: 'endpoint', type: 'hidden', default: '', routing: { request: { method: 'POST', url: '/api/v3/checks/' } } },
					{ displayName: 'Mode', name: 'mode', type: 'options', default: 'a', options: [{ name: 'A', value: 'a' }, { name: 'B', value: 'b' }] },
					field('name', { send: { type: 'body', property: 'name' } }),
					field('timeout', { send: { type: 'body', property: 'timeout' } }, { type: 'number', default: 0 }),
					field('desc', { send: { type: 'body', property: 'desc' } }),
					field('search', { send: { type: 'query', property: 'search' } }),
					field('onlyForB', { send: { type: 'body', property: 'onlyForB' } }, shownFor('b')),
					{
						displayName: 'Additional Fields',
						name: 'additionalFields',
						type: 'collection',
						default: {},
						options: [
							field('tags', { send: { type: 'body', property: 'tags' } }),
							field('grace', { send: { type: 'query', property: 'grace' } }, { type: 'number', default: 0 }),
							field('unsetOption', { send: { type: 'body', property: 'unsetOption' } }, { default: 'never sent' }),
							// A collection's field names a top-level parameter with '/' (n8n reads it in the collection otherwise).
							field('optionForB', { send: { type: 'body', property: 'optionForB' } }, { displayOptions: { show: { '/mode': ['b'] } } }),
						],
					},
				]),
			}),
		});
	}

	test("the preSend sends each shown field to its place, a collection's only when added, a text field's number as text", async () => {
		registerPlainNode();
		const run = (parameters: Record<string, unknown>) => runNode({ type: 'plainFields', parameters: parameters as never, credentials: credentials() });
		const first = await run({
			mode: 'a',
			name: 'Backup',
			timeout: 60,
			desc: '={{ 42 }}',
			search: 'nightly',
			onlyForB: 'hidden in mode a',
			additionalFields: { tags: 'prod', grace: 5, optionForB: 'hidden too' },
		});
		expect(first.error).toBeUndefined();
		expect(server.requestLines()).toEqual(['POST /api/v3/checks/?search=nightly&grace=5']);
		expect(server.requests[0].body).toEqual({ name: 'Backup', timeout: 60, desc: '42', tags: 'prod' });

		server.clearLog();
		const second = await run({ mode: 'b', name: 'Other', timeout: 120, onlyForB: 'shown', additionalFields: { optionForB: 'shown too' } });
		expect(second.error).toBeUndefined();
		expect(server.requestLines()).toEqual(['POST /api/v3/checks/?search=']);
		expect(server.requests[0].body).toEqual({ name: 'Other', timeout: 120, desc: '', onlyForB: 'shown', optionForB: 'shown too' });
	});
});
