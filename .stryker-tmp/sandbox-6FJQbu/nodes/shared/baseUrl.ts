/**
 * How a credential applies itself to a request: the API root from its Base URL, and its
 * auth header. Both credentials do this in a function `authenticate` rather than with
 * expressions (`requestDefaults.baseURL: '={{$credentials.baseUrl}}'`, a generic header
 * `'=Bearer {{$credentials.accessToken}}'`), because n8n evaluates such expressions for
 * every item (the base URL twice on n8n >= 2.38), while this runs as plain code per request.
 */
// @ts-nocheck

import type { IHttpRequestOptions } from 'n8n-workflow';

/** Users paste the root with or without a trailing slash, and sometimes with the API's version prefix. */
export function normalizeBaseUrl(baseUrl: unknown, apiPrefix: RegExp): string {
	return String(baseUrl ?? '')
		.trim()
		.replace(/\/+$/, '')
		.replace(apiPrefix, '');
}

function hostOf(url: string): string | undefined {
	try {
		return new URL(url).hostname.toLowerCase() || undefined;
	} catch {
		return undefined;
	}
}

export function applyCredential(
	requestOptions: IHttpRequestOptions,
	baseUrl: string,
	headers: Record<string, string>,
): IHttpRequestOptions {
	// The nodes' requests are paths on the credential's API. An absolute URL (the credential
	// used in an HTTP Request node) keeps its own host and only gets the header.
	if (String(requestOptions.url ?? '').startsWith('/')) {
		requestOptions.baseURL = baseUrl;
		// n8n lets a credential whose "Allowed HTTP Request Domains" is restricted still reach
		// the endpoint of the node it belongs to, by adding that endpoint's host to the list,
		// but only for a base URL it sees before the request. This one is set here, so its
		// host is added here, the same way.
		const host = hostOf(baseUrl);
		if (typeof requestOptions.allowedDomains === 'string' && host) {
			requestOptions.allowedDomains = `${host}, ${requestOptions.allowedDomains}`;
		}
	}
	requestOptions.headers = { ...(requestOptions.headers ?? {}), ...headers };
	return requestOptions;
}
