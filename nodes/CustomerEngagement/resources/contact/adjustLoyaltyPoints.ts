import type {
	IDataObject,
	IExecutePaginationFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { routedRequest, sentRequestOf, type RoutedRequest } from '../../../shared/routedRequest';
import { sendAsText } from '../../../shared/convertSent';
import { customerEngagementApi } from '../../shared/customerEngagementApi';

const showOnlyForAdjustLoyaltyPoints = {
	resource: ['contact'],
	operation: ['adjustLoyaltyPoints'],
};

/**
 * The change, then (unless turned off) the contact, so the output says what the API's
 * answer does not: whose points, by how much, and the new balance. The change is a write
 * and has happened when the read fails: the item then succeeds with `balanceError`.
 */
export async function adjustLoyaltyPoints(
	this: IExecutePaginationFunctions,
	requestData: RoutedRequest,
): Promise<INodeExecutionData[]> {
	const { answer } = await routedRequest(this, customerEngagementApi, requestData);
	const sent = sentRequestOf(answer);
	const id = sent.parameters.contactId;
	const json: IDataObject = {
		contactId: id,
		pointsValue: (sent.body as IDataObject | undefined)?.pointsValue ?? null,
	};
	const options = this.getNodeParameter('options', {}) as IDataObject;
	if (options.readNewBalance !== false) {
		try {
			const { items } = await routedRequest(this, customerEngagementApi, requestData, {
				method: 'GET',
				url: `/v1/contacts/${encodeURIComponent(id)}`,
				body: undefined,
			});
			json.loyaltyPointsCount = items[0]?.json.loyaltyPointsCount ?? null;
		} catch (error) {
			json.loyaltyPointsCount = null;
			json.balanceError = `The points were changed, but the new balance could not be read: ${(error as Error).message}`;
		}
	}
	return [{ json, pairedItem: { item: this.getItemIndex() } }];
}

export const contactAdjustLoyaltyPointsOperation: INodePropertyOptions = {
	name: 'Adjust Loyalty Points',
	value: 'adjustLoyaltyPoints',
	action: 'Add or remove points of a contact by ID',
	description:
		'Adds Points Value to the loyalty points of the contact with this ID (a negative value removes points; the total cannot drop below 0). Returns the contact ID, the change and the new balance in loyaltyPointsCount.',
	routing: {
		request: { method: 'PUT', url: '/v1/contacts/{contactId}/loyalty-points' },
		operations: { pagination: adjustLoyaltyPoints },
	},
};

/** Contact is the resource's (index.ts). */
export const contactAdjustLoyaltyPointsDescription: INodeProperties[] = [
	{
		displayName: 'Points Value',
		name: 'pointsValue',
		type: 'number',
		required: true,
		default: 0,
		description:
			'Whole number of points to add, e.g. 10, or to remove when negative; the total cannot drop below 0',
		displayOptions: { show: showOnlyForAdjustLoyaltyPoints },
		routing: { send: { type: 'body', property: 'pointsValue' } },
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: { show: showOnlyForAdjustLoyaltyPoints },
		options: [
			{
				displayName: 'Employee PIN',
				name: 'employeePin',
				type: 'string',
				typeOptions: { password: true },
				default: '',
				description: "The employee's PIN, e.g. 1234, to attribute the change to them",
				routing: sendAsText('employeePin'),
			},
			{
				displayName: 'Note',
				name: 'note',
				type: 'string',
				default: '',
				description: 'Free text attached to the loyalty transaction, e.g. Birthday bonus',
				routing: sendAsText('note'),
			},
		],
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: { show: showOnlyForAdjustLoyaltyPoints },
		options: [
			{
				displayName: 'Read New Balance',
				name: 'readNewBalance',
				type: 'boolean',
				default: true,
				description:
					"Whether to read the contact after the change to return its new balance (one more request per item; the API's answer to the change carries no balance)",
			},
		],
	},
];
