import type { INodeProperties } from 'n8n-workflow';
import { contactAdjustLoyaltyPointsDescription, contactAdjustLoyaltyPointsOperation } from './adjustLoyaltyPoints';
import { contactCreateDescription, contactCreateOperation } from './create';
import { contactDeleteDescription, contactDeleteOperation } from './delete';
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
	// The order of the merged description: where several operations share a parameter
	// (Contact, Simplify, Options), the node lists their operations in this order.
	...contactCreateDescription,
	...contactUpsertDescription,
	...contactGetDescription,
	...contactGetManyDescription,
	...contactUpdateDescription,
	...contactDeleteDescription,
	...contactAdjustLoyaltyPointsDescription,
];
