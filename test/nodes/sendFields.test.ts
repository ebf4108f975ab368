/**
 * nodes/shared/sendFields.ts: which fields sendPlainFieldsOnce moves into its one preSend
 * (what that preSend sends is shown through n8n's engine by every operation's tests, and
 * what it saves by test/nodes/expressionCount.test.ts).
 */
import type { IHttpRequestOptions, INodeProperties } from 'n8n-workflow';
import { sendPlainFieldsOnce } from '../../nodes/shared/sendFields';
import { transportRouting } from '../../nodes/shared/transport';

const field = (name: string, routing: object | undefined, more: Partial<INodeProperties> = {}): INodeProperties =>
	({ displayName: name, name, type: 'string', default: '', ...(routing ? { routing } : {}), ...more }) as INodeProperties;

test('only fields that name one key of the body or query string lose their routing, in collections too', () => {
	const transportsOwn = async (o: IHttpRequestOptions) => o;
	const properties = sendPlainFieldsOnce([
		{ ...transportRouting, routing: { send: { paginate: true, preSend: [transportsOwn] } } },
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
	expect(() => sendPlainFieldsOnce([field('name', { send: { type: 'body', property: 'name' } }), transportRouting])).toThrow(
		'sendPlainFieldsOnce: the node must start with the Transport parameter',
	);
	expect(() => sendPlainFieldsOnce([field('name', undefined)])).toThrow('sendPlainFieldsOnce: the node must start with the Transport parameter');
});
