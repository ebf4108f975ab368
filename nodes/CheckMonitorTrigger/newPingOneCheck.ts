/**
 * New Ping of one check: each ping exactly once, oldest first, by its sequence number. One
 * pings request per poll; the check (to name it) and bodies only when something is new.
 * The cursor moves only past what was emitted (docs/triggers.md, "New Ping").
 */
import type { IDataObject } from 'n8n-workflow';
import type { CheckEvent, PollRequests } from './checkEvent';
import { checkSummary } from './listedChecks';
import {
	gapAfter,
	newPingItems,
	pingItem,
	type PingItemOptions,
	pingsOf,
	pingsPath,
	wantedPing,
} from './pingItems';

/** Its state (`pingState`). */
export interface PingOneCheckState {
	/** `ping:<id>` */
	key: string;
	/** The highest ping number emitted or known at activation. */
	lastN: number;
}

export function newPingOneCheck(
	requests: PollRequests,
	id: string,
	options: PingItemOptions,
): CheckEvent<PingOneCheckState> {
	const key = `ping:${id}`;
	const readPings = async () => {
		requests.countRead();
		return pingsOf(await requests.get(pingsPath(id)));
	};
	const describeCheck = async () =>
		checkSummary(
			(await requests.get(`/api/v3/checks/${encodeURIComponent(id)}`)) as IDataObject,
			id,
		);
	return {
		field: 'pingState',
		key,
		// Fetch Test Event: the newest (matching) ping.
		async sample() {
			const newest = (await readPings()).filter((ping) => wantedPing(options, ping)).at(-1);
			return newest ? [await pingItem(requests, id, newest, await describeCheck(), options)] : null;
		},
		start: async () => ({ state: { key, lastN: Number((await readPings()).at(-1)?.n ?? 0) } }),
		async poll(stored) {
			const pings = await readPings();
			const fresh = pings.filter((ping) => Number(ping.n) > stored.lastN);
			if (fresh.length === 0) return { items: [], state: stored };
			const gap = gapAfter(stored.lastN, fresh, pings.length);
			const check = await describeCheck();
			const emitted = await newPingItems(requests, id, check, fresh, gap, stored.lastN, options);
			return { items: emitted.items, state: { key, lastN: emitted.lastN } };
		},
	};
}
