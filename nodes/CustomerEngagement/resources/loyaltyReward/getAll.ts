import type { INodePropertyOptions } from 'n8n-workflow';
import type { OperationDescription } from '../../../shared/resourceDescription';
import { paginatePages } from '../../shared/operationRouting';

/** Its parameters, Return All and Limit, are shared (shared/sharedParameters.ts). */
const loyaltyRewardGetManyOperation: INodePropertyOptions = {
	name: 'Get Many',
	value: 'getAll',
	action: 'List loyalty rewards cheapest first',
	description: 'Lists the loyalty rewards of the account, fewest points first. Returns one item per reward with its ID, title, points and limits.',
	routing: { request: { method: 'GET', url: '/v1/loyalty-rewards' }, operations: { pagination: paginatePages } },
};

export const loyaltyRewardGetMany: OperationDescription = {
	option: loyaltyRewardGetManyOperation,
};
