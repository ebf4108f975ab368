import type {
	IDataObject,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeApiError, type JsonObject } from 'n8n-workflow';
import { normalizeBaseUrl } from './baseUrl';
import { type ApiDefinition, describeNetworkError } from './transport';

export type DirectApi = ApiDefinition & { credentialType: string; apiPrefix: RegExp };

/**
 * Requests made outside the routing engine (list searches and option loaders in the
 * editor, polling triggers), with the same base-URL handling and error wording as the
 * nodes' operations.
 */
export async function directRequest(
	context: ILoadOptionsFunctions | IPollFunctions,
	api: DirectApi,
	options: { url: string; qs?: IDataObject; method?: IHttpRequestMethods },
): Promise<{ body: unknown; headers: IDataObject }> {
	const credentials = await context.getCredentials(api.credentialType);
	const method = options.method ?? 'GET';
	const request: IHttpRequestOptions = {
		method,
		baseURL: normalizeBaseUrl(credentials.baseUrl, api.apiPrefix),
		url: options.url,
		qs: options.qs,
		json: true,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		arrayFormat: 'repeat',
		headers: { Accept: 'application/json' },
	};
	let response: { body: unknown; headers: IDataObject; statusCode: number };
	try {
		response = (await context.helpers.httpRequestWithAuthentication.call(
			context,
			api.credentialType,
			request,
		)) as typeof response;
	} catch (error) {
		const described = describeNetworkError(error as Error, api.name);
		throw new NodeApiError(context.getNode(), { message: described.message } as JsonObject, described);
	}
	if (response.statusCode >= 400) {
		const described = api.describeError(
			{ statusCode: response.statusCode, headers: response.headers, body: response.body },
			{ method, url: options.url },
		);
		throw new NodeApiError(context.getNode(), { message: described.message } as JsonObject, {
			message: described.message,
			description: described.description,
			httpCode: String(response.statusCode),
		});
	}
	return { body: response.body, headers: response.headers };
}
