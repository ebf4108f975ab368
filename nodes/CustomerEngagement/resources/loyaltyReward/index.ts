import type { INodeProperties } from 'n8n-workflow';
import { rewardLocator } from './rewardLocator';
import { loyaltyRewardCreateDescription, loyaltyRewardCreateOperation } from './create';
import { loyaltyRewardDeleteOperation } from './delete';
import { loyaltyRewardGetDescription, loyaltyRewardGetOperation } from './get';
import { loyaltyRewardGetManyDescription, loyaltyRewardGetManyOperation } from './getAll';
import { loyaltyRewardRedeemDescription, loyaltyRewardRedeemOperation } from './redeem';
import { loyaltyRewardUpdateDescription, loyaltyRewardUpdateOperation } from './update';

export const loyaltyRewardDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['loyaltyReward'] } },
		options: [
			loyaltyRewardCreateOperation,
			loyaltyRewardDeleteOperation,
			loyaltyRewardGetOperation,
			loyaltyRewardGetManyOperation,
			loyaltyRewardRedeemOperation,
			loyaltyRewardUpdateOperation,
		],
		default: 'getAll',
	},
	{
		...rewardLocator,
		displayOptions: {
			show: { resource: ['loyaltyReward'], operation: ['get', 'update', 'delete', 'redeem'] },
		},
	},
	...loyaltyRewardCreateDescription,
	...loyaltyRewardGetDescription,
	...loyaltyRewardGetManyDescription,
	...loyaltyRewardRedeemDescription,
	...loyaltyRewardUpdateDescription,
];
