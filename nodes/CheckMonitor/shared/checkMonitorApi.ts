import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';
import { UUID } from './checkParameters';
import { isPingPath, PING_BY_SLUG } from '../../shared/applyCredential';
import { directRequest } from '../../shared/directRequest';
import type { ApiDefinition, ErrorResponse, FailedRequest } from '../../shared/apiDefinition';
import { afterFailure } from '../../shared/failureWording';
import { bodyText } from '../../shared/responseChecks';
import { invalidInput } from '../../shared/invalidInput';
import { refuseNonSlug } from './slug';

/**
 * A failed ping in plain words. Never the ping URL, the UUID in it or the ping key: a ping
 * URL is its own secret (anyone who has it can ping the check). The slug is not secret.
 */
function describePingError(response: ErrorResponse, path: string, qs: IDataObject) {
	const said = bodyText(response.body);
	const bySlug = path.startsWith(PING_BY_SLUG);
	const slug = bySlug ? decodeURIComponent(path.slice(PING_BY_SLUG.length).split('/')[0]) : '';
	// The server's own words for what it refused; a failed server's page says nothing useful.
	const answer = `${response.statusCode}${said && response.statusCode < 500 ? ` ${said}` : ''}`;
	if (response.statusCode === 404 && bySlug && qs.create) {
		// Create Missing Check was on: the server neither found the check nor made it
		// (docs/api/check-monitor.md, "Server versions").
		return {
			message: `No check has the slug "${slug}" and the server did not create it (${answer})`,
			description:
				"The server creates a missing check only while the project holds fewer than twice the checks its plan allows (servers since 4.3, and the hosted service), and only for this project's Ping Key. Delete checks the project no longer needs or raise its check limit, or correct the Ping Key in the credential, then send the ping again.",
		};
	}
	if (response.statusCode === 404) {
		return bySlug
			? {
					message: `No check with the slug "${slug}" was found (${answer})`,
					description:
						"Check the slug, turn on Create Missing Check to create it, or check the Ping Key in the credential: it must be this project's.",
				}
			: {
					message: `No check with this UUID was found (${answer})`,
					description: 'The check may have been deleted, or the Ping URL in the credential points to another server.',
				};
	}
	if (response.statusCode === 409) {
		return {
			message: `More than one check has the slug "${slug}" (${answer})`,
			description: 'Ping it by UUID, or give the checks different slugs.',
		};
	}
	if (response.statusCode === 400) {
		return {
			message: `The server refused the ping (${answer})`,
			description:
				said === 'invalid uuid format'
					? 'The Run ID must be a UUID.'
					: said === 'invalid url format'
						? 'The Exit Status must be a whole number from 0 to 255.'
						: 'Check the signal, exit status and run ID.',
		};
	}
	return {
		message: `The ping was not accepted (${answer})`,
		description:
			response.statusCode >= 500
				? 'The server failed. It is not sent again automatically: it may have been recorded. Check the pings of the check before sending it again.'
				: 'Check the Ping URL in the credential.',
	};
}

/** Endpoints that accept a read-only key (the real server rejects it everywhere else). */
export const READ_ONLY_KEY_ALLOWS =
	'list and get checks (also by unique key), list flips and get badges';

function isReadOnlyEndpoint(method: string, path: string): boolean {
	if (method !== 'GET') return false;
	return (
		/\/checks\/$/.test(path) ||
		/\/checks\/[^/]+$/.test(path) ||
		/\/flips\/$/.test(path) ||
		/\/badges\/$/.test(path)
	);
}


function checkIdInPath(path: string): string | undefined {
	const match = /\/checks\/([^/]+)/.exec(path);
	return match ? decodeURIComponent(match[1]) : undefined;
}

/**
 * The real server answers errors in several shapes: `{"error": ...}` (400, 401), empty
 * bodies (403, 404 for unique keys, 405, bad flips queries), Django's HTML 404 page and a
 * text 409. Each becomes a sentence that names the check or parameter; never HTML.
 */
