/**
 * Polling a list whose records have no id and no documented order but are never deleted,
 * and whose total the API reports (X-Total-Count): the redeems of loyalty rewards. A poll
 * reads page 1; when the total grew by d, it reads on until the pages read hold d more
 * records per key (reward, contact, date, employee) than are known. Guarantees, limits and
 * cost: docs/triggers.md, "New Redeem".
 */
import type { IDataObject } from 'n8n-workflow';

export interface CountedState {
	total: number;
	/** The newest record date seen (ms). */
	newest: number;
	/** Known records per key, for keys dated at or after newest − window. */
	counts: Record<string, number>;
}

export interface CountedPage {
	items: IDataObject[];
	/** The list's total as the API reported it with this page. */
	total: number;
}

export interface CountedOptions {
	state?: CountedState;
	fetchPage(page: number): Promise<CountedPage>;
	pageSize: number;
	keyOf(item: IDataObject): string;
	dateOf(item: IDataObject): number;
	windowMs: number;
	deadline: number;
}

function countsFrom(
	items: IDataObject[],
	options: CountedOptions,
	newest: number,
	base: Record<string, number> = {},
): Record<string, number> {
	const floor = newest - options.windowMs;
	const counts: Record<string, number> = {};
	for (const [key, count] of Object.entries(base)) {
		const date = Number(key.slice(0, key.indexOf('|')));
		if (date >= floor) counts[key] = count;
	}
	for (const item of items) {
		const date = options.dateOf(item);
		if (!(date >= floor)) continue;
		const key = `${date}|${options.keyOf(item)}`;
		counts[key] = (counts[key] ?? 0) + 1;
	}
	return counts;
}

/** The new records and the state to keep (none yet when the first poll found the list moving). */
export async function pollCounted(
	options: CountedOptions,
): Promise<{ items: IDataObject[]; state: CountedState | undefined }> {
	const first = await options.fetchPage(1);
	const total = first.total;
	const pages = Math.max(1, Math.ceil(total / options.pageSize));
	const readAll = async (): Promise<IDataObject[] | undefined> => {
		const all = [...first.items];
		for (let page = 2; page <= pages; page++) {
			const next = await options.fetchPage(page);
			if (next.total !== total) return undefined;
			all.push(...next.items);
		}
		return all;
	};

	// First poll, or a list that shrank (redeems cannot be deleted, but an account's data can
	// be reset): the starting point. When the list changed while it was read, no starting
	// point is kept (a partial one would make the next poll emit the whole history): the next
	// poll starts again, and what was added meanwhile counts as before activation.
	if (!options.state || total < options.state.total) {
		const all = await readAll();
		if (!all) return { items: [], state: options.state };
		const newest = all.reduce((max, item) => Math.max(max, options.dateOf(item) || 0), 0);
		return { items: [], state: { total, newest, counts: countsFrom(all, options, newest) } };
	}
	const state = options.state;
	// Nothing new (delta 0) ends at the first check below: one request.
	const delta = total - state.total;

	const read: IDataObject[] = [...first.items];
	// Records dated before the floor are old by construction: only keys at or after it count.
	const excess = () => {
		const seen = countsFrom(read, options, state.newest);
		let sum = 0;
		const fresh: Record<string, number> = {};
		for (const [key, count] of Object.entries(seen)) {
			const extra = count - (state.counts[key] ?? 0);
			if (extra > 0) {
				fresh[key] = extra;
				sum += extra;
			}
		}
		return { sum, fresh };
	};
	let found = excess();
	// New records sit at one end of a list sorted by date: when page 1 holds some, read on
	// forwards (newest first); else from the last page backwards (oldest first).
	const rest = Array.from({ length: Math.max(0, pages - 1) }, (_, i) => i + 2);
	const order = found.sum > 0 ? rest : rest.reverse();
	for (const page of order) {
		if (found.sum >= delta) break;
		if (Date.now() > options.deadline) return { items: [], state };
		const next = await options.fetchPage(page);
		// Records added while this poll reads shift the pages: start again next poll.
		if (next.total !== total) return { items: [], state };
		read.push(...next.items);
		found = excess();
	}

	// The new records: for each key, as many as it has beyond the known ones, oldest first.
	const items: IDataObject[] = [];
	const remaining = { ...found.fresh };
	for (const item of [...read].sort((a, b) => options.dateOf(a) - options.dateOf(b))) {
		const key = `${options.dateOf(item)}|${options.keyOf(item)}`;
		if ((remaining[key] ?? 0) > 0) {
			remaining[key]--;
			items.push(item);
		}
	}
	const newest = items.reduce(
		(max, item) => Math.max(max, options.dateOf(item) || 0),
		state.newest,
	);
	const counts: Record<string, number> = { ...state.counts };
	for (const [key, extra] of Object.entries(found.fresh)) counts[key] = (counts[key] ?? 0) + extra;
	return { items, state: { total, newest, counts: countsFrom([], options, newest, counts) } };
}
