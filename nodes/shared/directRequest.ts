import type {
	IDataObject,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IPollFunctions,
} from 'n8n-workflow';
import { normalizeBaseUrl } from './baseUrl';
import { withRetries } from './resilience';
import { type ApiDefinition, classifyFailure, ErrorStatusReceived, toNodeApiError } from './transport';

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
	const response = await withRetries(
		request.baseURL as string,
		method,
		async () => {
			const answer = (await context.helpers.httpRequestWithAuthentication.call(
				context,
				api.credentialType,
				request,
			)) as { body: unknown; headers: IDataObject; statusCode: number };
			if (answer.statusCode >= 400) {
				throw new ErrorStatusReceived({ statusCode: answer.statusCode, headers: answer.headers ?? {}, body: answer.body });
			}
			return answer;
		},
		classifyFailure,
	).catch((error) => {
		throw toNodeApiError(context.getNode(), api, error, { method, url: options.url });
	});
	return { body: response.body, headers: response.headers };
}
