/**
 * How a credential applies itself to a request: the API root from its Base URL, and its
 * auth header. Both credentials do this in a function `authenticate` rather than with
 * expressions (`requestDefaults.baseURL: '={{$credentials.baseUrl}}'`, a generic header
 * `'=Bearer {{$credentials.accessToken}}'`), because n8n evaluates such expressions for
 * every item (the base URL twice on n8n >= 2.38), while this runs as plain code per request.
 */
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
	if (String(requestOptions.url).startsWith('/')) {
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

/**
 * Pings (Check Monitor): the nodes send them as relative paths that only the credential
 * turns into the real ping URL, so neither the ping URL (a secret: anyone who has it can
 * ping) nor the ping key ever appears in the node's parameters, output or errors.
 *   /ping/<uuid>[/<signal>]            → <ping root>/<uuid>[/<signal>]
 *   /ping-by-slug/<slug>[/<signal>]    → <ping root>/<ping key>/<slug>[/<signal>]
 * Pings carry no API key header.
 */
export const PING_BY_UUID = '/ping/';
export const PING_BY_SLUG = '/ping-by-slug/';
const HOSTED_PING_ROOT = 'https://hc-ping.com';

/** The credential's Ping URL; else the hosted service's ping host, or <Base URL>/ping for a self-hosted server. */
export function pingRoot(baseUrl: string, pingUrl: unknown): string {
	const given = String(pingUrl ?? '').trim().replace(/\/+$/, '');
	if (given) return given;
	const host = hostOf(baseUrl);
	return host === 'healthchecks.io' || host?.endsWith('.healthchecks.io') ? HOSTED_PING_ROOT : `${baseUrl}/ping`;
}

export function isPingPath(url: string): boolean {
	return url.startsWith(PING_BY_UUID) || url.startsWith(PING_BY_SLUG);
}

export function applyPingCredential(requestOptions: IHttpRequestOptions, root: string, pingKey: string): IHttpRequestOptions {
	const url = String(requestOptions.url);
	requestOptions.url = url.startsWith(PING_BY_SLUG)
		? `/${encodeURIComponent(pingKey)}/${url.slice(PING_BY_SLUG.length)}`
		: `/${url.slice(PING_BY_UUID.length)}`;
	return applyCredential(requestOptions, root, {});
}
