import type { INodeProperties } from 'n8n-workflow';
import { channelGetManyOperation } from './getAll';

/** The Operation selector of the channel resource: its operations, in the order the editor lists them. */
export const channelOperations: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['channel'] } },
	options: [channelGetManyOperation],
	default: 'getAll',
};
