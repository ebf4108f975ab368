import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { CHECK_PATH } from '../../shared/checkMonitorApi';
import { checkFields, validateCheckBody } from './fields';

/** The server unassigns every channel when sent `channels: ""`; this option wins over Channels. */
async function unassignAllChannels(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
) {
	const body = requestOptions.body as IDataObject;
	if (body.unassignAllChannels === true) body.channels = '';
	delete body.unassignAllChannels;
	return requestOptions;
}

export const checkUpdateOperation: INodePropertyOptions = {
	name: 'Update',
	value: 'update',
	action: 'Update fields of a check by UUID or slug',
	description:
		'Changes the given fields of the check with this UUID or slug; the other fields stay as they are. Returns the check as it is after the change.',
	routing: {
		request: { method: 'POST', url: CHECK_PATH },
		send: { preSend: [validateCheckBody] },
	},
};

/** Check is the resource's (index.ts). */
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
				routing: {
					send: { type: 'body', property: 'unassignAllChannels', preSend: [unassignAllChannels] },
				},
			},
		],
	},
];
