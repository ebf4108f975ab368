import type { INodePropertyOptions } from 'n8n-workflow';
import { paginatePages } from '../../shared/pages';

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
