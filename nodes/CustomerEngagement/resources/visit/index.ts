import type { INodeProperties } from 'n8n-workflow';
import { visitCreateDescription, visitCreateOperation } from './create';
import { visitCreateManyDescription, visitCreateManyOperation } from './createMany';
import { visitGetDescription, visitGetOperation } from './get';
import { visitGetManyDescription, visitGetManyOperation } from './getAll';

export const visitDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['visit'] } },
		options: [
			visitCreateOperation,
			visitCreateManyOperation,
			visitGetOperation,
			visitGetManyOperation,
		],
		default: 'create',
	},
	...visitCreateDescription,
	...visitCreateManyDescription,
	...visitGetDescription,
	...visitGetManyDescription,
];
