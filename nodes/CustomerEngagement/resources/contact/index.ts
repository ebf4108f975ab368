import type { INodeProperties } from 'n8n-workflow';
import { contactAdjustLoyaltyPointsOperation } from './adjustLoyaltyPoints';
import { contactCreateOperation } from './create';
import { contactDeleteOperation } from './delete';
import { contactGetOperation } from './get';
import { contactGetManyOperation } from './getAll';
import { contactUpdateOperation } from './update';
import { contactUpsertOperation } from './upsert';

/** The Operation selector of the contact resource: its operations, in the order the editor lists them. */
export const contactOperations: INodeProperties = {
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
