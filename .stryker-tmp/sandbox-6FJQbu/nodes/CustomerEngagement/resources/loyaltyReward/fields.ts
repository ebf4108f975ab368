// @ts-nocheck
import type { INodeProperties } from 'n8n-workflow';

const body = (property: string) => ({ send: { type: 'body' as const, property } });

/** Optional reward fields, shared by create and update. */
export const rewardFields: INodeProperties[] = [
	{ displayName: 'Expired Date', name: 'expiredDate', type: 'dateTime', default: '', routing: body('expiredDate') },
	{ displayName: 'Expires', name: 'expires', type: 'boolean', default: false, description: 'Whether the reward can expire', routing: body('expires') },
	{ displayName: 'Item ID', name: 'itemId', type: 'string', default: '', description: 'Free use for third-party integrations', routing: body('itemId') },
	{ displayName: 'Item Name', name: 'itemName', type: 'string', default: '', description: 'Free use for third-party integrations', routing: body('itemName') },
	{
		displayName: 'Quantity',
		name: 'quantity',
		type: 'collection',
		default: {},
		placeholder: 'Add Limit',
		description: 'How many can be redeemed; a limit left out means unlimited',
		options: [
			{ displayName: 'Per Contact', name: 'perContact', type: 'number', typeOptions: { minValue: 0 }, default: 1, description: 'Redemptions allowed per contact', routing: body('quantity.perContact') },
			{ displayName: 'Total', name: 'total', type: 'number', typeOptions: { minValue: 0 }, default: 0, description: 'Redemptions allowed in total', routing: body('quantity.total') },
		],
	},
	{ displayName: 'Start Date', name: 'startDate', type: 'dateTime', default: '', routing: body('startDate') },
	{
		displayName: 'Type',
		name: 'type',
		type: 'options',
		options: [
			{ name: 'Cash Discount', value: 'CASH_DISCOUNT' },
			{ name: 'Item', value: 'ITEM' },
			{ name: 'Percent Discount', value: 'PERCENT_DISCOUNT' },
		],
		default: 'ITEM',
		routing: body('type'),
	},
	{ displayName: 'Value', name: 'value', type: 'number', typeOptions: { minValue: 0 }, default: 0, description: 'Cash amount, or percent (0-100) for a percent discount', routing: body('value') },
];
