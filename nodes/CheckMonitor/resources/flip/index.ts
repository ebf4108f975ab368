import type { INodeProperties } from 'n8n-workflow';
import { flipGetManyOperation } from './getAll';

/** The Operation selector of the flip resource: its operations, in the order the editor lists them. */
export const flipOperations: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['flip'] } },
	options: [flipGetManyOperation],
	default: 'getAll',
};
