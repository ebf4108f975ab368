import type { IDataObject, INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { apiDates } from '../../../shared/dates';
import { readMergeWrite } from '../contact/update';
import { checkReward, pointsField, REWARD_DATES, rewardFields } from './fields';

/** The fields the API clears when a PUT leaves them out, and so the ones read from the reward and sent back. */
const UPDATABLE_FIELDS = [
	'points',
	'startDate',
	'expiredDate',
	'expires',
	'type',
	'value',
	'itemId',
	'itemName',
];

/** The PUT body for a reward: current updatable fields with the changes over them (title is fixed). */
export function mergeReward(current: IDataObject, changes: IDataObject): IDataObject {
	const body: IDataObject = {};
	for (const field of UPDATABLE_FIELDS)
		if (current[field] !== undefined) body[field] = current[field];
	const quantity = (current.quantity ?? {}) as IDataObject;
	body.quantity = { total: quantity.total ?? null, perContact: quantity.perContact ?? null };
	for (const [key, value] of Object.entries(changes)) {
		if (value === undefined) continue;
		if (key === 'quantity')
			body.quantity = { ...(body.quantity as IDataObject), ...(value as IDataObject) };
		else body[key] = value;
	}
	return body;
}

export const updateReward = readMergeWrite('rewardId', mergeReward);

export const validateRewardChanges = checkReward(false);

export const loyaltyRewardUpdateOperation: INodePropertyOptions = {
	name: 'Update',
	value: 'update',
	action: 'Update fields of a loyalty reward by ID',
	description:
		'Changes the given fields of the loyalty reward with this ID; the others keep their values, and the title cannot change. Returns the reward as it is after the change.',
	routing: {
		request: { method: 'PUT', url: '/v1/loyalty-rewards/{rewardId}' },
		send: { preSend: [validateRewardChanges, apiDates(REWARD_DATES)] },
		operations: { pagination: updateReward },
	},
};

/** Loyalty Reward is the resource's (index.ts). */
export const loyaltyRewardUpdateDescription: INodeProperties[] = [
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: { show: { resource: ['loyaltyReward'], operation: ['update'] } },
		// Points too, which Create takes as a parameter; in alphabetical order, as every collection lists its fields.
		options: [...rewardFields, pointsField].sort((a, b) =>
			a.displayName.localeCompare(b.displayName),
		),
	},
];
