/** The trigger's Event choices: what the user gets, one item per event. Also its subtitle's names. */
import type { INodePropertyOptions } from 'n8n-workflow';

export const eventOptions: INodePropertyOptions[] = [
	{
		name: 'New Contact',
		value: 'newContact',
		description: 'A contact registered: one item per contact',
	},
	{
		name: 'New Loyalty Reward',
		value: 'newLoyaltyReward',
		description: 'A loyalty reward was created: one item per reward',
	},
	{
		name: 'New Redeem',
		value: 'newRedeem',
		description: 'A contact redeemed a loyalty reward: one item per redeem',
	},
	{
		name: 'New Visit',
		value: 'newVisit',
		description: 'A visit (check-in) was recorded: one item per visit',
	},
];
