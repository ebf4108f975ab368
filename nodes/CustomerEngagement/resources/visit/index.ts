import type { INodeProperties } from 'n8n-workflow';
import { visitCreateDescription, visitCreateOperation } from './create';
import { visitCreateManyDescription, visitCreateManyOperation } from './createMany';
import { visitGetDescription, visitGetOperation } from './get';
import { visitGetManyDescription, visitGetManyOperation } from './getAll';

/** The resource's Operation selector (the node lists every resource's first: the editor shows parameters in the node's order). */
export const visitOperation: INodeProperties = {
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
};

export const visitDescription: INodeProperties[] = [
	...visitCreateDescription,
	...visitCreateManyDescription,
	...visitGetDescription,
	...visitGetManyDescription,
];
