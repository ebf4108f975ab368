/**
 * New Ping: each ping of one check exactly once, oldest first, keyed by its sequence
 * number `n` (the server numbers a check's pings 1, 2, 3, ... and never reuses a number).
 *
 * A poll reads the pings list, one request (the server returns every ping it keeps, newest
 * first): nothing new costs that one request. When there is something new it also reads the
 * check (to name it) and, with Include Body, one body per new ping that has one.
 *
 * The server keeps only the newest 100 pings (1000 on paid plans). When more arrived
 * between two polls than it keeps, the oldest of them are gone before the poll can see
 * them: the poll emits what is there, and the first item it emits carries `gap` (how many
 * pings, which numbers). If the type filter leaves nothing to emit, an item with only the
 * check and the gap is emitted: a gap is never silent.
 *
 * The cursor (`lastN`) moves only when the poll read everything it needed; a failed request
 * loses nothing and repeats nothing. When the poll budget runs out while reading bodies,
 * the pings read so far are emitted and the next poll continues after them.
 */
import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { directRequest } from '../shared/directRequest';
import { pollDeadline } from '../shared/pollDeadline';
import { checkMonitorApi } from '../CheckMonitor/shared/transport';
import { readIdParameter } from '../shared/transport';

interface PingState {
	key: string;
	/** The highest ping number emitted or known at activation. */
	lastN: number;
}

export interface PingGap {
	/** How many pings the server no longer had. */
	missed: number;
	fromN: number;
	toN: number;
	message: string;
}

const PING_FIELDS = ['n', 'type', 'date', 'method', 'duration', 'rid', 'scheme', 'remote_addr', 'ua'];

function pingsOf(body: unknown): IDataObject[] {
	const pings = ((body as IDataObject | undefined)?.pings ?? []) as IDataObject[];
	return pings.filter((ping) => Number.isInteger(ping.n)).sort((a, b) => Number(a.n) - Number(b.n));
}

export async function pollNewPings(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	// Checked (not empty) and lower case, as the actions read it.
	const id = readIdParameter(this, 'checkId', checkMonitorApi);
	const options = this.getNodeParameter('options', {}) as IDataObject;
	const types = (options.pingTypes ?? []) as string[];
	const includeBody = options.includeBody === true;
	const deadline = pollDeadline(this);
	const base = `/api/v3/checks/${encodeURIComponent(id)}`;
	const pings = pingsOf((await directRequest(this, checkMonitorApi, { url: `${base}/pings/` })).body);

	const describeCheck = async (): Promise<IDataObject> => {
		const check = (await directRequest(this, checkMonitorApi, { url: base })).body as IDataObject;
		return { id: check.uuid ?? check.unique_key ?? id, name: check.name, slug: check.slug, tags: check.tags, status: check.status };
	};
	const toItem = async (ping: IDataObject, check: IDataObject): Promise<INodeExecutionData> => {
		const json: IDataObject = { check };
		for (const field of PING_FIELDS) if (ping[field] !== undefined) json[field] = ping[field];
		if (includeBody) {
			json.body = ping.body_url
				? String((await directRequest(this, checkMonitorApi, { url: `${base}/pings/${Number(ping.n)}/body`, text: true })).body ?? '')
				: null;
		}
		return { json };
	};
	const wanted = (ping: IDataObject) => types.length === 0 || types.includes(String(ping.type));

	// Fetch Test Event: the newest (matching) ping, the cursor untouched.
	if (this.getMode() !== 'trigger') {
		const newest = pings.filter(wanted).at(-1);
		return newest ? [[await toItem(newest, await describeCheck())]] : null;
	}

	const staticData = this.getWorkflowStaticData('node');
	const key = `ping:${id}`;
	const state = staticData.pingState as unknown as PingState | undefined;
	const newestN = Number(pings.at(-1)?.n ?? 0);
	if (!state || state.key !== key) {
		staticData.pingState = { key, lastN: newestN } as unknown as IDataObject;
		return null;
	}
	const fresh = pings.filter((ping) => Number(ping.n) > state.lastN);
	if (fresh.length === 0) return null;

	const oldestKept = Number(fresh[0].n);
	const gap: PingGap | undefined =
		oldestKept > state.lastN + 1
			? {
					missed: oldestKept - state.lastN - 1,
					fromN: state.lastN + 1,
					toN: oldestKept - 1,
					message: `${oldestKept - state.lastN - 1} ping(s), numbers ${state.lastN + 1} to ${oldestKept - 1}, arrived between two polls and were no longer kept by the server (it keeps the newest ${pings.length}). Poll more often to see every ping.`,
				}
			: undefined;
	const check = await describeCheck();
	const items: INodeExecutionData[] = [];
	let lastN = state.lastN;
	for (const ping of fresh) {
		// Bodies cost a request each: stop at the budget, the rest comes next poll.
		if (items.length > 0 && includeBody && Date.now() > deadline) break;
		if (wanted(ping)) items.push(await toItem(ping, check));
		lastN = Number(ping.n);
	}
	if (gap) {
		if (items.length > 0) items[0].json.gap = gap as unknown as IDataObject;
		else items.push({ json: { check, gap: gap as unknown as IDataObject } });
	}
	staticData.pingState = { key, lastN } as unknown as IDataObject;
	return items.length > 0 ? [items] : null;
}
