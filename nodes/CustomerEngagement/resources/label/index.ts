import type { INodeProperties } from 'n8n-workflow';
import { labelCreateDescription, labelCreateOperation } from './create';
import { labelGetDescription, labelGetOperation } from './get';
import { labelGetManyDescription, labelGetManyOperation } from './getAll';

export const labelDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['label'] } },
		options: [labelCreateOperation, labelGetOperation, labelGetManyOperation],
		default: 'getAll',
	},
	...labelCreateDescription,
	...labelGetDescription,
	...labelGetManyDescription,
];
