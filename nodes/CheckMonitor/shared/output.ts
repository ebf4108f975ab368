/** postReceive functions that shape Check Monitor responses into items. */
import type { IDataObject, IExecuteSingleFunctions, IN8nHttpFullResponse, INodeExecutionData } from 'n8n-workflow';

const SIMPLE_CHECK_FIELDS = [
	'uuid', 'unique_key', 'name', 'slug', 'tags', 'status', 'last_ping', 'next_ping',
	'timeout', 'schedule', 'tz', 'grace', 'n_pings', 'ping_url',
];

function checkIdParameter(context: IExecuteSingleFunctions): string {
	const value = context.getNodeParameter('checkId', '', { extractValue: true });
	return String(value).trim().toLowerCase();
}

/** `{checks: [...]}` or a single check -> one item per check; Simplify keeps the useful fields. */
export async function checksToItems(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	const simplify = this.getNodeParameter('simplify', false) as boolean;
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
 * Flips: the real server sends `{flips: [...]}`, the spec a bare array; both become one
 * item per flip, naming the check. `up` is 1 only for a change to "up": pause and resume
 * are recorded as 0 too, so `status` says "up" or "not up".
 */
export async function flipsToItems(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	const checkId = checkIdParameter(this);
	const flips = items.flatMap((item) =>
		Array.isArray(item.json.flips) ? (item.json.flips as IDataObject[]) : item.json.timestamp ? [item.json] : [],
	);
	return flips.map((flip) => ({
		json: {
			checkId,
			timestamp: flip.timestamp,
			up: flip.up,
			status: Number(flip.up) === 1 ? 'up' : 'down',
		},
	}));
}

export async function pingsToItems(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	const checkId = checkIdParameter(this);
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
	const checkId = checkIdParameter(this);
	const pingNumber = this.getNodeParameter('pingNumber') as number;
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
