import type { INodeProperties } from 'n8n-workflow';
import { activityGetManyDescription, activityGetManyOperation } from './getAll';

export const activityDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['activity'] } },
		options: [activityGetManyOperation],
		default: 'getAll',
	},
	...activityGetManyDescription,
];
