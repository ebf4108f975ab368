import type { INodeProperties } from 'n8n-workflow';
import { badgeGetManyOperation } from './getAll';

/** The Operation selector of the badge resource: its operations, in the order the editor lists them. */
export const badgeOperations: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['badge'] } },
	options: [badgeGetManyOperation],
	default: 'getAll',
};
