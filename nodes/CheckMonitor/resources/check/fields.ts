/**
 * The check parameters shared by Create and Update, and their validation (the real
 * server's rules, checked before any request so the user sees which field is wrong).
 */
import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';
import { convertSent, numberAsText, sendAsText } from '../../../shared/convertSent';
import { invalidInput } from '../../../shared/apiRequest';
import { SLUG } from '../../shared/checkMonitorApi';

const SECONDS_MIN = 60;
const SECONDS_MAX = 31536000;
export const UNIQUE_FIELDS = ['name', 'slug', 'tags', 'timeout', 'grace'];

const bodyField = (property: string) => ({ send: { type: 'body' as const, property } });

/** Fields of a check that Create (Additional Fields) and Update (Update Fields) both accept, all optional. */
export const checkFields: INodeProperties[] = [
	{
		displayName: 'Channel Names or IDs',
		name: 'channels',
		type: 'multiOptions',
		typeOptions: { loadOptionsMethod: 'getChannels' },
		default: [],
		description:
			'Integrations to notify, by channel ID (a UUID, e.g. 4ec5a071-2d08-4baa-898a-eb4eb3cd6941), several comma-separated in an expression. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		routing: {
			send: {
				type: 'body',
				property: 'channels',
				preSend: [convertSent('body', 'channels', (v) => ([] as unknown[]).concat(v).join(','))],
			},
		},
	},
	{
		displayName: 'Description',
		name: 'desc',
		type: 'string',
		typeOptions: { rows: 2 },
		default: '',
		description: 'Free text about the check, e.g. Nightly database backup on db-1',
		routing: sendAsText('desc'),
	},
	{
		displayName: 'Failure Keywords',
		name: 'failure_kw',
		type: 'string',
		default: '',
		description: 'Comma-separated, case-sensitive keywords that mark a ping as a failure',
		routing: sendAsText('failure_kw'),
	},
	{
		displayName: 'Filter Default Fail',
		name: 'filter_default_fail',
		type: 'boolean',
		default: false,
		description:
			'Whether a ping that matches no keyword counts as a failure (otherwise it is ignored)',
		routing: bodyField('filter_default_fail'),
	},
	{
		displayName: 'Filter Email Body',
		name: 'filter_body',
		type: 'boolean',
		default: false,
		description: 'Whether to search keywords in email bodies',
		routing: bodyField('filter_body'),
	},
	{
		displayName: 'Filter Email Subject',
		name: 'filter_subject',
		type: 'boolean',
		default: false,
		description: 'Whether to search keywords in email subjects',
		routing: bodyField('filter_subject'),
	},
	{
		displayName: 'Filter HTTP Body',
		name: 'filter_http_body',
		type: 'boolean',
		default: false,
		description: 'Whether to search keywords in the first 10 kB of HTTP ping bodies',
		routing: bodyField('filter_http_body'),
	},
	{
		displayName: 'Grace (Seconds)',
		name: 'grace',
		type: 'number',
		typeOptions: { minValue: SECONDS_MIN, maxValue: SECONDS_MAX },
		default: 3600,
		description:
			'How long to wait after a missed ping before alerting, in seconds from 60 to 31536000, e.g. 3600',
		routing: bodyField('grace'),
	},
	{
		displayName: 'Manual Resume',
		name: 'manual_resume',
		type: 'boolean',
		default: false,
		description: 'Whether a paused check ignores pings until it is resumed by hand',
		routing: bodyField('manual_resume'),
	},
	{
		displayName: 'Methods',
		name: 'methods',
		type: 'options',
		options: [
			{ name: 'HEAD, GET and POST', value: '' },
			{ name: 'POST Only', value: 'POST' },
		],
		default: '',
		description: 'Which HTTP methods count as pings',
		routing: bodyField('methods'),
	},
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		description: 'Display name of the check, e.g. Nightly backup',
		routing: sendAsText('name'),
	},
	{
		displayName: 'Schedule',
		name: 'schedule',
		type: 'string',
		default: '',
		placeholder: 'e.g. 0 6 * * *',
		description:
			'Cron or OnCalendar expression, e.g. 0 6 * * * for 06:00 every day; when set, it wins over Timeout',
		routing: sendAsText('schedule'),
	},
	{
		displayName: 'Slug',
		name: 'slug',
		type: 'string',
		default: '',
		placeholder: 'e.g. nightly-backup',
		description:
			"The check's slug, e.g. nightly-backup: lowercase letters, digits, hyphens and underscores",
		routing: sendAsText('slug'),
	},
	{
		displayName: 'Start Keywords',
		name: 'start_kw',
		type: 'string',
		default: '',
		description: 'Comma-separated, case-sensitive keywords that mark a ping as a start',
		routing: sendAsText('start_kw'),
	},
	{
		displayName: 'Success Keywords',
		name: 'success_kw',
		type: 'string',
		default: '',
		description: 'Comma-separated, case-sensitive keywords that mark a ping as a success',
		routing: sendAsText('success_kw'),
	},
	{
		displayName: 'Tags',
		name: 'tags',
		type: 'string',
		default: '',
		placeholder: 'e.g. prod backup',
		description: 'Space-separated tags, e.g. prod backup (an expression may also give a list)',
		routing: {
			send: {
				type: 'body',
				property: 'tags',
				preSend: [
					convertSent('body', 'tags', (v) => (Array.isArray(v) ? v.join(' ') : numberAsText(v))),
				],
			},
		},
	},
	{
		displayName: 'Timeout (Seconds)',
		name: 'timeout',
		type: 'number',
		typeOptions: { minValue: SECONDS_MIN, maxValue: SECONDS_MAX },
		default: 86400,
		description:
			'Expected period between pings in seconds, from 60 to 31536000, e.g. 86400 for a day',
		routing: bodyField('timeout'),
	},
	{
		displayName: 'Timezone',
		name: 'tz',
		type: 'string',
		default: 'UTC',
		placeholder: 'e.g. Europe/Berlin',
		description: 'Timezone of the schedule, an IANA name, e.g. Europe/Berlin',
		routing: sendAsText('tz'),
	},
];

