/**
 * The merges behind the safe updates (the API's PUT clears every field it is not sent):
 * what the stored object keeps and what the user's changes replace. Pure functions; the
 * engine tests in customerEngagement.test.ts run them through n8n.
 */
import { mergeContact } from '../../nodes/CustomerEngagement/resources/contact/update';
import { mergeReward } from '../../nodes/CustomerEngagement/resources/loyaltyReward/update';

describe('mergeContact', () => {
	test('a change without a value keeps the stored value; fields the contact lacks are not sent', () => {
		const merged = mergeContact({ firstName: 'Ann', email: 'a@example.com', labels: [{ id: 'lb_1', name: 'VIP' }] }, { firstName: undefined, lastName: 'Lee' });
		expect(merged).toStrictEqual({ firstName: 'Ann', email: 'a@example.com', labels: [{ id: 'lb_1' }], lastName: 'Lee' });
	});
});

describe('mergeReward', () => {
	test('a change without a value keeps the stored value; a missing quantity half is null; fields the reward lacks are not sent', () => {
		const merged = mergeReward({ points: 10, itemName: 'Latte', quantity: { total: 5 } }, { points: undefined, quantity: undefined });
		expect(merged).toStrictEqual({ points: 10, itemName: 'Latte', quantity: { total: 5, perContact: null } });
	});

	test('one half of quantity changes, the other is kept', () => {
		expect(mergeReward({ points: 1, quantity: { total: 5, perContact: 2 } }, { quantity: { perContact: 3 } })).toStrictEqual({ points: 1, quantity: { total: 5, perContact: 3 } });
	});
});
