import type { INodeProperties } from 'n8n-workflow';
import { channelGetManyOperation } from './getAll';

/** The resource's Operation selector (the node lists every resource's first: the editor shows parameters in the node's order). */
export const channelOperation: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['channel'] } },
	options: [channelGetManyOperation],
	default: 'getAll',
};
