/**
 * New Ping for All Checks (optionally by tags): each ping of every listed check exactly
 * once, oldest first per check. The list's `n_pings` tells which checks were pinged, so a
 * quiet poll is one request and k pinged checks cost 1 + k (docs/triggers.md, "New Ping
 * for All Checks").
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';
import type { CheckEvent, PollRequests } from './checkEvent';
import { checkIdOf, checkSummary, listChecks, startingAt } from './listedChecks';
import {
	gapAfter,
	newPingItems,
	pingItem,
	type PingItemOptions,
	pingsOf,
	pingsPath,
	wantedPing,
} from './pingItems';

/** Its state (`pingState`): per check, the last ping number emitted. */
export interface PingAllChecksState {
	/** `ping:all:<tags>` */
	key: string;
	/** When the last poll started (UNIX seconds). */
	polledAt: number;
	/** Per check: the highest ping number emitted, or known when the check was first read. */
	lastN: Record<string, number>;
	/** Checks listed but not read yet: their pings dated from this instant on are new. */
	since?: Record<string, number>;
	/** The check to start with next time, when a poll ran out of time. */
	resumeAt?: string;
}

const listedN = (check: IDataObject) => Number(check.n_pings ?? 0);
const secondsOf = (time: unknown) => Date.parse(String(time)) / 1000;
const dateSeconds = (ping: IDataObject) => secondsOf(ping.date);

export function newPingAllChecks(
	requests: PollRequests,
	tags: string[],
	options: PingItemOptions,
): CheckEvent<PingAllChecksState> {
	const key = `ping:all:${tags.join(' ')}`;
	return {
		field: 'pingState',
		key,
		// Fetch Test Event: the newest (matching) ping of the check pinged last.
		async sample() {
			const lastPinged = (await listChecks(requests, tags)).checks
				.filter((check) => listedN(check) > 0)
				.sort((a, b) => (secondsOf(b.last_ping) || 0) - (secondsOf(a.last_ping) || 0));
			for (const check of lastPinged) {
				if (!requests.roomForRead()) break;
				requests.countRead();
				const id = checkIdOf(check);
				const newest = pingsOf(await requests.get(pingsPath(id)))
					.filter((ping) => wantedPing(options, ping))
					.at(-1);
				if (newest) return [await pingItem(requests, id, newest, checkSummary(check), options)];
			}
			return null;
		},
		// The list alone: each check's n_pings is its starting number.
		async start() {
			const { checks, at } = await listChecks(requests, tags);
			const lastN = Object.fromEntries(checks.map((check) => [checkIdOf(check), listedN(check)]));
			return { state: { key, polledAt: at, lastN }, at };
		},
		async poll(stored) {
			const { checks, at } = await listChecks(requests, tags);
			return await pollFrom(stored, checks, at, requests, options);
		},
	};
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
	};
	const unread: Record<string, number> = { ...stored.since };
	// Each item with the date it sorts by: its ping's, or for a gap alone the check's first new ping's.
	const items: Array<{ item: INodeExecutionData; at: number }> = [];
	const due = checks.filter((check) => {
		const known = state.lastN[checkIdOf(check)];
		return known === undefined || listedN(check) > known;
	});
	for (const check of startingAt(due, stored.resumeAt)) {
		const id = checkIdOf(check);
		const known = state.lastN[id];
		const since = unread[id] ?? stored.polledAt;
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
		delete unread[id];
	}
	for (const check of checks) {
		const id = checkIdOf(check);
		if (state.lastN[id] === undefined) unread[id] ??= stored.polledAt;
	}
	// Checks that no longer exist (or no longer match) leave the state.
	const present = new Set(checks.map(checkIdOf));
	for (const id of Object.keys(state.lastN)) if (!present.has(id)) delete state.lastN[id];
	for (const id of Object.keys(unread)) if (!present.has(id)) delete unread[id];
	if (Object.keys(unread).length) state.since = unread;
	// Oldest first across checks too (each check's are already; the sort keeps their order otherwise).
	return { state, items: items.sort((a, b) => a.at - b.at).map(({ item }) => item) };
}
