import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { getManyParameters } from '../../../shared/commonParameters';
import { paginatePages } from '../../shared/customerEngagementApi';

export const labelGetManyOperation: INodePropertyOptions = {
	name: 'Get Many',
	value: 'getAll',
	action: 'List the labels contacts can carry',
	description: 'Lists the labels of the account, which contacts can carry. Returns one item per label with its ID, name and color.',
	routing: {
		request: { method: 'GET', url: '/v1/labels' },
		operations: { pagination: paginatePages },
	},
};

export const labelGetManyDescription: INodeProperties[] = [
	...getManyParameters({ resource: ['label'], operation: ['getAll'] }),
];
