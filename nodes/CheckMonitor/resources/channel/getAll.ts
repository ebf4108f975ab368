import type {
	IDataObject,
	IExecuteSingleFunctions,
	INodeExecutionData,
	INodePropertyOptions,
} from 'n8n-workflow';

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
