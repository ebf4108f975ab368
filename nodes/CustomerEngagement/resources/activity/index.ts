import type { INodeProperties } from 'n8n-workflow';
import { activityGetManyDescription, activityGetManyOperation } from './getAll';

/** The resource's Operation selector (the node lists every resource's first: the editor shows parameters in the node's order). */
export const activityOperation: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['activity'] } },
	options: [activityGetManyOperation],
	default: 'getAll',
};

export const activityDescription: INodeProperties[] = [...activityGetManyDescription];
