import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import type { OperationDescription } from '../../../shared/resourceDescription';

const loyaltyRewardGetOperation: INodePropertyOptions = {
	name: 'Get',
	value: 'get',
	action: 'Get a loyalty reward by ID',
	description:
		'Reads the loyalty reward with this ID and, when a Contact ID is given, how many that contact can still redeem. Returns the reward.',
	routing: { request: { method: 'GET', url: '/v1/loyalty-rewards/{rewardId}' } },
};

/** Where its collection entries are shown: the node holds one collection of each name for every operation (nodes/shared/resourceDescription.ts). */
const entryShown = { show: { '/resource': ['loyaltyReward'], '/operation': ['get'] } };

/** Its entry of Options (the collection it shares with Conversation → Get); Loyalty Reward is shared (rewardLocator.ts). */
const loyaltyRewardGetOptions: INodeProperties[] = [
	{ displayName: 'Contact ID', name: 'contactId', displayOptions: entryShown, type: 'string', default: '', description: 'Also report how many the contact with this ID, e.g. 5f1d3c0e9a7b, can still redeem', routing: { send: { type: 'query', property: 'contactId' } } },
];

export const loyaltyRewardGet: OperationDescription = {
	option: loyaltyRewardGetOperation,
	collections: { options: loyaltyRewardGetOptions },
};
