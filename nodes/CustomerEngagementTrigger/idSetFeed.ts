/**
 * Polling a list that is not sorted by date (loyalty rewards are sorted by points): every
 * poll reads the whole list and emits the ids it has not seen; the state (the ids last
 * read) is replaced only after a complete read (docs/triggers.md, "New Loyalty Reward").
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