export function describeCheckMonitorError(
	response: ErrorResponse,
	request: FailedRequest,
) {
	const path = request.url.split('?')[0];
	if (isPingPath(path)) return describePingError(response, path, request.qs ?? {});
	const method = request.method.toUpperCase();
	const said = bodyText(response.body);
	const checkId = checkIdInPath(path);
	const isUniqueKey = checkId !== undefined && /^[0-9a-f]{40}$/.test(checkId);
	switch (response.statusCode) {
		case 400:
			if (/\/flips\/$/.test(path) && !said) {
				return {
					message: 'The server rejected the flips filter',
					description:
						'Seconds must be a whole number from 0 to 31536000 (one year); Start and End must be dates between 1970 and 2286.',
				};
			}
			return {
				message: `The Check Monitor API rejected the request: ${said.replace(/^json validation error: /, '') || 'bad request'}`,
				description: `HTTP 400 for ${method} ${path}`,
			};
		case 401:
			if (said === 'wrong api key' && !isReadOnlyEndpoint(method, path)) {
				return {
					message: 'The API key was rejected: it is read-only or does not belong to this project',
					description: `A read-only key can only ${READ_ONLY_KEY_ALLOWS}. Creating, updating, pausing, resuming or deleting checks, pings and channels need the project's read-write key.`,
				};
			}
			return {
				message:
					said === 'missing api key'
						? 'The Check Monitor API did not receive a valid API key (missing, or not 32 characters long)'
						: 'The API key was rejected (wrong api key)',
				description:
					'Check the API key in the Check Monitor API credential: copy it from Project Settings → API Access.',
			};
		case 403:
			return {
				message:
					method === 'POST' && /\/checks\/$/.test(path)
					? 'The server refused to create the check: the account has reached its check limit'
					: `Access to check "${checkId ?? path}" was refused (403): it belongs to another project`,
				description: 'API keys are per project; use the key of the project that owns the check.',
			};
		case 404:
			if (/\/pings\/(\d+)\/body$/.test(path)) {
				const n = /\/pings\/(\d+)\/body$/.exec(path)?.[1];
				return {
					message: `Ping #${n} of check "${checkId}" has no stored body`,
					description:
						'The ping was sent without a body, or it is older than the pings the server keeps (the newest 100 on free accounts).',
				};
			}
			if (checkId !== undefined) {
				return {
					message: isUniqueKey
						? `No check with unique key "${checkId}" was found`
						: `No check with ID "${checkId}" was found`,
					// A value that is no ID at all (a slug or a name, as a model may guess): what to send instead.
					description:
						isUniqueKey || UUID.test(checkId)
							? 'The check may have been deleted, or the ID is mistyped.'
							: `"${checkId}" is neither a check UUID (e.g. 8a3c5b7e-1f2d-4c6a-9b0e-3d5f7a9c1e2b) nor a 40-character unique key. Send the check's UUID, as Check → Get Many lists it; to name the check by its slug, set Check to By Slug.`,
				};
			}
			return {
				message: `Nothing was found at ${path}`,
				description: 'Check the Base URL in the credential: it is the server root, for example https://healthchecks.io.',
			};
		case 405:
			return {
				message: `The server does not allow ${method} on ${path}`,
				description: 'This is a bug in the node; please report it.',
			};
		case 409:
			return {
				message: `Check "${checkId}" is not paused, so it cannot be resumed`,
				description: said || undefined,
			};
		case 429:
			return {
				message: 'Rate limit reached: the Check Monitor API answered 429',
				description:
					'The hosted service allows about 100 requests per minute. Run fewer items at once (Options → Batching) or wait before running again.',
			};
		default:
			return {
				message: `The Check Monitor API failed with HTTP ${response.statusCode}${said ? `: ${said}` : ''}`,
				description:
					response.statusCode >= 500
						? `This is a problem on the server side. ${afterFailure(method)}`
						: `HTTP ${response.statusCode} for ${method} ${path}`,
			};
	}
}

export const checkMonitorApi: ApiDefinition = {
	name: 'Check Monitor API',
	credentialType: 'checkMonitorApi',
	describeError: describeCheckMonitorError,
	pathParameters: {
		// The server knows uuids in lower case only; users paste them as they come.
		checkId: { normalize: (value) => value.toLowerCase(), lookUp: { slug: checkIdBySlug } },
	},
};

/**
 * The check a slug names, for every operation but Ping → Send (which pings by slug): the
 * list filtered by slug, one request. Its UUID, or its unique key when a read-only key
 * lists it; refused unless exactly one check has the slug, before the operation's request.
 * The check found must carry that slug and an id: a server that ignored the filter (one
 * check in the project) would otherwise send an update, a pause or a delete to it.
 */
async function checkIdBySlug(context: IExecuteSingleFunctions, slug: string): Promise<string> {
	const label = 'Check (by slug)';
	refuseNonSlug(context, label, slug);
	const { body } = await directRequest(context, checkMonitorApi, { url: '/api/v3/checks/', qs: { slug } });
	const checks = ((body as IDataObject | undefined)?.checks ?? []) as IDataObject[];
	if (checks.length === 0) throw invalidInput(context, label, `no check has the slug "${slug}"`, 'Check the slug, or pick the check from the list.');
	if (checks.length > 1) {
		throw invalidInput(context, label, `${checks.length} checks have the slug "${slug}"`, 'Pick the check from the list or by ID, or give the checks different slugs.');
	}
	const [check] = checks;
	const id = check.uuid ?? check.unique_key;
	if (check.slug !== slug || typeof id !== 'string' || id === '') {
		throw invalidInput(
			context,
			label,
			`looking up the slug "${slug}" answered ${id ? `the check ${JSON.stringify(id)} with the slug ${JSON.stringify(check.slug ?? null)}` : 'a check without an ID'}; nothing was sent to it`,
			"Check the Base URL in the credential: it must be the monitoring API's own address.",
		);
	}
	return id;
}
