import type { INodeProperties } from 'n8n-workflow';
import { loyaltySettingsGetOperation } from './get';
import { loyaltySettingsUpdateDescription, loyaltySettingsUpdateOperation } from './update';

export const loyaltySettingsDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['loyaltySettings'] } },
		options: [loyaltySettingsGetOperation, loyaltySettingsUpdateOperation],
		default: 'get',
	},
	...loyaltySettingsUpdateDescription,
];
