import type { INodeProperties } from 'n8n-workflow';
import { rewardLocator } from './rewardLocator';
import { loyaltyRewardCreateDescription, loyaltyRewardCreateOperation } from './create';
import { loyaltyRewardDeleteOperation } from './delete';
import { loyaltyRewardGetDescription, loyaltyRewardGetOperation } from './get';
import { loyaltyRewardGetManyOperation } from './getAll';
import { loyaltyRewardRedeemDescription, loyaltyRewardRedeemOperation } from './redeem';
import { loyaltyRewardUpdateDescription, loyaltyRewardUpdateOperation } from './update';

/** The resource's Operation selector (the node lists every resource's first: the editor shows parameters in the node's order). */
export const loyaltyRewardOperation: INodeProperties = {
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
};

/** Loyalty Reward, which the node lists before the shared parameters: Redeem shows it before Contact. */
export const loyaltyRewardLocator: INodeProperties = {
	...rewardLocator,
	displayOptions: {
		show: { resource: ['loyaltyReward'], operation: ['get', 'update', 'delete', 'redeem'] },
	},
};

export const loyaltyRewardDescription: INodeProperties[] = [
	...loyaltyRewardCreateDescription,
	...loyaltyRewardGetDescription,
	...loyaltyRewardRedeemDescription,
	...loyaltyRewardUpdateDescription,
];
