/**
 * Expressions that turn the credential's base URL into the requests' base URL.
 * Users paste the root with or without a trailing slash, and sometimes with the
 * API's version prefix; both are accepted so the paths we append stay correct.
 */
export const customerEngagementBaseUrl =
	'={{ String($credentials.baseUrl).trim().replace(/\\/+$/, "").replace(/\\/v1$/, "") }}';

export const checkMonitorBaseUrl =
	'={{ String($credentials.baseUrl).trim().replace(/\\/+$/, "").replace(/\\/api\\/v[0-9]+$/, "") }}';

/** The same normalisation for code that builds URLs itself (list searches). */
export function normalizeBaseUrl(baseUrl: unknown, apiPrefix: RegExp): string {
	return String(baseUrl ?? '')
		.trim()
		.replace(/\/+$/, '')
		.replace(apiPrefix, '');
}
