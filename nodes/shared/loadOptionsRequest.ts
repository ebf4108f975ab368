import type { IDataObject, IHttpRequestOptions, ILoadOptionsFunctions } from 'n8n-workflow';
import { NodeApiError, type JsonObject } from 'n8n-workflow';
import { normalizeBaseUrl } from './baseUrl';
import type { ApiDefinition } from './transport';

/**
 * Requests made by list searches and option loaders in the editor (outside the routing
 * engine), with the same base-URL handling and error wording as the node's operations.
 */
export async function loadOptionsRequest(
	context: ILoadOptionsFunctions,
	api: ApiDefinition & { credentialType: string; apiPrefix: RegExp },
	options: { url: string; qs?: IDataObject },
): Promise<{ body: unknown; headers: IDataObject }> {
	const credentials = await context.getCredentials(api.credentialType);
	const request: IHttpRequestOptions = {
		method: 'GET',
		baseURL: normalizeBaseUrl(credentials.baseUrl, api.apiPrefix),
		url: options.url,
		qs: options.qs,
		json: true,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		headers: { Accept: 'application/json' },
	};
	const response = (await context.helpers.httpRequestWithAuthentication.call(
		context,
		api.credentialType,
		request,
	)) as { body: unknown; headers: IDataObject; statusCode: number };
	if (response.statusCode >= 400) {
		const described = api.describeError(
			{ statusCode: response.statusCode, headers: response.headers, body: response.body },
			{ method: 'GET', url: options.url },
		);
		throw new NodeApiError(context.getNode(), { message: described.message } as JsonObject, {
			message: described.message,
			description: described.description,
			httpCode: String(response.statusCode),
		});
	}
	return { body: response.body, headers: response.headers };
}
