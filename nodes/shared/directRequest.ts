import type { IDataObject, IExecuteSingleFunctions, IHttpRequestMethods, IHttpRequestOptions, ILoadOptionsFunctions, IPollFunctions } from 'n8n-workflow';
import type { ApiDefinition } from './apiDefinition';
import { classifyFailure } from './failureKind';
import { toNodeApiError } from './failureWording';
import { gateKey, withRetries } from './resilience';
import { ErrorStatusReceived, refuseNonData } from './responseChecks';

/**
 * Requests made outside the routing engine (list searches and option loaders in the
 * editor, polling triggers, look-ups an operation needs before its own request), through the same gate, retry policy and error wording as the
 * nodes' operations. The credential adds the base URL and the auth header.
 */
export async function directRequest(
	context: ILoadOptionsFunctions | IPollFunctions | IExecuteSingleFunctions,
	api: ApiDefinition,
	options: { url: string; qs?: IDataObject; method?: IHttpRequestMethods; text?: boolean },
): Promise<{ body: unknown; headers: IDataObject }> {
	const method = options.method ?? 'GET';
	const request: IHttpRequestOptions = {
		method,
		url: options.url,
		qs: options.qs,
		// `text`: the body as the server sent it (a ping body that happens to be JSON stays text).
		// The Accept header below is what asks for JSON; n8n's `json` option would only add it.
		...(options.text ? { encoding: 'text' as const } : {}),
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		arrayFormat: 'repeat',
		headers: { Accept: options.text ? 'text/plain, */*' : 'application/json' },
	};
	const response = await withRetries(
		gateKey(context, api.credentialType),
		method,
		async () => {
			const answer = (await context.helpers.httpRequestWithAuthentication.call(
				context,
				api.credentialType,
				{ ...request },
			)) as { body: unknown; headers: IDataObject; statusCode: number };
			if (answer.statusCode >= 400) {
				throw new ErrorStatusReceived({ statusCode: answer.statusCode, headers: answer.headers ?? {}, body: answer.body });
			}
			// A ping body asked for as text is the user's data, HTML or not.
			if (!options.text) refuseNonData(answer, true);
			return answer;
		},
		classifyFailure,
	).catch((error) => {
		throw toNodeApiError(context.getNode(), api, error, { method, url: options.url });
	});
	return { body: response.body, headers: response.headers };
}
