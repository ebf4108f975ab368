import type {
	IDataObject,
	IExecuteSingleFunctions,
	IN8nHttpFullResponse,
	INodeExecutionData,
	INodePropertyOptions,
} from 'n8n-workflow';
import { sentRequestOf } from '../../../shared/routedRequest';
import { CHECK_PATH } from '../../shared/checkMonitorApi';

/** One item per logged ping, naming the check it was sent to. */
export async function pingsToItems(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	const checkId = sentRequestOf(response).parameters.checkId;
	return items.flatMap((item) =>
		((item.json.pings as IDataObject[] | undefined) ?? []).map((ping) => ({
			json: { checkId, ...ping },
		})),
	);
}

export const pingGetManyOperation: INodePropertyOptions = {
	name: 'Get Many',
	value: 'getAll',
	action: 'List the recent pings of a check',
	description:
		'Lists the logged pings of the check with this UUID or slug, newest first. Returns one item per ping with its number (n), type (success, start, fail, log and others), date and where it came from.',
	routing: {
		request: { method: 'GET', url: `${CHECK_PATH}/pings/` },
		output: { postReceive: [pingsToItems] },
	},
};
