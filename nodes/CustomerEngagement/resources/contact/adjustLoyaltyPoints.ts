import type { IDataObject, IExecutePaginationFunctions, INodeExecutionData, INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import type { OperationDescription } from '../../../shared/resourceDescription';
import { sendAsText } from '../../../shared/convertSent';
import { type RequestData, sendRequest, sentRequestOf } from '../../../shared/transport';
import { customerEngagementApi } from '../../shared/customerEngagementApi';

const show = { resource: ['contact'], operation: ['adjustLoyaltyPoints'] };

const contactAdjustLoyaltyPointsOperation: INodePropertyOptions = {
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

/** Its own parameter; Contact (shared/sharedParameters.ts), Additional Fields and Options are shared. */
const contactAdjustLoyaltyPointsDescription: INodeProperties[] = [
	{
		displayName: 'Points Value',
		name: 'pointsValue',
		type: 'number',
		required: true,
		default: 0,
		description: 'Whole number of points to add, e.g. 10, or to remove when negative; the total cannot drop below 0',
		displayOptions: { show },
		routing: { send: { type: 'body', property: 'pointsValue' } },
	},
];

/** Where its collection entries are shown: the node holds one collection of each name for every operation (nodes/shared/resourceDescription.ts). */
const entryShown = { show: { '/resource': ['contact'], '/operation': ['adjustLoyaltyPoints'] } };

/** Its Additional Fields. */
const contactAdjustLoyaltyPointsFields: INodeProperties[] = [
	{
		displayName: 'Employee PIN',
		name: 'employeePin',
		displayOptions: entryShown,
		type: 'string',
		typeOptions: { password: true },
		default: '',
		description: "The employee's PIN, e.g. 1234, to attribute the change to them",
		routing: sendAsText('employeePin'),
	},
	{
		displayName: 'Note',
		name: 'note',
		displayOptions: entryShown,
		type: 'string',
		default: '',
		description: 'Free text attached to the loyalty transaction, e.g. Birthday bonus',
		routing: sendAsText('note'),
	},
];

/** Its entry of Options (the collection it shares with Get Many). */
const contactAdjustLoyaltyPointsOptions: INodeProperties[] = [
	{
		displayName: 'Read New Balance',
		name: 'readNewBalance',
		displayOptions: entryShown,
		type: 'boolean',
		default: true,
		description:
			"Whether to read the contact after the change to return its new balance (one more request per item; the API's answer to the change carries no balance)",
	},
];

/**
 * The change, then (unless turned off) the contact, so the output says what the API's
 * answer does not: whose points, by how much, and the new balance. The change is a write
 * and has happened when the read fails: the item then succeeds with `balanceError`.
 */
export async function adjustLoyaltyPoints(this: IExecutePaginationFunctions, requestData: RequestData): Promise<INodeExecutionData[]> {
	const { response } = await sendRequest(this, requestData, customerEngagementApi);
	const sent = sentRequestOf(response);
	const id = sent.parameters.contactId;
	const json: IDataObject = { contactId: id, pointsValue: (sent.body as IDataObject | undefined)?.pointsValue ?? null };
	const options = this.getNodeParameter('options', {}) as IDataObject;
	if (options.readNewBalance !== false) {
		try {
			const { items } = await sendRequest(this, requestData, customerEngagementApi, { method: 'GET', url: `/v1/contacts/${encodeURIComponent(id)}`, body: undefined });
			json.loyaltyPointsCount = items[0]?.json.loyaltyPointsCount ?? null;
		} catch (error) {
			json.loyaltyPointsCount = null;
			json.balanceError = `The points were changed, but the new balance could not be read: ${(error as Error).message}`;
		}
	}
	return [{ json, pairedItem: { item: this.getItemIndex() } }];
}

export const contactAdjustLoyaltyPoints: OperationDescription = {
	option: contactAdjustLoyaltyPointsOperation,
	parameters: contactAdjustLoyaltyPointsDescription,
	collections: { additionalFields: contactAdjustLoyaltyPointsFields, options: contactAdjustLoyaltyPointsOptions },
};
