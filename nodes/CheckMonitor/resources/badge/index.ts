import type { INodeProperties } from 'n8n-workflow';
import { badgeGetManyOperation } from './getAll';

/** The resource's Operation selector (the node lists every resource's first: the editor shows parameters in the node's order). */
export const badgeOperation: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['badge'] } },
	options: [badgeGetManyOperation],
	default: 'getAll',
};
