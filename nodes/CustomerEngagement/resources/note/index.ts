import type { INodeProperties } from 'n8n-workflow';
import { noteCreateDescription, noteCreateOperation } from './create';

/** The resource's Operation selector (the node lists every resource's first: the editor shows parameters in the node's order). */
export const noteOperation: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['note'] } },
	options: [noteCreateOperation],
	default: 'create',
};

export const noteDescription: INodeProperties[] = [...noteCreateDescription];
