import type { INodeProperties } from 'n8n-workflow';
import { redeemGetManyDescription, redeemGetManyOperation } from './getAll';

/** The resource's Operation selector (the node lists every resource's first: the editor shows parameters in the node's order). */
export const redeemOperation: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['redeem'] } },
	options: [redeemGetManyOperation],
	default: 'getAll',
};

export const redeemDescription: INodeProperties[] = [...redeemGetManyDescription];
