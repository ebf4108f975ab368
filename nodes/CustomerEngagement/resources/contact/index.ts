import type { INodeProperties } from 'n8n-workflow';
import { contactLocator } from './contactLocator';
import {
	contactAdjustLoyaltyPointsDescription,
	contactAdjustLoyaltyPointsOperation,
} from './adjustLoyaltyPoints';
import { contactCreateDescription, contactCreateOperation } from './create';
import { contactDeleteOperation } from './delete';
import { contactGetDescription, contactGetOperation } from './get';
import { contactGetManyDescription, contactGetManyOperation } from './getAll';
import { contactUpdateDescription, contactUpdateOperation } from './update';
import { contactUpsertDescription, contactUpsertOperation } from './upsert';

export const contactDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['contact'] } },
		options: [
			contactAdjustLoyaltyPointsOperation,
			contactCreateOperation,
			contactUpsertOperation,
			contactDeleteOperation,
			contactGetOperation,
			contactGetManyOperation,
			contactUpdateOperation,
		],
		default: 'get',
	},
	{
		...contactLocator,
		displayOptions: {
			show: {
				resource: ['contact'],
				operation: ['get', 'update', 'delete', 'adjustLoyaltyPoints'],
			},
		},
	},
	...contactAdjustLoyaltyPointsDescription,
	...contactCreateDescription,
	...contactUpsertDescription,
	...contactGetDescription,
	...contactGetManyDescription,
	...contactUpdateDescription,
];
