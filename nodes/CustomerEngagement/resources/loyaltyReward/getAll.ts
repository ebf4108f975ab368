import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { limitParameter, returnAllParameter } from '../../../shared/returnAllLimit';
import { paginatePages } from '../../shared/pages';

const showOnlyForRewardGetMany = { resource: ['loyaltyReward'], operation: ['getAll'] };

export const loyaltyRewardGetManyOperation: INodePropertyOptions = {
	name: 'Get Many',
	value: 'getAll',
	action: 'List loyalty rewards cheapest first',
	description:
		'Lists the loyalty rewards of the account, fewest points first. Returns one item per reward with its ID, title, points and limits.',
	routing: {
		request: { method: 'GET', url: '/v1/loyalty-rewards' },
		operations: { pagination: paginatePages },
	},
};

export const loyaltyRewardGetManyDescription: INodeProperties[] = [
	{ ...returnAllParameter, displayOptions: { show: showOnlyForRewardGetMany } },
	{
		...limitParameter,
		displayOptions: { show: { ...showOnlyForRewardGetMany, returnAll: [false] } },
	},
];
