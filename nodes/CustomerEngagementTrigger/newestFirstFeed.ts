/**
 * Polling a list the API sorts newest first (visits by date, contacts by registration
 * date): each record exactly once at the cost of what is new, k new records in
 * ceil((k+1)/100) requests. The state keeps the ids dated within a look-back window of the
 * newest, so back-dated records are caught; the list's total says when to read further.
 * The rules, and how an unfinished poll goes on: docs/triggers.md, "New Visit and New Contact".
 */
import type { IDataObject } from 'n8n-workflow';

export interface FeedState {
	newest: number;
	floor: number;
	/** id -> date (ms) of every record at or after the floor that was seen or emitted. */
	seen: Record<string, number>;
	/** The list's total at the last complete poll (undefined: the API did not say). */
	knownTotal?: number;
	/** Where an unfinished poll stopped: records read from the top, and the total then. */
	resume?: { position: number; total: number };
}

export interface FeedPage {
	items: IDataObject[];
	total?: number;
}

export interface FeedOptions {
	state?: FeedState;
	fetchPage(page: number): Promise<FeedPage>;
	pageSize: number;
	idOf(item: IDataObject): string;
	dateOf(item: IDataObject): number;
	lookBackMs: number;
	/** Stop reading further pages after this time (ms since epoch). */
	deadline: number;
}

export interface FeedResult {
	/** New records, oldest first. */
	items: IDataObject[];
	state: FeedState;
	complete: boolean;
}

export async function pollNewestFirst(options: FeedOptions): Promise<FeedResult> {
	const { state: previous, pageSize, idOf, dateOf, lookBackMs } = options;
	const seen: Record<string, number> = { ...(previous?.seen ?? {}) };
	const found = new Map<string, IDataObject>();
	let newest = previous?.newest ?? 0;
	let floor = previous?.floor ?? 0;
	let total: number | undefined;
	let complete = false;
	let oldestRead = Number.POSITIVE_INFINITY;

	let pagesRead = 0;
	let jumpAfter = 0;
	let jumpTo = 0;
	let jumped = false;
	let rescan = false;
	let reads = 0;
	for (let page = 1; ; page++) {
		// Page 1 (what is new) and one page beyond it are always read, so every poll progresses.
		if (reads >= 2 && Date.now() > options.deadline) break;
		reads++;
		if (jumpTo > page && page > jumpAfter) {
			page = jumpTo;
			jumped = true;
		}
		const { items, total: pageTotal } = await options.fetchPage(page);
		pagesRead = page;
		if (page === 1) {
			total = pageTotal;
			if (previous?.resume && total !== undefined) {
				const added = Math.max(0, total - previous.resume.total);
				jumpAfter = Math.max(1, Math.ceil(added / pageSize));
				jumpTo = Math.floor((previous.resume.position + added) / pageSize) + 1;
			}
			if (!previous) {
				// First activation: the starting point is the newest record now.
				newest = items.length ? dateOf(items[0]) : 0;
				floor = newest - lookBackMs;
			}
		}
		let reachedKnown = false;
		let reachedFloor = false;
		for (const item of items) {
			const id = idOf(item);
			const date = dateOf(item);
			oldestRead = Math.min(oldestRead, date);
			if (date < floor) {
				reachedFloor = true;
				continue;
			}
			if (seen[id] !== undefined) {
				if (previous && date >= previous.newest) reachedKnown = true;
				continue;
			}
			if (!previous) seen[id] = date;
			else found.set(id, item);
		}
		if (items.length < pageSize || reachedFloor) {
			// After a jump, the pages skipped may hold back-dated records added since the last
			// poll; when the total says some are missing, read from the top next time.
			const missing = total === undefined ? 0 : total - (previous?.knownTotal ?? 0) - found.size;
			complete = !(jumped && missing > 0);
			rescan = !complete;
			break;
		}
		if (previous && reachedKnown && total !== undefined) {
			const missing = total - (previous.knownTotal ?? 0) - found.size;
			if (missing <= 0) {
				complete = true;
				break;
			}
		}
	}

	if (!previous) {
		// First activation emits nothing. If it ran out of time before reaching the floor,
		// the guarantee starts where it stopped reading. (Nothing in `seen` is older than the
		// start floor: it holds only records read now, none below the floor.)
		const startFloor = complete ? floor : Math.max(floor, oldestRead);
		return { items: [], state: { newest, floor: startFloor, seen, knownTotal: total }, complete };
	}

	const newItems = [...found.values()].sort((a, b) => dateOf(a) - dateOf(b));
	for (const item of newItems) {
		seen[idOf(item)] = dateOf(item);
		newest = Math.max(newest, dateOf(item));
	}
	if (complete) {
		// The floor never moves down: below it, records were not all seen.
		const nextFloor = Math.max(previous.floor, newest - lookBackMs);
		for (const [id, date] of Object.entries(seen)) if (date < nextFloor) delete seen[id];
		return {
			items: newItems,
			state: { newest, floor: nextFloor, seen, knownTotal: total },
			complete,
		};
	}
	// Out of time: remember what was emitted; keep the floor so the next poll reads on.
	return {
		items: newItems,
		state: {
			newest: previous.newest,
			floor: previous.floor,
			seen,
			knownTotal: (previous.knownTotal ?? 0) + newItems.length,
			resume:
				total !== undefined && !rescan ? { position: pagesRead * pageSize, total } : undefined,
		},
		complete,
	};
}
