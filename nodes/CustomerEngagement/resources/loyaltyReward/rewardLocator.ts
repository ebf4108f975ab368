import type { INodeProperties } from 'n8n-workflow';
import { rewardLocator } from '../../shared/locators';

/** Loyalty Reward of Get, Update, Delete and Redeem. */
export const rewardParameter: INodeProperties = {
	...rewardLocator,
	displayOptions: { show: { resource: ['loyaltyReward'], operation: ['get', 'update', 'delete', 'redeem'] } },
};
