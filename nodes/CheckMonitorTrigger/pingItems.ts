/**
 * Pings as New Ping reads and emits them, for one check or all of them. The server numbers
 * a check's pings 1, 2, 3, ... (the number is its `n_pings` at the time) and never reuses a
 * number, and it keeps only the newest 100 (1000 on paid plans): pings that arrived beyond
 * that between two polls are reported as a `gap`, never skipped silently.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';
import type { PollRequests } from './checkEvent';

export type PingGap = {
	/** How many pings the server no longer had. */
	missed: number;
	fromN: number;
	toN: number;
	message: string;
};

const PING_FIELDS = [
	'n',
	'type',
	'date',
	'method',
	'duration',
	'rid',
	'scheme',
	'remote_addr',
	'ua',
];

/** A check's pings as the server lists them, oldest first. */
export function pingsOf(body: unknown): IDataObject[] {
	const pings = ((body as IDataObject | undefined)?.pings ?? []) as IDataObject[];
	return pings.filter((ping) => Number.isInteger(ping.n)).sort((a, b) => Number(a.n) - Number(b.n));
}

export const pingsPath = (id: string) => `/api/v3/checks/${encodeURIComponent(id)}/pings/`;

/** The pings numbered after `lastN` that the server no longer keeps, if any. */
export function gapAfter(lastN: number, fresh: IDataObject[], kept: number): PingGap | undefined {
	if (fresh.length === 0) return undefined;
	const oldestKept = Number(fresh[0].n);
	if (oldestKept <= lastN + 1) return undefined;
	const missed = oldestKept - lastN - 1;
	return {
		missed,
		fromN: lastN + 1,
		toN: oldestKept - 1,
		message: `${missed} ping(s), numbers ${lastN + 1} to ${oldestKept - 1}, arrived between two polls and were no longer kept by the server (it keeps the newest ${kept}). Poll more often to see every ping.`,
	};
}

export interface PingItemOptions {
	types: string[];
	includeBody: boolean;
}

export const wantedPing = (options: PingItemOptions, ping: IDataObject) =>
	options.types.length === 0 || options.types.includes(String(ping.type));

/** A ping's item: its check and the ping's fields the server sent (and its body, when asked). */
export async function pingItem(
	requests: PollRequests,
	id: string,
	ping: IDataObject,
	check: IDataObject,
	options: PingItemOptions,
): Promise<INodeExecutionData> {
	const json: IDataObject = { check };
	for (const field of PING_FIELDS) if (ping[field] !== undefined) json[field] = ping[field];
	if (options.includeBody) {
		json.body = ping.body_url
			? String(
					(await requests.get(`${pingsPath(id)}${Number(ping.n)}/body`, undefined, true)) ?? '',
				)
			: null;
	}
	return { json };
}

/**
 * The items for a check's new pings, oldest first, and the number the cursor moves to. The
 * gap rides on the first item, or on an item of its own when the type filter leaves none.
 * With Include Body, each body is a request: past the poll's time the rest waits for the
 * next poll (the cursor stops after the last ping emitted).
 */
export async function newPingItems(
	requests: PollRequests,
	id: string,
	check: IDataObject,
	fresh: IDataObject[],
	gap: PingGap | undefined,
	lastN: number,
	options: PingItemOptions,
): Promise<{ items: INodeExecutionData[]; lastN: number }> {
	const items: INodeExecutionData[] = [];
	let cursor = lastN;
	for (const ping of fresh) {
		if (items.length > 0 && options.includeBody && !requests.roomForRead()) break;
		if (wantedPing(options, ping)) items.push(await pingItem(requests, id, ping, check, options));
		cursor = Number(ping.n);
	}
	if (gap) {
		if (items.length > 0) items[0].json.gap = gap;
		else items.push({ json: { check, gap } });
	}
	return { items, lastN: cursor };
}
