import type { INodeProperties } from 'n8n-workflow';
import { loyaltySettingsGetOperation } from './get';
import { loyaltySettingsUpdateDescription, loyaltySettingsUpdateOperation } from './update';

/** The resource's Operation selector (the node lists every resource's first: the editor shows parameters in the node's order). */
export const loyaltySettingsOperation: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['loyaltySettings'] } },
	options: [loyaltySettingsGetOperation, loyaltySettingsUpdateOperation],
	default: 'get',
};

export const loyaltySettingsDescription: INodeProperties[] = [...loyaltySettingsUpdateDescription];
