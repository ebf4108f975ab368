import type { INodeProperties } from 'n8n-workflow';
import { getManyParameters } from '../../../shared/descriptions';

export const channelDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['channel'] } },
		options: [
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'List the notification channels of the project',
				description:
					'Lists the integrations (email, Slack, webhooks and others) that checks of the project can notify. Returns one item per channel with its ID (a UUID), name and kind.',
				routing: {
					request: { method: 'GET', url: '/api/v3/channels/' },
					output: { postReceive: [{ type: 'rootProperty', properties: { property: 'channels' } }] },
				},
			},
		],
		default: 'getAll',
	},
	// The API returns every channel in one response; Limit trims it (channels).
	...getManyParameters({ resource: ['channel'], operation: ['getAll'] }),
];
