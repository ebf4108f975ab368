import type { INodeProperties } from 'n8n-workflow';
import { statusGetOperation } from './get';

/** The resource's Operation selector (the node lists every resource's first: the editor shows parameters in the node's order). */
export const statusOperation: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['status'] } },
	options: [statusGetOperation],
	default: 'get',
};
