import { objectLocator } from '../../shared/descriptions';

/** Loyalty Reward of Get, Update, Delete and Redeem (index.ts), and of the trigger's New Redeem. */
export const rewardLocator = objectLocator({
	name: 'rewardId',
	displayName: 'Loyalty Reward',
	searchListMethod: 'searchRewards',
	placeholder: 'e.g. 6b2f0a1c9d',
	description:
		"The loyalty reward's ID, e.g. 6b2f0a1c9d, as Loyalty Reward → Get Many returns it (not its title)",
});
