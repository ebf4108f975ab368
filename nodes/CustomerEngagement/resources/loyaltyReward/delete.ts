import type { INodePropertyOptions } from 'n8n-workflow';

/** Its one parameter, Loyalty Reward, is the resource's (index.ts). */
export const loyaltyRewardDeleteOperation: INodePropertyOptions = {
	name: 'Delete',
	value: 'delete',
	action: 'Delete a loyalty reward by ID',
	description:
		'Deletes the loyalty reward with this ID permanently. Returns the deleted reward as it was.',
	routing: { request: { method: 'DELETE', url: '/v1/loyalty-rewards/{rewardId}' } },
};
