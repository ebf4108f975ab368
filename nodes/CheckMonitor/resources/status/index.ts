import type { INodeProperties } from 'n8n-workflow';
import { statusGetOperation } from './get';

export const statusDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['status'] } },
		options: [statusGetOperation],
		default: 'get',
	},
];
