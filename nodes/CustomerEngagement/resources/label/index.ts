import type { INodeProperties } from 'n8n-workflow';
import { labelCreateDescription } from './create';
import { labelGetDescription } from './get';
import { labelGetManyDescription } from './getAll';
import { paginatePages } from '../../shared/transport';
import { validateLabelColor } from '../../shared/validation';

const showOnlyForLabels = { resource: ['label'] };

export const labelDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: showOnlyForLabels },
		options: [
			{
				name: 'Create',
				value: 'create',
				action: 'Create a label that contacts can carry',
				description: 'Creates a label with a unique name and an optional color, which contacts can then carry. Returns the label with its ID.',
				routing: { request: { method: 'POST', url: '/v1/labels' }, send: { preSend: [validateLabelColor] } },
			},
			{
				name: 'Get',
				value: 'get',
				action: 'Get a label by ID',
				description: 'Reads the label with this ID. Returns its ID, name and color.',
				routing: {
					request: { method: 'GET', url: '/v1/labels/{labelId}' },
				},
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'List the labels contacts can carry',
				description: 'Lists the labels of the account, which contacts can carry. Returns one item per label with its ID, name and color.',
				routing: {
					request: { method: 'GET', url: '/v1/labels' },
					operations: { pagination: paginatePages },
				},
			},
		],
		default: 'getAll',
	},
	...labelCreateDescription,
	...labelGetDescription,
	...labelGetManyDescription,
];
