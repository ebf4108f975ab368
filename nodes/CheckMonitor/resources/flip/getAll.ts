import type {
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { invalidInput } from '../../../shared/apiRequest';
import { sentRequestOf } from '../../../shared/routedRequest';
import { toInstant } from '../../../shared/dates';
import { CHECK_PATH } from '../../shared/checkMonitorApi';
import { describeFlips, flipsOf, oldestFirst } from '../../shared/flips';

const showOnlyForFlipGetMany = { resource: ['flip'], operation: ['getAll'] };

const MAX_SECONDS = 31536000;
const MAX_TIMESTAMP = 10000000000;

/** Filters the server would answer with an empty 400 are rejected here, by name. */
async function validateFlipFilters(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const qs = requestOptions.qs ?? {};
	if (qs.seconds !== undefined) {
		const seconds = qs.seconds as number;
		if (!Number.isInteger(seconds) || seconds < 0 || seconds > MAX_SECONDS) {
			throw invalidInput(
				this,
				'Seconds',
				`must be a whole number from 0 to ${MAX_SECONDS} (one year), got ${JSON.stringify(seconds)}`,
			);
		}
	}
	for (const [key, label] of [
		['start', 'Start'],
		['end', 'End'],
	] as const) {
		if (qs[key] === undefined) continue;
		// n8n date-times become the UNIX seconds the API takes.
		const value = Math.floor((toInstant(qs[key], this.getTimezone())?.getTime() ?? NaN) / 1000);
		if (!Number.isFinite(value) || value < 0 || value > MAX_TIMESTAMP) {
			throw invalidInput(this, label, 'must be a valid date between 1970 and 2286');
		}
		qs[key] = value;
	}
	return requestOptions;
}

/**
 * Flips, as the trigger reports them: both response shapes (flipsOf), one item per flip
 * naming the check, newest first, with `to` saying what the flip changed the check to.
 * Without the check's current status (the trigger has it), a change away from up can only
 * be called "not up": the server writes downs, pauses and resumes all as `up: 0`.
 */
export async function flipsToItems(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	const checkId = sentRequestOf(response).parameters.checkId;
	const flips = items.flatMap((item) =>
		flipsOf(Array.isArray(item.json.flips) ? item.json : [item.json]),
	);
	const chronological = oldestFirst(flips);
	const to = describeFlips(chronological, undefined);
	return chronological
		.map((flip, i) => ({ json: { checkId, timestamp: flip.timestamp, up: flip.up, to: to[i] } }))
		.reverse();
}

export const flipGetManyOperation: INodePropertyOptions = {
	name: 'Get Many',
	value: 'getAll',
	action: 'List the up and down changes of a check',
	description:
		"Lists the flips (changes of status between up and down) of the check with this UUID or slug, newest first, optionally within a time window. Returns one item per flip: its timestamp, to (the status it changed to: up, down, paused, new for a resume, or not up when the check's status cannot tell) and up (the server's own 1 for a change to up, 0 for any other).",
	routing: {
		request: { method: 'GET', url: `${CHECK_PATH}/flips/` },
		send: { preSend: [validateFlipFilters] },
		output: { postReceive: [flipsToItems] },
	},
};

export const flipGetManyDescription: INodeProperties[] = [
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		displayOptions: { show: showOnlyForFlipGetMany },
		options: [
			{
				displayName: 'End',
				name: 'end',
				type: 'dateTime',
				default: '',
				description:
					'Only flips before this time, an ISO 8601 date-time, e.g. 2026-05-01T00:00:00Z',
				routing: { send: { type: 'query', property: 'end' } },
			},
			{
				displayName: 'Seconds',
				name: 'seconds',
				type: 'number',
				typeOptions: { minValue: 0, maxValue: MAX_SECONDS },
				default: 3600,
				description:
					'Only flips from the last this many seconds, e.g. 86400 for a day (0 means no filter)',
				routing: { send: { type: 'query', property: 'seconds' } },
			},
			{
				displayName: 'Start',
				name: 'start',
				type: 'dateTime',
				default: '',
				description:
					'Only flips at or after this time, an ISO 8601 date-time, e.g. 2026-04-01T00:00:00Z',
				routing: { send: { type: 'query', property: 'start' } },
			},
		],
	},
];
