/**
 * nodes/shared/convertSent.ts: lists given as text or as arrays (listOf), as the requests
 * send them; which text fields convert a number themselves (what the conversion sends is
 * shown through the engine in customerEngagement.test.ts and checkMonitor.test.ts).
 */
import type { INodeProperties } from 'n8n-workflow';
import { CheckMonitor } from '../../nodes/CheckMonitor/CheckMonitor.node';
import { CustomerEngagement } from '../../nodes/CustomerEngagement/CustomerEngagement.node';
import { listOf, namesOneKey, sendsText } from '../../nodes/shared/convertSent';

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

/**
 * A number from an expression goes out as text in every text field sent in the body: the plain
 * ones through sendPlainFieldsOnce (sendsText, sendFields.test.ts), and those n8n still routes
 * through their own numberAsText conversion. This walk lists the latter in both nodes'
 * descriptions as n8n receives them: a new one fails here until it is listed, with the engine
 * test that shows its conversion.
 */
test('the text fields n8n still routes into the body are the listed ones, each with a conversion of its own', () => {
	const routedText: string[] = [];
	const walk = (node: string, properties: INodeProperties[], prefix = '') => {
		for (const property of properties) {
			const send = property.routing?.send;
			if (send && sendsText(property, send.type) && namesOneKey(send.property)) {
				expect(send.preSend?.length ?? 0).toBeGreaterThan(0);
				routedText.push(`${node} ${prefix}${property.name}`);
			}
			if (property.type === 'collection') walk(node, property.options as INodeProperties[], `${property.name}.`);
		}
	};
	walk('customerEngagement', new CustomerEngagement().description.properties);
	walk('checkMonitor', new CheckMonitor().description.properties);
	expect(routedText).toEqual([
		// customerEngagement.test.ts: "a To Phone, Customer and message an expression gives as numbers are sent as text"
		'customerEngagement customerId',
		// customerEngagement.test.ts: "option values and IDs an expression gives as numbers are sent as text"
		'customerEngagement additionalFields.options',
		// checkMonitor.test.ts: "a name and tags an expression gives as numbers are sent as text"
		'checkMonitor updateFields.tags',
		'checkMonitor additionalFields.tags',
	]);
});
