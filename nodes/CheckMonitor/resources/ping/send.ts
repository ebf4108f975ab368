/**
 * Ping → Send: what a monitored job sends, from a workflow (start when it begins, success
 * when it ends, fail from an error branch). The request goes to a relative ping path that
 * only the credential turns into the real ping URL (see nodes/shared/applyCredential.ts), so the
 * ping URL and the ping key never reach parameters, output, errors or logs.
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
import type { OperationDescription } from '../../../shared/resourceDescription';
import { UUID } from '../../shared/checkParameters';
import { PING_BY_SLUG, PING_BY_UUID } from '../../../shared/applyCredential';
import { type RequestData, sendRequest } from '../../../shared/transport';
import { bodyText } from '../../../shared/responseChecks';
import { invalidInput } from '../../../shared/invalidInput';
import { refuseNonSlug } from '../../shared/slug';
import { checkMonitorApi } from '../../shared/checkMonitorApi';

const show = { resource: ['ping'], operation: ['send'] };
/** What the real server stores of a ping body (it answers with `Ping-Body-Limit`). */
export const DEFAULT_PING_BODY_LIMIT = 10_000;

const pingSendOperation: INodePropertyOptions = {
	name: 'Send',
	value: 'send',
	action: 'Ping a check with a job start or result',
	description:
		"Sends a ping to the check with this UUID or slug as the monitored job would: success, start, fail, log or an exit status (a slug needs the credential's Ping Key). Returns what was sent and the server's answer.",
	routing: {
		// The path is built by sendPing and completed by the credential (ping root, ping key).
		request: { method: 'POST', url: '/ping/' },
		operations: { pagination: sendPing },
	},
};

/** Its own parameters; Check (shared/sharedParameters.ts) and Additional Fields are shared. */
const pingSendDescription: INodeProperties[] = [
	{
		displayName: 'Signal',
		name: 'signal',
		type: 'options',
		noDataExpression: false,
		options: [
			{ name: 'Exit Status', value: 'exitStatus', description: 'The exit status of the job: 0 means success, 1-255 failure' },
			{ name: 'Fail', value: 'fail', description: 'The job failed: the check goes down at once' },
			{ name: 'Log', value: 'log', description: 'Record an event without changing the check' },
			{ name: 'Start', value: 'start', description: 'The job started: the check measures its duration until the next success or fail' },
			{ name: 'Success', value: 'success', description: 'The job succeeded: the check is up' },
		],
		default: 'success',
		description: 'What the ping reports: success, start, fail, log, or an exit status (then give Exit Status)',
		displayOptions: { show },
	},
	{
		displayName: 'Exit Status',
		name: 'exitStatus',
		type: 'number',
		typeOptions: { minValue: 0, maxValue: 255, numberPrecision: 0 },
		required: true,
		default: 0,
		description: 'The exit status of the job, a whole number from 0 to 255, e.g. 1: 0 counts as success, anything else as fail',
		displayOptions: { show: { ...show, signal: ['exitStatus'] } },
	},
];

/** Where its collection entries are shown: the node holds one collection of each name for every operation (nodes/shared/resourceDescription.ts). */
const entryShown = { show: { '/resource': ['ping'], '/operation': ['send'] } };

/** Its Additional Fields, read by sendPing. */
const pingSendFields: INodeProperties[] = [
	{
		displayName: 'Body',
		name: 'body',
		displayOptions: entryShown,
		type: 'string',
		typeOptions: { rows: 4 },
		default: '',
		description:
			"Sent as the ping's body: the server logs it (up to 10,000 bytes, the rest is cut off) and its keyword filters read it, so a body can turn a success into a fail when the check filters on keywords",
	},
	{
		displayName: 'Create Missing Check',
		name: 'create',
		displayOptions: entryShown,
		type: 'boolean',
		default: false,
		description: 'Whether to create the check when no check has this slug (only when pinging by slug)',
	},
	{
		displayName: 'Run ID',
		name: 'rid',
		displayOptions: entryShown,
		type: 'string',
		default: '',
		placeholder: 'e.g. 3f1b6c2e-8a4d-4e5f-9c7b-1a2d3e4f5a6b',
		description:
			'A UUID, e.g. 3f1b6c2e-8a4d-4e5f-9c7b-1a2d3e4f5a6b, that pairs a start with its success or fail, so the server measures the duration of this run',
	},
	{
		displayName: 'Run ID From Execution',
		name: 'ridFromExecution',
		displayOptions: entryShown,
		type: 'boolean',
		default: false,
		description:
			'Whether to use a run ID made from this workflow execution: every ping of one execution gets the same ID, so a start and the success at the end pair up. Ignored when Run ID is set.',
	},
];

/**
 * A UUID derived from the n8n instance, the workflow and the execution: the same for every
 * ping of one run, different for the same workflow run by another n8n instance.
 */
