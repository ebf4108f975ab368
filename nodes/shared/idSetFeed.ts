/**
 * Polling a list that is not sorted by date (loyalty rewards are sorted by points): every
 * poll reads the whole list, ceil(N/100) requests for N records, and emits the records
 * whose id it has not seen. The state is the ids of the list as last read, so it is as
 * large as the list and deleted records leave it. It is replaced only after a complete
 * read: a failed request loses and repeats nothing.
 */
import type { IDataObject } from 'n8n-workflow';

export interface IdSetPage {
	items: IDataObject[];
	total?: number;
}

export async function pollIdSet(options: {
	known?: string[];
	fetchPage(page: number): Promise<IdSetPage>;
	pageSize: number;
	idOf(item: IDataObject): string;
}): Promise<{ items: IDataObject[]; known: string[] }> {
	const all: IDataObject[] = [];
	for (let page = 1; ; page++) {
		const { items, total } = await options.fetchPage(page);
		all.push(...items);
		if (items.length < options.pageSize || (total !== undefined && all.length >= total)) break;
	}
	const ids = all.map(options.idOf);
	if (!options.known) return { items: [], known: ids };
	const known = new Set(options.known);
	return { items: all.filter((item) => !known.has(options.idOf(item))), known: ids };
}
