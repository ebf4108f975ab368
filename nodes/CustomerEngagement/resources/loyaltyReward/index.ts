import type { INodeProperties } from 'n8n-workflow';
import { loyaltyRewardCreateDescription, loyaltyRewardCreateOperation } from './create';
import { loyaltyRewardDeleteDescription, loyaltyRewardDeleteOperation } from './delete';
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
	// In the order that keeps the node's merged description as it was: Loyalty Reward listed
	// for get, update, delete and redeem, Title after it and before the redeem's fields.
	...loyaltyRewardGetDescription,
	...loyaltyRewardCreateDescription,
	...loyaltyRewardUpdateDescription,
	...loyaltyRewardDeleteDescription,
	...loyaltyRewardRedeemDescription,
	...loyaltyRewardGetManyDescription,
];
