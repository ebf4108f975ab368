import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { getManyParameters } from '../../../shared/commonParameters';

export const channelGetManyOperation: INodePropertyOptions = {
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

// The API returns every channel in one response; Limit trims it (channels).
export const channelGetManyDescription: INodeProperties[] = getManyParameters({ resource: ['channel'], operation: ['getAll'] });
