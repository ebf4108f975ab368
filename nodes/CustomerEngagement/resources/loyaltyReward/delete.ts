import type { INodePropertyOptions } from 'n8n-workflow';
import type { OperationDescription } from '../../../shared/resourceDescription';

/** Its one parameter is Loyalty Reward (rewardLocator.ts). */
const loyaltyRewardDeleteOperation: INodePropertyOptions = {
	name: 'Delete',
	value: 'delete',
	action: 'Delete a loyalty reward by ID',
	description: 'Deletes the loyalty reward with this ID permanently. Returns the deleted reward as it was.',
	routing: { request: { method: 'DELETE', url: '/v1/loyalty-rewards/{rewardId}' } },
};

export const loyaltyRewardDelete: OperationDescription = {
	option: loyaltyRewardDeleteOperation,
};
