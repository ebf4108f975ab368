import type { INodeProperties } from 'n8n-workflow';
import { checkIdPath } from '../../shared/descriptions';
import { checkGetDescription } from './get';

export const checkDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['check'] } },
		options: [
			{
				name: 'Get',
				value: 'get',
				action: 'Get a check',
				description: 'Get a check by UUID or, with a read-only key, by unique key',
				routing: { request: { method: 'GET', url: `=/api/v3/checks/${checkIdPath}` } },
			},
		],
		default: 'get',
	},
	...checkGetDescription,
];
