import type { INodeProperties } from 'n8n-workflow';
import { pingGetBodyDescription, pingGetBodyOperation } from './getBody';
import { pingGetManyOperation } from './getAll';
import { pingSendDescription, pingSendOperation } from './send';

/** The resource's Operation selector (the node lists every resource's first: the editor shows parameters in the node's order). */
export const pingOperation: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['ping'] } },
	options: [pingGetBodyOperation, pingGetManyOperation, pingSendOperation],
	default: 'getAll',
};

export const pingDescription: INodeProperties[] = [
	...pingGetBodyDescription,
	...pingSendDescription,
];
