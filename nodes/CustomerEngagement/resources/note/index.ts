import type { INodeProperties } from 'n8n-workflow';
import { noteCreateOperation } from './create';

/** The Operation selector of the note resource: its operations, in the order the editor lists them. */
export const noteOperations: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['note'] } },
	options: [noteCreateOperation],
	default: 'create',
};
