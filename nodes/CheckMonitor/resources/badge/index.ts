import type { INodeProperties } from 'n8n-workflow';
import { badgeGetManyDescription, badgeGetManyOperation } from './getAll';

export const badgeDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['badge'] } },
		options: [badgeGetManyOperation],
		default: 'getAll',
	},
	...badgeGetManyDescription,
];
