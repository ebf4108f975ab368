import type { INodeProperties } from 'n8n-workflow';
import { channelGetManyDescription, channelGetManyOperation } from './getAll';

export const channelDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['channel'] } },
		options: [channelGetManyOperation],
		default: 'getAll',
	},
	...channelGetManyDescription,
];
