// @ts-nocheck
import type { INodeProperties } from 'n8n-workflow';
import { getManyParameters } from '../../../shared/descriptions';
import { paginatePages } from '../../shared/transport';

const show = { resource: ['redeem'], operation: ['getAll'] };

export const redeemDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['redeem'] } },
		options: [
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many redeems',
				description: 'List reward redemptions of the account',
				routing: { request: { method: 'GET', url: '/v1/loyalty-rewards/redeems' }, operations: { pagination: paginatePages } },
			},
		],
		default: 'getAll',
	},
	...getManyParameters(show),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		displayOptions: { show },
		options: [
			{ displayName: 'Contact ID', name: 'contactId', type: 'string', default: '', routing: { send: { type: 'query', property: 'contactId' } } },
			{ displayName: 'Loyalty Reward ID', name: 'loyaltyRewardId', type: 'string', default: '', routing: { send: { type: 'query', property: 'loyaltyRewardId' } } },
		],
	},
];
