import type { IDataObject, INodePropertyOptions } from 'n8n-workflow';
import type { OperationDescription } from '../../../shared/resourceDescription';
import { rewardFields } from './fields';
import { readMergeWrite } from '../../../shared/safeUpdate';
import { customerEngagementApi } from '../../shared/customerEngagementApi';
import { apiDates } from '../../shared/inputChecks';
import { checkReward, REWARD_DATES } from './fields';

/** The fields the API clears when a PUT leaves them out, and so the ones read from the reward and sent back. */
const UPDATABLE_FIELDS = ['points', 'startDate', 'expiredDate', 'expires', 'type', 'value', 'itemId', 'itemName'];

/** The PUT body for a reward: current updatable fields with the changes over them (title is fixed). */
export function mergeReward(current: IDataObject, changes: IDataObject): IDataObject {
	const body: IDataObject = {};
	for (const field of UPDATABLE_FIELDS) if (current[field] !== undefined) body[field] = current[field];
	const quantity = (current.quantity ?? {}) as IDataObject;
	body.quantity = { total: quantity.total ?? null, perContact: quantity.perContact ?? null };
	for (const [key, value] of Object.entries(changes)) {
		if (value === undefined) continue;
		if (key === 'quantity') body.quantity = { ...(body.quantity as IDataObject), ...(value as IDataObject) };
		else body[key] = value;
	}
	return body;
}

export const updateReward = readMergeWrite(customerEngagementApi, 'rewardId', mergeReward);

export const validateRewardChanges = checkReward(false);

/** Its parameters are shared: Loyalty Reward (rewardLocator.ts) and Update Fields (the fields in fields.ts). */
const loyaltyRewardUpdateOperation: INodePropertyOptions = {
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

export const loyaltyRewardUpdate: OperationDescription = {
	option: loyaltyRewardUpdateOperation,
	collections: { updateFields: rewardFields },
};
