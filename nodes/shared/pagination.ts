/**
 * The operations' pagination hooks (see transport.ts): the default one-request
 * hook and the list paginators. Each sends its pages through `sendRequest`, so errors and
 * retries are handled the same way as for single requests.
 */
import type { IDataObject, IExecutePaginationFunctions, IExecuteSingleFunctions, INodeExecutionData } from 'n8n-workflow';
import type { ApiDefinition } from './apiDefinition';
import { type RequestData, sendRequest } from './transport';
import { invalidInput } from './invalidInput';

export const MAX_PAGE_SIZE = 100;

/**
 * How many records the user asked for: Limit, or no limit with Return All and in
 * operations without them (a Get). Read here rather than through a routing expression,
 * which n8n would evaluate for every item. n8n drops a parameter that is not shown, so
 * with Return All on there is no Limit to read, even in a workflow saved with one.
 */
export function requestedLimit(context: IExecuteSingleFunctions): number {
	const value = context.getNodeParameter('limit', Infinity) as unknown;
	// An expression may give the number as text ("25" from a query string); "" is 0, refused.
	const limit = typeof value === 'string' ? Number(value) : value;
	if (typeof limit !== 'number' || !(limit >= 1) || (Number.isFinite(limit) && !Number.isInteger(limit))) {
		throw invalidInput(context, 'Limit', `must be a whole number of at least 1, got ${JSON.stringify(value)}`, 'Turn on Return All to get every result.');
	}
	return limit;
}

/** The default for every operation: one request, its items (a list trimmed to Limit). */
export function singleRequest(api: ApiDefinition) {
	return async function (
		this: IExecutePaginationFunctions,
		requestData: RequestData,
	): Promise<INodeExecutionData[]> {
		const limit = requestedLimit(this);
		const { items } = await sendRequest(this, requestData, api);
		return items.slice(0, limit);
	};
}

/**
 * The list's total from its X-Total-Count header; undefined when the header is missing or
 * not a whole number (an empty header is no total: `Number('')` would read it as 0 and end
 * a list after its first page).
 */
export function reportedTotal(headers: IDataObject): number | undefined {
	const header = headers['x-total-count'];
	return /^\s*\d+\s*$/.test(String(header)) ? Number(header) : undefined;
}

/**
 * page/perPage lists that report the total in `X-Total-Count`. The page size stays fixed
 * (min(limit, 100)) so page numbers line up; it stops when the total, the limit or a short
 * page says there is nothing more: ceil(N/100) requests for N records, never an empty extra
 * page when the server reports the total.
 */
export function pageNumberPagination(api: ApiDefinition) {
	return async function (
		this: IExecutePaginationFunctions,
		requestData: RequestData,
	): Promise<INodeExecutionData[]> {
		const limit = requestedLimit(this);
		const perPage = Math.min(MAX_PAGE_SIZE, limit);
		const results: INodeExecutionData[] = [];
		for (let page = 1; ; page++) {
			const { items, response } = await sendRequest(this, requestData, api, {
				qs: { page, perPage },
			});
			results.push(...items);
			if (items.length < perPage) break;
			if (results.length >= limit) break;
			const total = reportedTotal(response.headers);
			if (total !== undefined && page * perPage >= total) break;
		}
		return results.slice(0, limit);
	};
}

/**
 * Cursor lists that page backwards in time: the next request sets `cursorParameter` to a
 * date taken from the previous response, until a page comes back empty (or short).
 */
export function dateCursorPagination(
	api: ApiDefinition,
	options: {
		cursorParameter: string;
		/** The cursor for the next page, from the items of this page (undefined: stop). */
		nextCursor: (items: INodeExecutionData[]) => string | undefined;
		pageSize: number;
	},
) {
	return async function (
		this: IExecutePaginationFunctions,
		requestData: RequestData,
	): Promise<INodeExecutionData[]> {
		const limit = requestedLimit(this);
		const results: INodeExecutionData[] = [];
		let cursor: string | undefined;
		for (;;) {
			// A cursor needs no page alignment, so each page asks only for what is still wanted.
			const perPage = Math.min(options.pageSize, limit - results.length);
			const qs: Record<string, string | number> = { perPage };
			if (cursor !== undefined) qs[options.cursorParameter] = cursor;
			const { items } = await sendRequest(this, requestData, api, { qs });
			const next = options.nextCursor(items);
			// An API whose cursor includes its own instant answers a full page of ties with the
			// same page again: a page that ends where it began is not added twice, and ends paging.
			// (An empty page ends below: it is shorter than asked, and gives no next cursor.)
			if (cursor !== undefined && next === cursor) break;
			results.push(...items);
			if (results.length >= limit) break;
			if (items.length < perPage) break;
			if (next === undefined) break;
			cursor = next;
		}
		return results.slice(0, limit);
	};
}
