import type { IDataObject, IExecuteSingleFunctions, IN8nHttpFullResponse, INodeExecutionData } from 'n8n-workflow';
import { sentRequestOf } from '../../shared/transport';
import { readMergeWrite } from '../../shared/safeUpdate';
import { customerEngagementApi } from './transport';

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

/** Redeem answers 204 with no body; say what happened. */
export async function redeemResult(
	this: IExecuteSingleFunctions,
	_items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	const sent = sentRequestOf(response);
	return [{ json: { success: true, rewardId: sent.parameters.rewardId, contactId: (sent.body as IDataObject).contactId } }];
}
