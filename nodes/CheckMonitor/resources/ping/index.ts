import type { INodeProperties } from 'n8n-workflow';
import { pingGetBodyOperation } from './getBody';
import { pingGetManyOperation } from './getAll';
import { pingSendOperation } from './send';

/** The Operation selector of the ping resource: its operations, in the order the editor lists them. */
export const pingOperations: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['ping'] } },
	options: [pingGetBodyOperation, pingGetManyOperation, pingSendOperation],
	default: 'getAll',
};
