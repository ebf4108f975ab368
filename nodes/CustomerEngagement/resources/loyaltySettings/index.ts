import type { INodeProperties } from 'n8n-workflow';
import { loyaltySettingsGetOperation } from './get';
import { loyaltySettingsUpdateOperation } from './update';

/** The Operation selector of the loyaltySettings resource: its operations, in the order the editor lists them. */
export const loyaltySettingsOperations: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['loyaltySettings'] } },
	options: [loyaltySettingsGetOperation, loyaltySettingsUpdateOperation],
	default: 'get',
};
