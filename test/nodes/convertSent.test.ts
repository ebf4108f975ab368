/**
 * nodes/shared/convertSent.ts: lists given as text or as arrays (listOf), as the requests
 * send them; which parameters sendNumbersAsText gives a number-to-text conversion (what
 * the conversion sends is shown through the engine in customerEngagement.test.ts and
 * checkMonitor.test.ts).
 */
import type { INodeProperties } from 'n8n-workflow';
import { listOf, sendNumbersAsText } from '../../nodes/shared/convertSent';

test.each([
	[' prod  backup ', /\s+/, ['prod', 'backup']],
	['lb_1, lb_2,,', /,/, ['lb_1', 'lb_2']],
	[['lb_1 ', ' lb_2'], /,/, ['lb_1', 'lb_2']],
	[['a,b', null, undefined, ''], /,/, ['a', 'b']],
	['', /,/, []],
	[undefined, /,/, []],
])('listOf(%p) is %p', (value, separator, list) => {
	expect(listOf(value, separator)).toEqual(list);
});

test('sendNumbersAsText converts the body keys of text parameters, in collections too, and nothing else', () => {
	const text = (name: string, send: object, type: INodeProperties['type'] = 'string'): INodeProperties => ({ displayName: name, name, type, default: '', routing: { send } as never });
	const converted = (property: INodeProperties) => (property.routing?.send?.preSend ?? []).length;
	const properties = sendNumbersAsText([
		text('name', { type: 'body', property: 'name' }),
		text('contact', { type: 'body', property: 'contactId' }, 'resourceLocator'),
		text('literal', { type: 'body', property: 'a=b' }),
		text('inQuery', { type: 'query', property: 'q' }),
		text('count', { type: 'body', property: 'count' }, 'number'),
		text('expression', { type: 'body', property: '={{ $value }}' }),
		text('nested', { type: 'body', property: 'a.b' }),
		text('unnamed', { type: 'body' }),
		{ displayName: 'Fields', name: 'fields', type: 'collection', default: {}, options: [text('inner', { type: 'body', property: 'inner' }), { name: 'choice', value: 'x' }] },
	]);
	expect(Object.fromEntries(properties.map((property) => [property.name, converted(property)]))).toEqual({
		name: 1,
		contact: 1,
		literal: 1,
		inQuery: 0,
		count: 0,
		expression: 0,
		nested: 0,
		unnamed: 0,
		fields: 0,
	});
	const [inner, choice] = properties[8].options as [INodeProperties, object];
	expect(converted(inner)).toBe(1);
	expect(choice).toEqual({ name: 'choice', value: 'x' });
	// The parameter's own routing is kept, the conversion added after its own preSends.
	expect(properties[0].routing?.send).toMatchObject({ type: 'body', property: 'name' });
});
