/** Lists given as text or as arrays (nodes/shared/convertSent.ts listOf), as the requests send them. */
import { listOf } from '../../nodes/shared/convertSent';

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
