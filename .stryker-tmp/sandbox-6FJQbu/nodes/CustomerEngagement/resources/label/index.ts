// @ts-nocheck
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
				action: 'Create a label',
				description: 'Create a label that contacts can carry',
				routing: { request: { method: 'POST', url: '/v1/labels' }, send: { preSend: [validateLabelColor] } },
			},
			{
				name: 'Get',
				value: 'get',
				action: 'Get a label',
				description: 'Get a label by ID',
				routing: {
					request: { method: 'GET', url: '/v1/labels/{labelId}' },
				},
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many labels',
				description: 'List labels',
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
