// @ts-nocheck
import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';
import { checkFields } from '../../shared/checkFields';

/** The server unassigns every channel when sent `channels: ""`; this option wins over Channels. */
async function unassignAllChannels(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
	const body = requestOptions.body as IDataObject;
	if (body.unassignAllChannels === true) body.channels = '';
	delete body.unassignAllChannels;
	return requestOptions;
}

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
				routing: { send: { type: 'body', property: 'unassignAllChannels', preSend: [unassignAllChannels] } },
			},
		],
	},
];
