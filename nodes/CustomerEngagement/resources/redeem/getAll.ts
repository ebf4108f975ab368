import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { paginatePages } from '../../shared/pages';

const showOnlyForRedeemGetMany = { resource: ['redeem'], operation: ['getAll'] };

export const redeemGetManyOperation: INodePropertyOptions = {
	name: 'Get Many',
	value: 'getAll',
	action: 'List redemptions of loyalty rewards',
	description:
		'Lists the reward redemptions of the account, optionally only of one contact or one reward (Filters). Returns one item per redemption with the reward ID, contact ID, points and date.',
	routing: {
		request: { method: 'GET', url: '/v1/loyalty-rewards/redeems' },
		operations: { pagination: paginatePages },
	},
};

export const redeemGetManyDescription: INodeProperties[] = [
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		displayOptions: { show: showOnlyForRedeemGetMany },
		options: [
			{
				displayName: 'Contact ID',
				name: 'contactId',
				type: 'string',
				default: '',
				description:
					'Only redemptions by the contact with this ID, e.g. 5f1d3c0e9a7b; empty means every contact',
				routing: { send: { type: 'query', property: 'contactId' } },
			},
			{
				displayName: 'Loyalty Reward ID',
				name: 'loyaltyRewardId',
				type: 'string',
				default: '',
				description:
					'Only redemptions of the loyalty reward with this ID, e.g. 6b2f0a1c9d; empty means every reward',
				routing: { send: { type: 'query', property: 'loyaltyRewardId' } },
			},
		],
	},
];
