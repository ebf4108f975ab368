import type { INodeProperties } from 'n8n-workflow';
import { redeemGetManyDescription, redeemGetManyOperation } from './getAll';

export const redeemDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['redeem'] } },
		options: [redeemGetManyOperation],
		default: 'getAll',
	},
	...redeemGetManyDescription,
];
