import type { INodeProperties } from 'n8n-workflow';
import { loyaltyRewardCreateOperation } from './create';
import { loyaltyRewardDeleteOperation } from './delete';
import { loyaltyRewardGetOperation } from './get';
import { loyaltyRewardGetManyOperation } from './getAll';
import { loyaltyRewardRedeemOperation } from './redeem';
import { loyaltyRewardUpdateOperation } from './update';

/** The Operation selector of the loyaltyReward resource: its operations, in the order the editor lists them. */
export const loyaltyRewardOperations: INodeProperties = {
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