/** preSend: reject values the server would reject, naming the field. */
export async function validateCheckBody(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const body = (requestOptions.body ?? {}) as IDataObject;
	for (const [field, label] of [
		['timeout', 'Timeout'],
		['grace', 'Grace'],
	] as const) {
		if (body[field] === undefined) continue;
		const value = body[field];
		if (typeof value !== 'number' || !Number.isInteger(value)) {
			throw invalidInput(
				this,
				label,
				`must be a whole number of seconds, got ${JSON.stringify(value)}`,
			);
		}
		if (value < SECONDS_MIN || value > SECONDS_MAX) {
			throw invalidInput(
				this,
				label,
				`must be between ${SECONDS_MIN} and ${SECONDS_MAX} seconds, got ${value}`,
			);
		}
	}
	// Text fields become text after this check (sendAsText): a number is judged as that text.
	const slug = numberAsText(body.slug);
	if (typeof slug === 'string' && slug !== '' && !SLUG.test(slug)) {
		throw invalidInput(
			this,
			'Slug',
			`may contain only lowercase letters, digits, hyphens and underscores, got "${slug}"`,
		);
	}
	if (body.methods !== undefined && body.methods !== '' && body.methods !== 'POST') {
		throw invalidInput(
			this,
			'Methods',
			`must be empty (HEAD, GET and POST) or "POST", got "${String(body.methods)}"`,
		);
	}
	if (body.schedule !== undefined) {
		const schedule = String(body.schedule).trim();
		if (schedule === '') delete body.schedule;
		else if (schedule.length > 100)
			throw invalidInput(
				this,
				'Schedule',
				`must be at most 100 characters, got ${schedule.length}`,
			);
		else body.schedule = schedule;
	}
	// Only text can be blank: the server checks any other value against its list of zones.
	if (typeof body.tz === 'string' && body.tz.trim() === '') {
		throw invalidInput(this, 'Timezone', 'must not be empty; leave the field out to keep UTC');
	}
	if (body.unique !== undefined) {
		const unique = ([] as unknown[]).concat(body.unique);
		const bad = unique.filter((u) => typeof u !== 'string' || !UNIQUE_FIELDS.includes(u));
		if (bad.length) {
			throw invalidInput(
				this,
				'Unique',
				`allowed values are ${UNIQUE_FIELDS.join(', ')}; got ${bad.map((b) => JSON.stringify(b)).join(', ')}`,
			);
		}
		if (unique.length === 0) delete body.unique;
		else body.unique = unique;
	}
	requestOptions.body = body;
	return requestOptions;
}
