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
				action: 'Get many channels',
				description: 'List the integrations (notification channels) of the project',
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
