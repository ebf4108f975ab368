import type { INodeProperties } from 'n8n-workflow';

const body = (property: string) => ({ send: { type: 'body' as const, property } });

/** Optional reward fields, shared by create and update. */
export const rewardFields: INodeProperties[] = [
	{ displayName: 'Expired Date', name: 'expiredDate', type: 'dateTime', default: '', description: 'When the reward expires, an ISO 8601 date-time, e.g. 2026-12-31T23:59:59Z', routing: body('expiredDate') },
	{ displayName: 'Expires', name: 'expires', type: 'boolean', default: false, description: 'Whether the reward can expire', routing: body('expires') },
	{ displayName: 'Item ID', name: 'itemId', type: 'string', default: '', description: 'Your own item identifier for third-party integrations, free text, e.g. SKU-1042', routing: body('itemId') },
	{ displayName: 'Item Name', name: 'itemName', type: 'string', default: '', description: 'Your own item name for third-party integrations, free text, e.g. Large coffee', routing: body('itemName') },
	{
		displayName: 'Quantity',
		name: 'quantity',
		type: 'collection',
		default: {},
		placeholder: 'Add Limit',
		description: 'How many can be redeemed; a limit left out means unlimited',
		options: [
			{ displayName: 'Per Contact', name: 'perContact', type: 'number', typeOptions: { minValue: 0 }, default: 1, description: 'Redemptions allowed per contact, a whole number, e.g. 1', routing: body('quantity.perContact') },
			{ displayName: 'Total', name: 'total', type: 'number', typeOptions: { minValue: 0 }, default: 0, description: 'Redemptions allowed in total, a whole number, e.g. 100', routing: body('quantity.total') },
		],
	},
	{ displayName: 'Start Date', name: 'startDate', type: 'dateTime', default: '', description: 'When the reward becomes available, an ISO 8601 date-time, e.g. 2026-01-01T00:00:00Z', routing: body('startDate') },
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
		description: 'Kind of reward: ITEM (a free item), CASH_DISCOUNT (Value is an amount) or PERCENT_DISCOUNT (Value is a percent)',
		routing: body('type'),
	},
	{ displayName: 'Value', name: 'value', type: 'number', typeOptions: { minValue: 0 }, default: 0, description: 'Cash amount, e.g. 5, or percent from 0 to 100 for a percent discount', routing: body('value') },
];
