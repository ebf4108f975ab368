import type {
	IExecuteSingleFunctions,
	IN8nHttpFullResponse,
	INodeExecutionData,
	INodePropertyOptions,
} from 'n8n-workflow';

/** The server answers the text "OK" (as text/html), not JSON. */
async function statusToItem(
	this: IExecuteSingleFunctions,
	_items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	const status = String(response.body).trim();
	return [{ json: { status, ok: status === 'OK', statusCode: response.statusCode } }];
}

/** It takes no parameters: the service answers for itself, not for a check. */
export const statusGetOperation: INodePropertyOptions = {
	name: 'Get',
	value: 'get',
	action: 'Check that the monitoring service is up',
	description:
		'Asks the monitoring service whether it and its database answer; needs no check. Returns status OK and ok true when the service is up.',
	routing: {
		// Text, not JSON: `json: false` also tells apiRequest that text is the answer.
		request: { method: 'GET', url: '/api/v3/status/', json: false },
		output: {
			postReceive: [statusToItem],
		},
	},
};
