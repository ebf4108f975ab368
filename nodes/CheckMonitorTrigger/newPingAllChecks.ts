/**
 * New Ping for All Checks (optionally by tags): each ping of every listed check exactly
 * once, oldest first per check. The list's `n_pings` tells which checks were pinged, so a
 * quiet poll is one request and k pinged checks cost 1 + k (docs/triggers.md, "New Ping
 * for All Checks").
 */
import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { pollFromStart } from '../shared/keptStart';
import { checkIdOf, checkSummary, listChecks, readTags, startingAt } from './listedChecks';
import {
	gapAfter,
	newPingItems,
	pingItem,
	type PingItemOptions,
	pingsOf,
	pingsPath,
	wantedPing,
} from './pingItems';
import type { PollRequests } from './pollRequests';
import type { PingAllChecksState } from './state';

const listedN = (check: IDataObject) => Number(check.n_pings ?? 0);
const dateSeconds = (ping: IDataObject) => Date.parse(String(ping.date)) / 1000;

export async function pollNewPingAllChecks(
	this: IPollFunctions,
	requests: PollRequests,
	options: PingItemOptions,
): Promise<INodeExecutionData[][] | null> {
	const tags = readTags(this);

	// Fetch Test Event: the newest (matching) ping of the check pinged last; the state untouched.
	if (this.getMode() !== 'trigger') {
		const lastPinged = (await listChecks(requests, tags)).checks
			.filter((check) => listedN(check) > 0)
			.sort(
				(a, b) => (Date.parse(String(b.last_ping)) || 0) - (Date.parse(String(a.last_ping)) || 0),
			);
		for (const check of lastPinged) {
			if (!requests.roomForRead()) break;
			requests.countRead();
			const newest = pingsOf(await requests.get(pingsPath(checkIdOf(check))))
				.filter((ping) => wantedPing(options, ping))
				.at(-1);
			if (newest)
				return [[await pingItem(requests, checkIdOf(check), newest, checkSummary(check), options)]];
		}
		return null;
	}

	const staticData = this.getWorkflowStaticData('node');
	const key = `ping:all:${tags.join(' ')}`;
	const storedState = () => staticData.pingState as unknown as PingAllChecksState | undefined;
	return await pollFromStart(this, {
		key,
		hasState: () => storedState()?.key === key,
		deadline: requests.deadline,
		// The list alone: each check's n_pings is its starting number.
		takeStart: async () => {
			const { checks, at } = await listChecks(requests, tags);
			const start: PingAllChecksState = { key, polledAt: at, lastN: {} };
			for (const check of checks) start.lastN[checkIdOf(check)] = listedN(check);
			staticData.pingState = start as unknown as IDataObject;
			return at * 1000;
		},
		goOn: async () => {
			const { checks, at } = await listChecks(requests, tags);
			const { state, items } = await pollFrom(storedState()!, checks, at, requests, options);
			staticData.pingState = state as unknown as IDataObject;
			return items.length ? [items] : null;
		},
	});
}

/** A poll from the stored state, over the check list read at `nowSeconds` (the server's time). */
async function pollFrom(
	stored: PingAllChecksState,
	checks: IDataObject[],
	nowSeconds: number,
	requests: PollRequests,
	options: PingItemOptions,
) {
	const state: PingAllChecksState = {
		key: stored.key,
		polledAt: nowSeconds,
		lastN: { ...stored.lastN },
		since: { ...stored.since },
	};
	// Each item with the date it sorts by: its ping's, or for a gap alone the check's first new ping's.
	const items: Array<{ item: INodeExecutionData; at: number }> = [];
	const due = checks.filter((check) => {
		const known = state.lastN[checkIdOf(check)];
		return known === undefined || listedN(check) > known;
	});
	for (const check of startingAt(due, stored.resumeAt)) {
		const id = checkIdOf(check);
		const known = state.lastN[id];
		const since = state.since![id] ?? stored.polledAt;
		if (known === undefined && listedN(check) === 0) {
			// A new check with no ping yet: every ping it gets is new.
			state.lastN[id] = 0;
			continue;
		}
		if (!requests.roomForRead()) {
			state.resumeAt = id;
			break;
		}
		requests.countRead();
		const pings = pingsOf(await requests.get(pingsPath(id)));
		// A check first listed: the pings since the last poll started; older ones are not new.
		const fresh = pings.filter((ping) =>
			known === undefined ? dateSeconds(ping) >= since : Number(ping.n) > known,
		);
		const before = known ?? Number(pings.filter((ping) => !fresh.includes(ping)).at(-1)?.n ?? 0);
		const gap = known === undefined ? undefined : gapAfter(known, fresh, pings.length);
		const emitted = await newPingItems(
			requests,
			id,
			checkSummary(check),
			fresh,
			gap,
			before,
			options,
		);
		for (const item of emitted.items)
			items.push({ item, at: dateSeconds(item.json.date === undefined ? fresh[0] : item.json) });
		state.lastN[id] = fresh.length ? emitted.lastN : Math.max(before, listedN(check));
		delete state.since![id];
	}
	for (const check of checks) {
		const id = checkIdOf(check);
		if (state.lastN[id] === undefined) state.since![id] ??= stored.polledAt;
	}
	// Checks that no longer exist (or no longer match) leave the state.
	const present = new Set(checks.map(checkIdOf));
	for (const id of Object.keys(state.lastN)) if (!present.has(id)) delete state.lastN[id];
	for (const id of Object.keys(state.since!)) if (!present.has(id)) delete state.since![id];
	if (Object.keys(state.since!).length === 0) delete state.since;
	// Oldest first across checks too (each check's are already; the sort keeps their order otherwise).
	return { state, items: items.sort((a, b) => a.at - b.at).map(({ item }) => item) };
}
