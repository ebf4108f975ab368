import type { INodeProperties } from 'n8n-workflow';
import { checkFields } from '../../shared/checkFields';

export const checkUpdateDescription: INodeProperties[] = [
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: { show: { resource: ['check'], operation: ['update'] } },
		options: [
			...checkFields,
			{
				displayName: 'Unassign All Channels',
				name: 'unassignAllChannels',
				type: 'boolean',
				default: false,
				description: 'Whether to remove every integration from the check (overrides Channels)',
				routing: { send: { type: 'body', property: 'channels', value: '={{ $value ? "" : undefined }}' } },
			},
		],
	},
];
