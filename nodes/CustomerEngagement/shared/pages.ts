/**
 * The API's lists: page/perPage pages (contacts, visits, labels, rewards, redeems) that
 * report their total in X-Total-Count, and the date cursor of activities
 * (docs/api/customer-engagement.md, "Pagination").
 */
import type {
	IDataObject,
	IExecutePaginationFunctions,
	ILoadOptionsFunctions,
	INodeExecutionData,
	INodeListSearchItems,
	INodeListSearchResult,
} from 'n8n-workflow';
import { apiRequest } from '../../shared/apiRequest';
import { requestedLimit, routedRequest, type RoutedRequest } from '../../shared/routedRequest';
import { customerEngagementApi } from './customerEngagementApi';

export const MAX_PAGE_SIZE = 100;

/** The total from X-Total-Count; none when missing or not a whole number (`Number('')` would read 0 and end a list early). */
export function reportedTotal(headers: IDataObject): number | undefined {
	const header = headers['x-total-count'];
	return /^\s*\d+\s*$/.test(String(header)) ? Number(header) : undefined;
}

/**
 * The Get Manys' pagination hook. The page size stays min(Limit, 100), so page numbers line
 * up; it stops at the total, the Limit or a short page: ceil(N/100) requests for N records,
 * never an empty page more when the server reports the total.
 */
export async function paginatePages(
	this: IExecutePaginationFunctions,
	requestData: RoutedRequest,
): Promise<INodeExecutionData[]> {
	const limit = requestedLimit(this);
	const perPage = Math.min(MAX_PAGE_SIZE, limit);
	const results: INodeExecutionData[] = [];
	for (let page = 1; ; page++) {
		const { items, answer } = await routedRequest(this, customerEngagementApi, requestData, {
			qs: { page, perPage },
		});
		results.push(...items);
		const total = reportedTotal(answer.headers);
		if (
			items.length < perPage ||
			results.length >= limit ||
			(total !== undefined && page * perPage >= total)
		)
			break;
	}
	return results.slice(0, limit);
}

/**
 * Lists that page backwards in time: the next request sets `cursorParameter` to a date
 * from the page before, until a page comes back short or empty.
 */
export function dateCursorPages(options: {
	cursorParameter: string;
	pageSize: number;
	nextCursor: (items: INodeExecutionData[]) => string | undefined;
}) {
	return async function (
		this: IExecutePaginationFunctions,
		requestData: RoutedRequest,
	): Promise<INodeExecutionData[]> {
		const limit = requestedLimit(this);
		const results: INodeExecutionData[] = [];
		let cursor: string | undefined;
		for (;;) {
			// No page alignment is needed: each page asks only for what is still wanted.
			const perPage = Math.min(options.pageSize, limit - results.length);
			const { items } = await routedRequest(this, customerEngagementApi, requestData, {
				qs: { perPage, ...(cursor === undefined ? {} : { [options.cursorParameter]: cursor }) },
			});
			const next = options.nextCursor(items);
			// A cursor that includes its own instant answers a full page of ties with the same page again.
			if (cursor !== undefined && next === cursor) break;
			results.push(...items);
			if (results.length >= limit || items.length < perPage || next === undefined) break;
			cursor = next;
		}
		return results.slice(0, limit);
	};
}

/** One page of a list for a resource locator: the page number is the token; the total or a short page says whether there is another. */
export async function searchPages(
	context: ILoadOptionsFunctions,
	options: {
		url: string;
		qs?: IDataObject;
		paginationToken?: string;
		keep: (item: IDataObject) => boolean;
		toResult: (item: IDataObject) => INodeListSearchItems;
	},
): Promise<INodeListSearchResult> {
	const page = options.paginationToken ? Number(options.paginationToken) : 1;
	const { body, headers } = await apiRequest(context, customerEngagementApi, {
		url: options.url,
		qs: { ...options.qs, page, perPage: MAX_PAGE_SIZE },
	});
	const items = (Array.isArray(body) ? body : []) as IDataObject[];
	const total = reportedTotal(headers);
	const more = total === undefined ? items.length === MAX_PAGE_SIZE : page * MAX_PAGE_SIZE < total;
	return {
		results: items.filter(options.keep).map(options.toResult),
		paginationToken: more ? String(page + 1) : undefined,
	};
}

/** Case-insensitive "contains" on a display text, for the searches' own filtering. */
export const matches = (text: unknown, filter?: string) =>
	String(text ?? '')
		.toLowerCase()
		.includes((filter ?? '').trim().toLowerCase());
