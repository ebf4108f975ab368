import type { INodeProperties } from 'n8n-workflow';
import { labelCreateDescription, labelCreateOperation } from './create';
import { labelGetOperation } from './get';
import { labelGetManyOperation } from './getAll';
import { labelLocator } from './labelLocator';

/** The resource's Operation selector (the node lists every resource's first: the editor shows parameters in the node's order). */
export const labelOperation: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['label'] } },
	options: [labelCreateOperation, labelGetOperation, labelGetManyOperation],
	default: 'getAll',
};

export const labelDescription: INodeProperties[] = [
	{ ...labelLocator, displayOptions: { show: { resource: ['label'], operation: ['get'] } } },
	...labelCreateDescription,
];
