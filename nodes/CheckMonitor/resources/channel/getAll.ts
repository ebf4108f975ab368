import type {
	IDataObject,
	IExecuteSingleFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { limitParameter, returnAllParameter } from '../../../shared/returnAllLimit';

const showOnlyForChannelGetMany = { resource: ['channel'], operation: ['getAll'] };

/** The API returns every channel in one answer; Limit trims it. */
/** One item per channel of the answer's `channels`. */
async function channelsToItems(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return items.flatMap((item) =>
		((item.json.channels as IDataObject[] | undefined) ?? []).map((json) => ({ json })),
	);
}

export const channelGetManyOperation: INodePropertyOptions = {
	name: 'Get Many',
	value: 'getAll',
	action: 'List the notification channels of the project',
	description:
		'Lists the integrations (email, Slack, webhooks and others) that checks of the project can notify. Returns one item per channel with its ID (a UUID), name and kind.',
	routing: {
		request: { method: 'GET', url: '/api/v3/channels/' },
		output: { postReceive: [channelsToItems] },
	},
};

export const channelGetManyDescription: INodeProperties[] = [
	{ ...returnAllParameter, displayOptions: { show: showOnlyForChannelGetMany } },
	{
		...limitParameter,
		displayOptions: { show: { ...showOnlyForChannelGetMany, returnAll: [false] } },
	},
];
