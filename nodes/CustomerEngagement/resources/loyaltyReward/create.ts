import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { apiDates } from '../../../shared/dates';
import { sendAsText } from '../../../shared/convertSent';
import { checkReward, REWARD_DATES, rewardFields } from './fields';

const showOnlyForRewardCreate = { resource: ['loyaltyReward'], operation: ['create'] };

export const validateNewReward = checkReward(true);

export const loyaltyRewardCreateOperation: INodePropertyOptions = {
	name: 'Create',
	value: 'create',
	action: 'Create a loyalty reward worth points',
	description:
		'Creates a reward with a title and its cost in points, plus an optional type, value, dates and limits. Returns the reward with its ID.',
	routing: {
		request: { method: 'POST', url: '/v1/loyalty-rewards' },
		send: { preSend: [validateNewReward, apiDates(REWARD_DATES)] },
	},
};

export const loyaltyRewardCreateDescription: INodeProperties[] = [
	{
		displayName: 'Title',
		name: 'title',
		type: 'string',
		required: true,
		default: '',
		description: 'Name of the reward, e.g. Free coffee; cannot be changed later',
		displayOptions: { show: showOnlyForRewardCreate },
		routing: sendAsText('title'),
	},
	{
		displayName: 'Points',
		name: 'points',
		type: 'number',
		required: true,
		typeOptions: { minValue: 0 },
		default: 0,
		description: 'What the reward costs in loyalty points, a whole number, e.g. 100',
		displayOptions: { show: showOnlyForRewardCreate },
		routing: { send: { type: 'body', property: 'points' } },
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: { show: showOnlyForRewardCreate },
		options: rewardFields,
	},
];
