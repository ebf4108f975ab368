/** The check-monitor management API as the package's requests need it (docs/api/check-monitor.md). */
import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';
import {
	afterFailure,
	type Answer,
	apiRequest,
	type ApiDefinition,
	bodyText,
	invalidInput,
	type ShownRequest,
} from '../../shared/apiRequest';
import { checkMonitorRoot } from '../../../credentials/CheckMonitorApi.credentials';

/** A check's slug, as the server takes it (it refuses capitals when pinging by slug), and what it may hold, in the editor's rule and the node's refusals alike. */
export const SLUG = /^[a-z0-9-_]+$/;
export const SLUG_RULE = 'A slug has lower-case letters, digits, - and _ only';
/** A check's UUID (and a run ID) as the server writes it. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** The path of one check; `{checkId}` is filled in by routedRequest. */
export const CHECK_PATH = '/api/v3/checks/{checkId}';

/** A check named by its slug (Ping → Send, and the look-up of every other operation): refused unless it is one. */
export function refuseNonSlug(context: IExecuteSingleFunctions, label: string, slug: string): void {
	if (!SLUG.test(slug))
		throw invalidInput(context, label, `"${slug}" is not a slug`, `${SLUG_RULE}.`);
}

/** Endpoints that accept a read-only key (the real server rejects it everywhere else). */
export const READ_ONLY_KEY_ALLOWS =
	'list and get checks (also by unique key), list flips and get badges';
const isReadOnlyEndpoint = (method: string, path: string) =>
	method === 'GET' && /\/checks\/$|\/checks\/[^/]+$|\/flips\/$|\/badges\/$/.test(path);
const SERVER_ROOT =
	'Check the Base URL in the credential: it is the server root, for example https://healthchecks.io.';

/**
 * The real server answers errors in several shapes: `{"error": ...}` (400, 401), empty bodies
 * (403, 404 for unique keys, 405, bad flips queries), Django's HTML 404 page and a text 409.
 * Each becomes a sentence that names the check or parameter; never HTML.
 */
export function describeCheckMonitorError(answer: Answer, request: ShownRequest) {
	const path = request.url.split('?')[0];
	const method = request.method.toUpperCase();
	const said = bodyText(answer.body);
	const checkId = /\/checks\/([^/]+)/.exec(path)?.[1];
	const check = checkId === undefined ? undefined : decodeURIComponent(checkId);
	const isUniqueKey = check !== undefined && /^[0-9a-f]{40}$/.test(check);
	switch (answer.statusCode) {
		case 400:
			// Stryker disable next-line Regex: no path the package sends goes on below /flips/
			if (/\/flips\/$/.test(path) && !said) {
				return {
					message: 'The server rejected the flips filter',
					description:
						'Seconds must be a whole number from 0 to 31536000 (one year); Start and End must be dates between 1970 and 2286.',
				};
			}
			return {
				// Stryker disable next-line Regex: the server puts this prefix at the start of its text
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
						: `Access to check "${check ?? path}" was refused (403): it belongs to another project`,
				description: 'API keys are per project; use the key of the project that owns the check.',
			};
		case 404: {
			// Stryker disable next-line Regex: no path the package sends goes on after /pings/<n>/body
			const pingNumber = /\/pings\/(\d+)\/body$/.exec(path)?.[1];
			if (pingNumber)
				return {
					message: `Ping #${pingNumber} of check "${check}" has no stored body`,
					description:
						'The ping was sent without a body, or it is older than the pings the server keeps (the newest 100 on free accounts).',
				};
			if (check === undefined)
				return { message: `Nothing was found at ${path}`, description: SERVER_ROOT };
			// A value that is no ID at all (a slug or a name, as a model may guess): what to send instead.
			const notAnId = `"${check}" is neither a check UUID (e.g. 8a3c5b7e-1f2d-4c6a-9b0e-3d5f7a9c1e2b) nor a 40-character unique key. Send the check's UUID, as Check → Get Many lists it; to name the check by its slug, set Check to By Slug.`;
			return {
				message: isUniqueKey
					? `No check with unique key "${check}" was found`
					: `No check with ID "${check}" was found`,
				description:
					isUniqueKey || UUID.test(check)
						? 'The check may have been deleted, or the ID is mistyped.'
						: notAnId,
			};
		}
		case 405:
			return {
				message: `The server does not allow ${method} on ${path}`,
				description: 'This is a bug in the node; please report it.',
			};
		case 409:
			return {
				message: `Check "${check}" is not paused, so it cannot be resumed`,
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
				message: `The Check Monitor API failed with HTTP ${answer.statusCode}${said ? `: ${said}` : ''}`,
				description:
					answer.statusCode >= 500
						? `This is a problem on the server side. ${afterFailure(method)}`
						: `HTTP ${answer.statusCode} for ${method} ${path}`,
			};
	}
}

export const checkMonitorApi: ApiDefinition = {
	name: 'Check Monitor API',
	credentialType: 'checkMonitorApi',
	urlSetting: 'Base URL',
	baseUrl: (credentials) => checkMonitorRoot(credentials.baseUrl),
	describeError: describeCheckMonitorError,
	pathParameters: {
		// The server knows uuids in lower case only; users paste them as they come.
		checkId: { normalize: (value) => value.toLowerCase(), lookUp: { slug: checkIdBySlug } },
	},
};

/**
 * The check a slug names, for every operation but Ping → Send (which pings by slug): the list
 * filtered by slug, one request; its UUID, or its unique key when a read-only key lists it.
 * Refused unless exactly one check has the slug, and it must carry that slug and an ID: a
 * server that ignored the filter would otherwise send an update, a pause or a delete to another check.
 */
async function checkIdBySlug(context: IExecuteSingleFunctions, slug: string): Promise<string> {
	const label = 'Check (by slug)';
	refuseNonSlug(context, label, slug);
	const { body } = await apiRequest(context, checkMonitorApi, {
		url: '/api/v3/checks/',
		qs: { slug },
	});
	const checks = ((body as IDataObject | undefined)?.checks ?? []) as IDataObject[];
	if (checks.length === 0)
		throw invalidInput(
			context,
			label,
			`no check has the slug "${slug}"`,
			'Check the slug, or pick the check from the list.',
		);
	if (checks.length > 1)
		throw invalidInput(
			context,
			label,
			`${checks.length} checks have the slug "${slug}"`,
			'Pick the check from the list or by ID, or give the checks different slugs.',
		);
	const [check] = checks;
	const id = check.uuid ?? check.unique_key;
	if (check.slug !== slug || typeof id !== 'string' || id === '') {
		const answered = id
			? `the check ${JSON.stringify(id)} with the slug ${JSON.stringify(check.slug ?? null)}`
			: 'a check without an ID';
		throw invalidInput(
			context,
			label,
			`looking up the slug "${slug}" answered ${answered}; nothing was sent to it`,
			"Check the Base URL in the credential: it must be the monitoring API's own address.",
		);
	}
	return id;
}
