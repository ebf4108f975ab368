import type { INodePropertyOptions } from 'n8n-workflow';
import type { OperationDescription } from '../../../shared/resourceDescription';

/** Its parameters, Return All and Limit, are shared (shared/sharedParameters.ts): the API returns every channel in one response, and Limit trims it. */
const channelGetManyOperation: INodePropertyOptions = {
	name: 'Get Many',
	value: 'getAll',
	action: 'List the notification channels of the project',
	description:
		'Lists the integrations (email, Slack, webhooks and others) that checks of the project can notify. Returns one item per channel with its ID (a UUID), name and kind.',
	routing: {
		request: { method: 'GET', url: '/api/v3/channels/' },
		output: { postReceive: [{ type: 'rootProperty', properties: { property: 'channels' } }] },
	},
};

export const channelGetMany: OperationDescription = {
	option: channelGetManyOperation,
};
