/**
 * Ping → Send: what a monitored job sends, from a workflow (start when it begins, success
 * when it ends, fail from an error branch). The ping URL is built here from the credential
 * and sent without the API key; it is a secret (anyone who has it can ping), so neither it
 * nor the ping key reaches parameters, output, errors or logs.
 */
import { createHash } from 'node:crypto';
import type {
	IDataObject,
	IExecutePaginationFunctions,
	INodeExecutionData,
	INodeParameterResourceLocator,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { type Answer, apiRequest, bodyText, invalidInput } from '../../../shared/apiRequest';
import { UUID, checkMonitorApi, refuseNonSlug } from '../../shared/checkMonitorApi';

const showOnlyForPingSend = { resource: ['ping'], operation: ['send'] };
/** What the real server stores of a ping body (it answers with `Ping-Body-Limit`). */
export const DEFAULT_PING_BODY_LIMIT = 10_000;

export const pingSendOperation: INodePropertyOptions = {
	name: 'Send',
	value: 'send',
	action: 'Ping a check with a job start or result',
	description:
		"Sends a ping to the check with this UUID or slug as the monitored job would: success, start, fail, log or an exit status (a slug needs the credential's Ping Key). Returns what was sent and the server's answer, with created (true only when this ping created the check, by Create Missing Check) and rid (the run ID sent, null when none).",
	routing: {
		// The ping URL is built by sendPing, from the credential.
		request: { method: 'POST', url: '/ping/' },
		operations: { pagination: sendPing },
	},
};

/** Check is the resource's (index.ts). */
export const pingSendDescription: INodeProperties[] = [
	{
		displayName: 'Signal',
		name: 'signal',
		type: 'options',
		noDataExpression: false,
		options: [
			{
				name: 'Exit Status',
				value: 'exitStatus',
				description: 'The exit status of the job: 0 means success, 1-255 failure',
			},
			{ name: 'Fail', value: 'fail', description: 'The job failed: the check goes down at once' },
			{ name: 'Log', value: 'log', description: 'Record an event without changing the check' },
			{
				name: 'Start',
				value: 'start',
				description:
					'The job started: the check measures its duration until the next success or fail',
			},
			{ name: 'Success', value: 'success', description: 'The job succeeded: the check is up' },
		],
		default: 'success',
		description:
			'What the ping reports: success, start, fail, log, or an exit status (then give Exit Status)',
		displayOptions: { show: showOnlyForPingSend },
	},
	{
		displayName: 'Exit Status',
		name: 'exitStatus',
		type: 'number',
		typeOptions: { minValue: 0, maxValue: 255, numberPrecision: 0 },
		required: true,
		default: 0,
		description:
			'The exit status of the job, a whole number from 0 to 255, e.g. 1: 0 counts as success, anything else as fail',
		displayOptions: { show: { ...showOnlyForPingSend, signal: ['exitStatus'] } },
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: { show: showOnlyForPingSend },
		options: [
			{
				displayName: 'Body',
				name: 'body',
				type: 'string',
				typeOptions: { rows: 4 },
				default: '',
				description:
					"Sent as the ping's body: the server logs it (up to 10,000 bytes, the rest is cut off) and its keyword filters read it, so a body can turn a success into a fail when the check filters on keywords",
			},
			{
				displayName: 'Create Missing Check',
				name: 'create',
				type: 'boolean',
				default: false,
				description:
					'Whether to create the check when no check has this slug (only when pinging by slug)',
			},
			{
				displayName: 'Run ID',
				name: 'rid',
				type: 'string',
				default: '',
				placeholder: 'e.g. 3f1b6c2e-8a4d-4e5f-9c7b-1a2d3e4f5a6b',
				description:
					'A UUID, e.g. 3f1b6c2e-8a4d-4e5f-9c7b-1a2d3e4f5a6b, that pairs a start with its success or fail, so the server measures the duration of this run',
			},
			{
				displayName: 'Run ID From Execution',
				name: 'ridFromExecution',
				type: 'boolean',
				default: false,
				description:
					'Whether to use a run ID made from this workflow execution: every ping of one execution gets the same ID, so a start and the success at the end pair up. Ignored when Run ID is set.',
			},
		],
	},
];

/**
 * A UUID derived from the n8n instance, the workflow and the execution: the same for every
 * ping of one run, different for the same workflow run by another n8n instance.
 */
export function runIdFromExecution(
	instanceId: string,
	workflowId: string,
	executionId: string,
): string {
	const hex = createHash('sha1')
		.update(`n8n-nodes-engagement-monitor:${instanceId}:${workflowId}:${executionId}`)
		.digest('hex');
	// UUID version 5 layout (name-based, SHA-1).
	const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
	return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The credential's Ping URL; else the hosted service's ping host, or <Base URL>/ping for a self-hosted server. */
export function pingRoot(baseUrl: string, pingUrl: unknown): string {
	const given = String(pingUrl ?? '')
		.trim()
		.replace(/\/+$/, '');
	if (given) return given;
	const host = /^https?:\/\/([^/:]+)/i.exec(baseUrl)?.[1]?.toLowerCase();
	return host === 'healthchecks.io' || host?.endsWith('.healthchecks.io')
		? 'https://hc-ping.com'
		: `${baseUrl}/ping`;
}

/**
 * A failed ping in plain words. Never the ping URL, the UUID in it or the ping key: a ping
 * URL is its own secret (anyone who has it can ping the check). The slug is not secret.
 */
export function describePingError(failed: Answer, slug: string | undefined, create: boolean) {
	const said = bodyText(failed.body);
	const bySlug = slug !== undefined;
	// The server's own words for what it refused; a failed server's page says nothing useful.
	const answer = `${failed.statusCode}${said && failed.statusCode < 500 ? ` ${said}` : ''}`;
	if (failed.statusCode === 404 && bySlug && create) {
		// Create Missing Check was on: the server neither found the check nor made it
		// (docs/api/check-monitor.md, "Server versions").
		return {
			message: `No check has the slug "${slug}" and the server did not create it (${answer})`,
			description:
				"The server creates a missing check only while the project holds fewer than twice the checks its plan allows (servers since 4.3, and the hosted service), and only for this project's Ping Key. Delete checks the project no longer needs or raise its check limit, or correct the Ping Key in the credential, then send the ping again.",
		};
	}
	if (failed.statusCode === 404) {
		return bySlug
			? {
					message: `No check with the slug "${slug}" was found (${answer})`,
					description:
						"Check the slug, turn on Create Missing Check to create it, or check the Ping Key in the credential: it must be this project's.",
				}
			: {
					message: `No check with this UUID was found (${answer})`,
					description:
						'The check may have been deleted, or the Ping URL in the credential points to another server.',
				};
	}
	if (failed.statusCode === 409) {
		return {
			message: `More than one check has the slug "${slug}" (${answer})`,
			description: 'Ping it by UUID, or give the checks different slugs.',
		};
	}
	if (failed.statusCode === 400) {
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
			failed.statusCode >= 500
				? 'The server failed. It is not sent again automatically: it may have been recorded. Check the pings of the check before sending it again.'
				: 'Check the Ping URL in the credential.',
	};
}

/** Validate, send one ping, and describe what was sent and what the server answered. */
export async function sendPing(this: IExecutePaginationFunctions): Promise<INodeExecutionData[]> {
	const check = this.getNodeParameter('checkId') as INodeParameterResourceLocator;
	const bySlug = check.mode === 'slug';
	const checkLabel = bySlug ? 'Check (by slug)' : 'Check';
	// Stryker disable next-line StringLiteral: n8n refuses an empty required Check first
	const target = String(check.value ?? '').trim();
	if (target === '')
		throw invalidInput(
			this,
			checkLabel,
			'is empty',
			'Pick one from the list, or enter its UUID or slug.',
		);
	if (bySlug) refuseNonSlug(this, checkLabel, target);
	const uuid = target.toLowerCase();
	if (!bySlug && !UUID.test(uuid)) {
		// A pasted ping URL is not repeated: its UUID lets anyone ping the check.
		if (/[/:]/.test(target))
			throw invalidInput(
				this,
				checkLabel,
				'is a URL, not a check UUID',
				"Enter the UUID alone, the last part of the check's ping URL (or pick By Slug).",
			);
		throw invalidInput(
			this,
			checkLabel,
			`"${target}" is not a check UUID`,
			'Pings need the UUID (or pick By Slug); a unique key cannot be pinged.',
		);
	}
	// Stryker disable next-line StringLiteral: n8n fills Signal's default before the node runs
	const signal = String(this.getNodeParameter('signal', 'success'));
	let suffix = '';
	let exitStatus: number | undefined;
	if (signal === 'exitStatus') {
		exitStatus = Number(this.getNodeParameter('exitStatus', 0));
		if (!Number.isInteger(exitStatus) || exitStatus < 0 || exitStatus > 255) {
			throw invalidInput(
				this,
				'Exit Status',
				`${String(this.getNodeParameter('exitStatus', 0))} is not a whole number from 0 to 255`,
			);
		}
		suffix = `/${exitStatus}`;
	} else if (['start', 'fail', 'log'].includes(signal)) {
		suffix = `/${signal}`;
	} else if (signal !== 'success') {
		throw invalidInput(
			this,
			'Signal',
			`"${signal}" is not one of success, start, fail, log, exitStatus`,
		);
	}
	const fields = this.getNodeParameter('additionalFields', {}) as IDataObject;
	let rid = String(fields.rid ?? '')
		.trim()
		.toLowerCase();
	if (rid !== '' && !UUID.test(rid)) {
		throw invalidInput(
			this,
			'Run ID',
			`"${String(fields.rid)}" is not a UUID`,
			'Use a UUID such as 3f1b6c2e-8a4d-4e5f-9c7b-1a2d3e4f5a6b, or turn on Run ID From Execution.',
		);
	}
	if (rid === '' && fields.ridFromExecution === true)
		rid = runIdFromExecution(
			this.getInstanceId(),
			// Stryker disable next-line StringLiteral: any constant seeds the run ID as well
			String(this.getWorkflow().id ?? ''),
			// Stryker disable next-line StringLiteral: any constant seeds the run ID as well
			String(this.getExecutionId() ?? ''),
		);
	if (fields.create === true && !bySlug) {
		throw invalidInput(
			this,
			'Create Missing Check',
			'works only when pinging by slug',
			'Pick "By Slug" for the check, or turn the option off.',
		);
	}
	const credentials = await this.getCredentials<{
		baseUrl?: string;
		pingUrl?: string;
		pingKey?: string;
	}>('checkMonitorApi');
	const pingKey = String(credentials.pingKey ?? '').trim();
	if (bySlug && pingKey === '') {
		throw invalidInput(
			this,
			checkLabel,
			'pinging by slug needs a Ping Key',
			"Add the project's ping key (Project Settings → API Access) to the Check Monitor API credential, or ping by UUID.",
		);
	}
	const body = typeof fields.body === 'string' ? fields.body : '';
	const bodyBytes = Buffer.byteLength(body, 'utf8');

	const qs: IDataObject = {};
	if (rid) qs.rid = rid;
	if (fields.create === true) qs.create = 1;
	const path = bySlug
		? `/${encodeURIComponent(pingKey)}/${encodeURIComponent(target)}${suffix}`
		: `/${uuid}${suffix}`;
	const headers = { Accept: 'text/plain, text/html' };
	// An empty body is no body: no Content-Type either.
	const content =
		bodyBytes > 0
			? { body, headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8' } }
			: { headers };
	// Where pings go is the Ping URL (or what it defaults to): the setting an error names.
	const pingApi = {
		...checkMonitorApi,
		urlSetting: 'Ping URL',
		describeError: (failed: Answer) =>
			describePingError(failed, bySlug ? target : undefined, fields.create === true),
	};
	const pinged = await apiRequest(
		this,
		pingApi,
		{
			baseURL: pingRoot(checkMonitorApi.baseUrl(credentials), credentials.pingUrl),
			url: path,
			method: 'POST',
			qs,
			...content,
			json: false,
			encoding: 'text',
		},
		// No API key: the ping URL itself authorizes, so apiRequest never shows it in a message.
		{ authenticate: false },
	);
	const limit =
		Number(pinged.headers['ping-body-limit'] ?? DEFAULT_PING_BODY_LIMIT) || DEFAULT_PING_BODY_LIMIT;
	const answer = bodyText(pinged.body) || String(pinged.statusCode);
	const json: IDataObject = {
		signal,
		...(exitStatus === undefined ? {} : { exitStatus }),
		check: bySlug ? { slug: target } : { id: uuid },
		rid: rid || null,
		answer,
		created: pinged.statusCode === 201,
		bodyBytes,
	};
	if (bodyBytes > limit) {
		json.warning = `The body has ${bodyBytes} bytes; the server keeps the first ${limit} (its Ping-Body-Limit) and its keyword filters read only those.`;
	}
	return [{ json, pairedItem: { item: this.getItemIndex() } }];
}
