import type { INodeProperties } from 'n8n-workflow';
import { activityGetManyOperation } from './getAll';

/** The Operation selector of the activity resource: its operations, in the order the editor lists them. */
export const activityOperations: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['activity'] } },
	options: [activityGetManyOperation],
	default: 'getAll',
};
