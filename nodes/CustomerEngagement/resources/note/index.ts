import type { INodeProperties } from 'n8n-workflow';
import { noteCreateDescription, noteCreateOperation } from './create';

export const noteDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['note'] } },
		options: [noteCreateOperation],
		default: 'create',
	},
	...noteCreateDescription,
];
