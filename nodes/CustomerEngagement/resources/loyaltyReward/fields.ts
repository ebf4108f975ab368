/** What reward create and update share: the optional fields, their dates, the checks of their numbers. */
import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';
import { sendAsText } from '../../../shared/convertSent';
import { invalidInput } from '../../../shared/apiRequest';

const body = (property: string) => ({ send: { type: 'body' as const, property } });

/**
 * The optional fields of a reward, for Create (Additional Fields) and Update (Update Fields,
 * which adds Points: Create takes it as a parameter), in the editor's order.
 */
export const rewardFields: INodeProperties[] = [
	{
		displayName: 'Expired Date',
		name: 'expiredDate',
		type: 'dateTime',
		default: '',
		description: 'When the reward expires, an ISO 8601 date-time, e.g. 2026-12-31T23:59:59Z',
		routing: body('expiredDate'),
	},
	{
		displayName: 'Expires',
		name: 'expires',
		type: 'boolean',
		default: false,
		description: 'Whether the reward can expire',
		routing: body('expires'),
	},
	{
		displayName: 'Item ID',
		name: 'itemId',
		type: 'string',
		default: '',
		description: 'Your own item identifier for third-party integrations, free text, e.g. SKU-1042',
		routing: sendAsText('itemId'),
	},
	{
		displayName: 'Item Name',
		name: 'itemName',
		type: 'string',
		default: '',
		description: 'Your own item name for third-party integrations, free text, e.g. Large coffee',
		routing: sendAsText('itemName'),
	},
	{
		displayName: 'Quantity',
		name: 'quantity',
		type: 'collection',
		default: {},
		placeholder: 'Add Limit',
		description: 'How many can be redeemed; a limit left out means unlimited',
		options: [
			{
				displayName: 'Per Contact',
				name: 'perContact',
				type: 'number',
				typeOptions: { minValue: 0 },
				default: 1,
				description: 'Redemptions allowed per contact, a whole number, e.g. 1',
				routing: body('quantity.perContact'),
			},
			{
				displayName: 'Total',
				name: 'total',
				type: 'number',
				typeOptions: { minValue: 0 },
				default: 0,
				description: 'Redemptions allowed in total, a whole number, e.g. 100',
				routing: body('quantity.total'),
			},
		],
	},
	{
		displayName: 'Start Date',
		name: 'startDate',
		type: 'dateTime',
		default: '',
		description:
			'When the reward becomes available, an ISO 8601 date-time, e.g. 2026-01-01T00:00:00Z',
		routing: body('startDate'),
	},
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
		description:
			'Kind of reward: ITEM (a free item), CASH_DISCOUNT (Value is an amount) or PERCENT_DISCOUNT (Value is a percent)',
		routing: body('type'),
	},
	{
		displayName: 'Value',
		name: 'value',
		type: 'number',
		typeOptions: { minValue: 0 },
		default: 0,
		description: 'Cash amount, e.g. 5, or percent from 0 to 100 for a percent discount',
		routing: body('value'),
	},
];

/** Update's own field (Create takes it as a parameter). */
export const pointsField: INodeProperties = {
	displayName: 'Points',
	name: 'points',
	type: 'number',
	typeOptions: { minValue: 0 },
	default: 0,
	description: 'What the reward costs in loyalty points, a whole number, e.g. 100',
	routing: body('points'),
};

/** The date fields, for apiDates: converted to the API's format before they are sent. */
export const REWARD_DATES = { startDate: 'Start Date', expiredDate: 'Expired Date' };

/**
 * preSend of reward create (Points required) and update (Points checked when given: the
 * other fields come from the stored reward, which the update reads before it writes).
 * A Points or Value field whose expression gives nothing is given, and refused.
 */
export function checkReward(pointsRequired: boolean) {
	return async function (
		this: IExecuteSingleFunctions,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		const body = (requestOptions.body ?? {}) as IDataObject;
		if ('value' in body && (typeof body.value !== 'number' || body.value < 0)) {
			throw invalidInput(
				this,
				'Value',
				`must be a number of at least 0, got ${JSON.stringify(body.value)}`,
			);
		}
		if (body.type === 'PERCENT_DISCOUNT' && typeof body.value === 'number' && body.value > 100) {
			throw invalidInput(
				this,
				'Value',
				`a percent discount must be between 0 and 100, got ${body.value}`,
			);
		}
		if (
			(pointsRequired || 'points' in body) &&
			(typeof body.points !== 'number' || body.points < 0)
		) {
			throw invalidInput(
				this,
				'Points',
				`must be a number of at least 0, got ${JSON.stringify(body.points)}`,
			);
		}
		return requestOptions;
	};
}
