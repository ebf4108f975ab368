import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import type { OperationDescription } from '../../../shared/resourceDescription';

/** An entry of the node's Update Fields, shown for this operation only (nodes/shared/resourceDescription.ts). */
const points = (name: string, displayName: string, description: string): INodeProperties => ({
	displayName,
	name,
	displayOptions: { show: { '/resource': ['loyaltySettings'], '/operation': ['update'] } },
	type: 'number',
	typeOptions: { minValue: 0 },
	default: 0,
	description,
	routing: { send: { type: 'body', property: name } },
});

const loyaltySettingsUpdateOperation: INodePropertyOptions = {
	name: 'Update',
	value: 'update',
	action: 'Set points earned per visit or review',
	description:
		'Changes the given loyalty settings (points per visit, share, review or dollar spent); the others stay as they are. Returns the settings as they are now.',
	routing: { request: { method: 'PUT', url: '/v1/loyalty-rewards/loyalty-settings' } },
};


/** Its Update Fields. */
const loyaltySettingsUpdateFields: INodeProperties[] = [
	points('checkin', 'Check-In Points', 'Points for every visit, a whole number, e.g. 1'),
	points('pointsPerDollar', 'Points per Dollar', 'Points per dollar spent, e.g. 2 (needs a third-party integration)'),
	points('review', 'Review Points', 'Points for posting a review, a whole number, e.g. 5'),
	points('share', 'Share Points', 'Points for sharing on social media, a whole number, e.g. 3'),
];

export const loyaltySettingsUpdate: OperationDescription = {
	option: loyaltySettingsUpdateOperation,
	collections: { updateFields: loyaltySettingsUpdateFields },
};
