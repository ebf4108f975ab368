import type { INodePropertyOptions } from 'n8n-workflow';
import { paginatePages } from '../../shared/pages';

export const labelGetManyOperation: INodePropertyOptions = {
	name: 'Get Many',
	value: 'getAll',
	action: 'List the labels contacts can carry',
	description:
		'Lists the labels of the account, which contacts can carry. Returns one item per label with its ID, name and color.',
	routing: {
		request: { method: 'GET', url: '/v1/labels' },
		operations: { pagination: paginatePages },
	},
};
