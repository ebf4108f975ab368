import type { INodeProperties } from 'n8n-workflow';
import { visitCreateOperation } from './create';
import { visitCreateManyOperation } from './createMany';
import { visitGetOperation } from './get';
import { visitGetManyOperation } from './getAll';

/** The Operation selector of the visit resource: its operations, in the order the editor lists them. */
export const visitOperations: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['visit'] } },
	options: [visitCreateOperation, visitCreateManyOperation, visitGetOperation, visitGetManyOperation],
	default: 'create',
};
