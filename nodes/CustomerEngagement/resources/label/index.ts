import type { INodeProperties } from 'n8n-workflow';
import { labelCreateOperation } from './create';
import { labelGetOperation } from './get';
import { labelGetManyOperation } from './getAll';

/** The Operation selector of the label resource: its operations, in the order the editor lists them. */
export const labelOperations: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['label'] } },
	options: [labelCreateOperation, labelGetOperation, labelGetManyOperation],
	default: 'getAll',
};