export function runIdFromExecution(instanceId: string, workflowId: string, executionId: string): string {
	const hex = createHash('sha1').update(`n8n-nodes-engagement-monitor:${instanceId}:${workflowId}:${executionId}`).digest('hex');
	// UUID version 5 layout (name-based, SHA-1).
	const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
	return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Validate, send one ping, and describe what was sent and what the server answered. */
export async function sendPing(this: IExecutePaginationFunctions, requestData: RequestData): Promise<INodeExecutionData[]> {
	const check = this.getNodeParameter('checkId') as INodeParameterResourceLocator;
	const bySlug = check.mode === 'slug';
	const checkLabel = bySlug ? 'Check (by slug)' : 'Check';
	const target = String(check.value ?? '').trim();
	if (target === '') throw invalidInput(this, checkLabel, 'is empty', 'Pick one from the list, or enter its UUID or slug.');
	if (bySlug) refuseNonSlug(this, checkLabel, target);
	const uuid = target.toLowerCase();
	if (!bySlug && !UUID.test(uuid)) {
		throw invalidInput(this, checkLabel, `"${target}" is not a check UUID`, 'Pings need the UUID (or pick By Slug); a unique key cannot be pinged.');
	}
	const signal = String(this.getNodeParameter('signal', 'success'));
	let suffix = '';
	let exitStatus: number | undefined;
	if (signal === 'exitStatus') {
		exitStatus = Number(this.getNodeParameter('exitStatus', 0));
		if (!Number.isInteger(exitStatus) || exitStatus < 0 || exitStatus > 255) {
			throw invalidInput(this, 'Exit Status', `${String(this.getNodeParameter('exitStatus', 0))} is not a whole number from 0 to 255`);
		}
		suffix = `/${exitStatus}`;
	} else if (['start', 'fail', 'log'].includes(signal)) {
		suffix = `/${signal}`;
	} else if (signal !== 'success') {
		throw invalidInput(this, 'Signal', `"${signal}" is not one of success, start, fail, log, exitStatus`);
	}
	const fields = this.getNodeParameter('additionalFields', {}) as IDataObject;
	let rid = String(fields.rid ?? '').trim().toLowerCase();
	if (rid !== '' && !UUID.test(rid)) {
		throw invalidInput(this, 'Run ID', `"${String(fields.rid)}" is not a UUID`, 'Use a UUID such as 3f1b6c2e-8a4d-4e5f-9c7b-1a2d3e4f5a6b, or turn on Run ID From Execution.');
	}
	if (rid === '' && fields.ridFromExecution === true) rid = runIdFromExecution(this.getInstanceId(), String(this.getWorkflow().id ?? ''), String(this.getExecutionId() ?? ''));
	if (fields.create === true && !bySlug) {
		throw invalidInput(this, 'Create Missing Check', 'works only when pinging by slug', 'Pick "By Slug" for the check, or turn the option off.');
	}
	if (bySlug) {
		const credentials = await this.getCredentials<{ pingKey?: string }>('checkMonitorApi');
		if (String(credentials.pingKey ?? '').trim() === '') {
			throw invalidInput(this, checkLabel, 'pinging by slug needs a Ping Key', "Add the project's ping key (Project Settings → API Access) to the Check Monitor API credential, or ping by UUID.");
		}
	}
	const body = typeof fields.body === 'string' ? fields.body : '';
	const bodyBytes = Buffer.byteLength(body, 'utf8');

	const qs: IDataObject = {};
	if (rid) qs.rid = rid;
	if (fields.create === true) qs.create = 1;
	const path = `${bySlug ? PING_BY_SLUG : PING_BY_UUID}${encodeURIComponent(bySlug ? target : uuid)}${suffix}`;
	// The path is final (no `{placeholders}`); the credential completes it.
	requestData.options.url = path;
	const headers = { ...requestData.options.headers, Accept: 'text/plain, text/html' };
	// An empty body is no body: no Content-Type either.
	const content = bodyBytes > 0 ? { body, headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8' } } : { headers };
	const { response } = await sendRequest(this, requestData, checkMonitorApi, { method: 'POST', qs, ...content, json: false, encoding: 'text' });
	const limit = Number(response.headers['ping-body-limit'] ?? DEFAULT_PING_BODY_LIMIT) || DEFAULT_PING_BODY_LIMIT;
	const answer = bodyText(response.body) || String(response.statusCode);
	const json: IDataObject = {
		signal,
		...(exitStatus === undefined ? {} : { exitStatus }),
		check: bySlug ? { slug: target } : { id: uuid },
		rid: rid || null,
		answer,
		created: response.statusCode === 201,
		bodyBytes,
	};
	if (bodyBytes > limit) {
		json.warning = `The body has ${bodyBytes} bytes; the server keeps the first ${limit} (its Ping-Body-Limit) and its keyword filters read only those.`;
	}
	return [{ json, pairedItem: { item: this.getItemIndex() } }];
}

export const pingSend: OperationDescription = {
	option: pingSendOperation,
	parameters: pingSendDescription,
	collections: { additionalFields: pingSendFields },
};
