import { resourceDescription } from '../../../shared/resourceDescription';
import { loyaltyRewardCreate } from './create';
import { loyaltyRewardDelete } from './delete';
import { loyaltyRewardGet } from './get';
import { loyaltyRewardGetMany } from './getAll';
import { loyaltyRewardRedeem } from './redeem';
import { loyaltyRewardUpdate } from './update';

/** The loyaltyReward resource: its operations, in the order the editor lists them. */
export const loyaltyRewardResource = resourceDescription(
	'loyaltyReward',
	[loyaltyRewardCreate, loyaltyRewardDelete, loyaltyRewardGet, loyaltyRewardGetMany, loyaltyRewardRedeem, loyaltyRewardUpdate],
	'getAll',
);
