// @ts-nocheck
import type { INodeProperties } from 'n8n-workflow';

const settingsUrl = '/v1/loyalty-rewards/loyalty-settings';
const points = (name: string, displayName: string, description: string): INodeProperties => ({
	displayName,
	name,
	type: 'number',
	typeOptions: { minValue: 0 },
	default: 0,
	description,
	routing: { send: { type: 'body', property: name } },
});

export const loyaltySettingsDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['loyaltySettings'] } },
		options: [
			{ name: 'Get', value: 'get', action: 'Get the loyalty settings', routing: { request: { method: 'GET', url: settingsUrl } } },
			{
				name: 'Update',
				value: 'update',
				action: 'Update the loyalty settings',
				description: 'Change the given settings; the others stay as they are',
				routing: { request: { method: 'PUT', url: settingsUrl } },
			},
		],
		default: 'get',
	},
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: { show: { resource: ['loyaltySettings'], operation: ['update'] } },
		options: [
			points('checkin', 'Check-In Points', 'Points for every visit'),
			points('pointsPerDollar', 'Points per Dollar', 'Points per dollar spent (needs a third-party integration)'),
			points('review', 'Review Points', 'Points for posting a review'),
			points('share', 'Share Points', 'Points for sharing on social media'),
		],
	},
];
