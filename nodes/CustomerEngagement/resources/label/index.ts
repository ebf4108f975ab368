import type { INodeProperties } from 'n8n-workflow';
import { labelCreateDescription, labelCreateOperation } from './create';
import { labelGetOperation } from './get';
import { labelGetManyDescription, labelGetManyOperation } from './getAll';
import { labelLocator } from './labelLocator';

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
	{ ...labelLocator, displayOptions: { show: { resource: ['label'], operation: ['get'] } } },
	...labelCreateDescription,
	...labelGetManyDescription,
];
