import type { IDataObject, ILoadOptionsFunctions, INodeListSearchItems, INodeListSearchResult } from 'n8n-workflow';
import type { ApiDefinition } from './apiDefinition';
import { directRequest } from './directRequest';
import { MAX_PAGE_SIZE, reportedTotal } from './pagination';


/**
 * One page of a page/perPage list for a resource locator's list: the page number is the
 * pagination token, and X-Total-Count (or a short page) says whether there is another.
 */
export async function searchPagedList(
	context: ILoadOptionsFunctions,
	api: ApiDefinition,
	options: {
		url: string;
		qs?: IDataObject;
		paginationToken?: string;
		/** Local filtering (the API filters by email or phone only). */
		keep: (item: IDataObject) => boolean;
		toResult: (item: IDataObject) => INodeListSearchItems;
	},
): Promise<INodeListSearchResult> {
	const page = options.paginationToken ? Number(options.paginationToken) : 1;
	const { body, headers } = await directRequest(context, api, {
		url: options.url,
		qs: { ...(options.qs ?? {}), page, perPage: MAX_PAGE_SIZE },
	});
	const items = (Array.isArray(body) ? body : []) as IDataObject[];
	// Without a readable X-Total-Count, a full page says there may be another.
	const total = reportedTotal(headers);
	const more = total === undefined ? items.length === MAX_PAGE_SIZE : page * MAX_PAGE_SIZE < total;
	return {
		results: items.filter(options.keep).map(options.toResult),
		paginationToken: more ? String(page + 1) : undefined,
	};
}

/** Case-insensitive "contains" on a display text, for local filtering. */
export const matches = (text: unknown, filter?: string) =>
	String(text ?? '').toLowerCase().includes((filter ?? '').trim().toLowerCase());
