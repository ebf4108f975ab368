import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

export const loyaltyRewardGetOperation: INodePropertyOptions = {
	name: 'Get',
	value: 'get',
	action: 'Get a loyalty reward by ID',
	description:
		'Reads the loyalty reward with this ID and, when a Contact ID is given, how many that contact can still redeem. Returns the reward.',
	routing: { request: { method: 'GET', url: '/v1/loyalty-rewards/{rewardId}' } },
};

/** Loyalty Reward is the resource's (index.ts). */
export const loyaltyRewardGetDescription: INodeProperties[] = [
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: { show: { resource: ['loyaltyReward'], operation: ['get'] } },
		options: [
			{
				displayName: 'Contact ID',
				name: 'contactId',
				type: 'string',
				default: '',
				description:
					'Also report how many the contact with this ID, e.g. 5f1d3c0e9a7b, can still redeem',
				routing: { send: { type: 'query', property: 'contactId' } },
			},
		],
	},
];
