import { SIMPLIFY_DEFAULT } from '../../shared/descriptions';
/** postReceive functions that shape Check Monitor responses into items. */
import type { IDataObject, IExecuteSingleFunctions, IN8nHttpFullResponse, INodeExecutionData } from 'n8n-workflow';
import { sentRequestOf } from '../../shared/transport';
import { describeFlips, flipsOf, oldestFirst } from './flips';

const SIMPLE_CHECK_FIELDS = [
	'uuid', 'unique_key', 'name', 'slug', 'tags', 'status', 'last_ping', 'next_ping',
	'timeout', 'schedule', 'tz', 'grace', 'n_pings', 'ping_url',
];

/** The check the request was for, as sent (not read from the parameters again). */
const checkIdOf = (response: IN8nHttpFullResponse) => sentRequestOf(response).parameters.checkId;

/** `{checks: [...]}` or a single check -> one item per check; Simplify keeps the useful fields. */
export async function checksToItems(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	const simplify = this.getNodeParameter('simplify', SIMPLIFY_DEFAULT) as boolean;
	const checks = items.flatMap((item) =>
		Array.isArray(item.json.checks) ? (item.json.checks as IDataObject[]) : [item.json],
	);
	return checks.map((check) => ({
		json: simplify
			? Object.fromEntries(SIMPLE_CHECK_FIELDS.filter((f) => f in check).map((f) => [f, check[f]]))
			: check,
	}));
}

/** Create answers 201 for a new check and 200 when `unique` matched an existing one. */
export async function markCreatedOrUpdated(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	const outcome = response.statusCode === 201 ? 'created' : 'updated';
	return items.map((item) => ({ json: { ...item.json, outcome } }));
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
	const checkId = checkIdOf(response);
	const flips = items.flatMap((item) => flipsOf(Array.isArray(item.json.flips) ? item.json : [item.json]));
	const chronological = oldestFirst(flips);
	const to = describeFlips(chronological, undefined);
	return chronological
		.map((flip, i) => ({ json: { checkId, timestamp: flip.timestamp, up: flip.up, to: to[i] } }))
		.reverse();
}

export async function pingsToItems(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	const checkId = checkIdOf(response);
	return items.flatMap((item) =>
		((item.json.pings as IDataObject[] | undefined) ?? []).map((ping) => ({ json: { checkId, ...ping } })),
	);
}

/** The logged body, byte for byte: as text in the item, and as binary data when asked. */
export async function pingBodyToItem(
	this: IExecuteSingleFunctions,
	_items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	const raw = response.body as unknown;
	const bytes = Buffer.isBuffer(raw)
		? raw
		: raw instanceof ArrayBuffer
			? Buffer.from(raw)
			: Buffer.from(typeof raw === 'string' ? raw : JSON.stringify(raw ?? ''));
	const { parameters } = sentRequestOf(response);
	const checkId = parameters.checkId;
	const pingNumber = Number(parameters.pingNumber);
	const options = this.getNodeParameter('options', {}) as IDataObject;
	const item: INodeExecutionData = {
		json: { checkId, pingNumber, body: bytes.toString('utf8'), size: bytes.length },
	};
	if (options.binaryPropertyName) {
		const property = String(options.binaryPropertyName);
		item.binary = {
			[property]: await this.helpers.prepareBinaryData(bytes, `ping-${pingNumber}.txt`, 'text/plain'),
		};
	}
	return [item];
}

export async function badgesToItems(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	const badges = (items[0]?.json.badges ?? {}) as Record<string, IDataObject>;
	return Object.entries(badges).map(([tag, urls]) => ({
		json: { tag, allChecks: tag === '*', ...urls },
	}));
}
