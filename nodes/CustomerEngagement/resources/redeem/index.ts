import type { INodeProperties } from 'n8n-workflow';
import { redeemGetManyOperation } from './getAll';

/** The Operation selector of the redeem resource: its operations, in the order the editor lists them. */
export const redeemOperations: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['redeem'] } },
	options: [redeemGetManyOperation],
	default: 'getAll',
};
