import type { INodeProperties } from 'n8n-workflow';
import { flipGetManyDescription, flipGetManyOperation } from './getAll';

export const flipDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['flip'] } },
		options: [flipGetManyOperation],
		default: 'getAll',
	},
	...flipGetManyDescription,
];
