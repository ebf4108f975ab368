import type {
	IDataObject,
	IExecuteSingleFunctions,
	IN8nHttpFullResponse,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { sentRequestOf } from '../../../shared/routedRequest';
import { sendAsText } from '../../../shared/convertSent';
import { sendContactIdInBody } from '../../shared/descriptions';

const showOnlyForRedeem = { resource: ['loyaltyReward'], operation: ['redeem'] };

/** Redeem answers 204 with no body; say what happened. */
export async function redeemResult(
	this: IExecuteSingleFunctions,
	_items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	const sent = sentRequestOf(response);
	return [
		{
			json: {
				success: true,
				rewardId: sent.parameters.rewardId,
				contactId: (sent.body as IDataObject).contactId,
			},
		},
	];
}

export const loyaltyRewardRedeemOperation: INodePropertyOptions = {
	name: 'Redeem',
	value: 'redeem',
	action: 'Redeem a loyalty reward for a contact',
	description:
		'Redeems the loyalty reward with this ID for the contact with this ID, who spends the points it costs. Returns success with the reward and contact IDs.',
	routing: {
		request: { method: 'POST', url: '/v1/loyalty-rewards/{rewardId}/redeem' },
		send: { preSend: [sendContactIdInBody] },
		output: { postReceive: [redeemResult] },
	},
};

/** Loyalty Reward is the resource's (index.ts). */
export const loyaltyRewardRedeemDescription: INodeProperties[] = [
	{
		displayName: 'Additional Fields',
		name: 'redeemFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: { show: showOnlyForRedeem },
		options: [
			{
				displayName: 'Note',
				name: 'note',
				type: 'string',
				default: '',
				description: 'Free text attached to the redemption, e.g. Birthday gift',
				routing: sendAsText('note'),
			},
			{
				displayName: 'PIN',
				name: 'pin',
				type: 'string',
				typeOptions: { password: true },
				default: '',
				description: 'Employee PIN, e.g. 1234, when the loyalty settings require one',
				routing: sendAsText('pin'),
			},
		],
	},
];
