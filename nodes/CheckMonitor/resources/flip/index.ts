import type { INodeProperties } from 'n8n-workflow';
import { flipGetManyDescription, flipGetManyOperation } from './getAll';

/** The resource's Operation selector (the node lists every resource's first: the editor shows parameters in the node's order). */
export const flipOperation: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['flip'] } },
	options: [flipGetManyOperation],
	default: 'getAll',
};

export const flipDescription: INodeProperties[] = [...flipGetManyDescription];
