/**
 * nodes/shared/convertSent.ts: lists given as text or as arrays (listOf), as the requests
 * send them; every text field sent in the body converts a number to text.
 */
import type { INodeProperties } from 'n8n-workflow';
import { CheckMonitor } from '../../nodes/CheckMonitor/CheckMonitor.node';
import { CustomerEngagement } from '../../nodes/CustomerEngagement/CustomerEngagement.node';
import { listOf, sendAsText } from '../../nodes/shared/convertSent';

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

/** Every field of a description that n8n routes into the request body as text (a string or a resource locator). */
function bodyTextFields(
	properties: INodeProperties[],
	prefix = '',
): Array<{ name: string; field: INodeProperties }> {
	return properties.flatMap((property) => {
		const send = property.routing?.send;
		const own =
			send?.type === 'body' &&
			send.property !== undefined &&
			(property.type === 'string' || property.type === 'resourceLocator')
				? [{ name: `${prefix}${property.name}`, field: property }]
				: [];
		const nested =
			property.type === 'collection'
				? bodyTextFields(property.options as INodeProperties[], `${prefix}${property.name}.`)
				: [];
		return [...own, ...nested];
	});
}

/** The fields among them that convert nothing: no preSend, or an empty list of them. */
const unconverted = (fields: Array<{ name: string; field: INodeProperties }>) =>
	fields
		.filter(({ field }) => (field.routing?.send?.preSend?.length ?? 0) === 0)
		.map(({ name }) => name);

/**
 * A number from an expression goes out as text in every text field sent in the body: each
 * such field converts it in its own routing (sendAsText, or a conversion of its own). The
 * engine tests show what is sent: test/CustomerEngagement/text.test.ts ("a To Phone, Customer
 * and message an expression gives as numbers are sent as text") and test/CheckMonitor/check.test.ts ("a
 * name and tags an expression gives as numbers are sent as text").
 */
test.each([
	['customerEngagement', new CustomerEngagement().description.properties],
	['checkMonitor', new CheckMonitor().description.properties],
])('%s: every text field sent in the body converts a number to text', (_node, properties) => {
	const fields = bodyTextFields(properties);
	expect(fields.length).toBeGreaterThan(10);
	expect(unconverted(fields)).toEqual([]);
});

test('a text field sent in the body without a conversion is found (so the test above can fail)', () => {
	const plain: INodeProperties = {
		displayName: 'X',
		name: 'x',
		type: 'string',
		default: '',
		routing: { send: { type: 'body', property: 'x' } },
	};
	const collection: INodeProperties = {
		displayName: 'C',
		name: 'c',
		type: 'collection',
		default: {},
		options: [plain, { ...plain, name: 'y', routing: sendAsText('y') }],
	};
	expect(bodyTextFields([collection]).map(({ name }) => name)).toEqual(['c.x', 'c.y']);
	// sendAsText's routing converts: only the plain field is found.
	expect(unconverted(bodyTextFields([collection]))).toEqual(['c.x']);
});
