import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { limitParameter, returnAllParameter } from '../../../shared/returnAllLimit';
import { paginatePages } from '../../shared/pages';

const showOnlyForLabelGetMany = { resource: ['label'], operation: ['getAll'] };

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

export const labelGetManyDescription: INodeProperties[] = [
	{ ...returnAllParameter, displayOptions: { show: showOnlyForLabelGetMany } },
	{
		...limitParameter,
		displayOptions: { show: { ...showOnlyForLabelGetMany, returnAll: [false] } },
	},
];
