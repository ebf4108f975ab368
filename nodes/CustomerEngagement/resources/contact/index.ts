import type { INodeProperties } from 'n8n-workflow';
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

/** The resource's Operation selector (the node lists every resource's first: the editor shows parameters in the node's order). */
export const contactOperation: INodeProperties = {
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
};

export const contactDescription: INodeProperties[] = [
	...contactAdjustLoyaltyPointsDescription,
	...contactCreateDescription,
	...contactUpsertDescription,
	...contactGetDescription,
	...contactGetManyDescription,
	...contactUpdateDescription,
];
