import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

const points = (name: string, displayName: string, description: string): INodeProperties => ({
	displayName,
	name,
	type: 'number',
	typeOptions: { minValue: 0 },
	default: 0,
	description,
	routing: { send: { type: 'body', property: name } },
});

export const loyaltySettingsUpdateOperation: INodePropertyOptions = {
	name: 'Update',
	value: 'update',
	action: 'Set points earned per visit or review',
	description:
		'Changes the given loyalty settings (points per visit, share, review or dollar spent); the others stay as they are. Returns the settings as they are now.',
	routing: { request: { method: 'PUT', url: '/v1/loyalty-rewards/loyalty-settings' } },
};

export const loyaltySettingsUpdateDescription: INodeProperties[] = [
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: { show: { resource: ['loyaltySettings'], operation: ['update'] } },
		options: [
			points('checkin', 'Check-In Points', 'Points for every visit, a whole number, e.g. 1'),
			points(
				'pointsPerDollar',
				'Points per Dollar',
				'Points per dollar spent, e.g. 2 (needs a third-party integration)',
			),
			points('review', 'Review Points', 'Points for posting a review, a whole number, e.g. 5'),
			points('share', 'Share Points', 'Points for sharing on social media, a whole number, e.g. 3'),
		],
	},
];
