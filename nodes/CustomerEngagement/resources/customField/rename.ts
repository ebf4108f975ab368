import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	INodeExecutionData,
	INodePropertyOptions,
} from 'n8n-workflow';
import { sentRequestOf } from '../../../shared/routedRequest';

/** Rename takes the new name as a bare JSON string body (routing can only build objects). */
async function nameAsJsonString(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
) {
	requestOptions.body = JSON.stringify(String((requestOptions.body as IDataObject).name));
	return requestOptions;
}

/** Rename answers a bare JSON string; say what changed instead. */
async function renameResult(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	const sent = sentRequestOf(response);
	return items.map((item) => ({
		json: {
			id: sent.parameters.customFieldId,
			name: JSON.parse(String(sent.body)) as string,
			message: typeof item.json === 'string' ? item.json : JSON.stringify(item.json),
		},
	}));
}

/** Its parameters, Custom Field and Name, are the resource's (index.ts). */
export const customFieldRenameOperation: INodePropertyOptions = {
	name: 'Rename',
	value: 'rename',
	action: 'Rename a custom field by ID',
	description:
		'Gives the custom field with this ID a new name, unique among the fields. Returns the field ID, the new name and the message of the API.',
	routing: {
		request: { method: 'PUT', url: '/v1/custom-fields/{customFieldId}/name' },
		send: { preSend: [nameAsJsonString] },
		output: { postReceive: [renameResult] },
	},
};
