import type { INodeProperties } from 'n8n-workflow';
import { statusGetOperation } from './get';

/** The Operation selector of the status resource: its operations, in the order the editor lists them. */
export const statusOperations: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['status'] } },
	options: [statusGetOperation],
	default: 'get',
};
