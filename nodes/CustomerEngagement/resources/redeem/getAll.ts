import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import type { OperationDescription } from '../../../shared/resourceDescription';
import { paginatePages } from '../../shared/operationRouting';

const redeemGetManyOperation: INodePropertyOptions = {
	name: 'Get Many',
	value: 'getAll',
	action: 'List redemptions of loyalty rewards',
	description:
		'Lists the reward redemptions of the account, optionally only of one contact or one reward (Filters). Returns one item per redemption with the reward ID, contact ID, points and date.',
	routing: { request: { method: 'GET', url: '/v1/loyalty-rewards/redeems' }, operations: { pagination: paginatePages } },
};

/** Where its collection entries are shown: the node holds one collection of each name for every operation (nodes/shared/resourceDescription.ts). */
const entryShown = { show: { '/resource': ['redeem'], '/operation': ['getAll'] } };

/** Its Filters; Return All and Limit are shared (shared/sharedParameters.ts). */
const redeemGetManyFilters: INodeProperties[] = [
	{ displayName: 'Contact ID', name: 'contactId', displayOptions: entryShown, type: 'string', default: '', description: 'Only redemptions by the contact with this ID, e.g. 5f1d3c0e9a7b; empty means every contact', routing: { send: { type: 'query', property: 'contactId' } } },
	{ displayName: 'Loyalty Reward ID', name: 'loyaltyRewardId', displayOptions: entryShown, type: 'string', default: '', description: 'Only redemptions of the loyalty reward with this ID, e.g. 6b2f0a1c9d; empty means every reward', routing: { send: { type: 'query', property: 'loyaltyRewardId' } } },
];

export const redeemGetMany: OperationDescription = {
	option: redeemGetManyOperation,
	collections: { filters: redeemGetManyFilters },
};
