/**
 * The requests of one trigger poll: each through the package's one request mechanism
 * (apiRequest), spaced to Max Requests per Minute when the poll walks many checks (the
 * hosted service allows about 100 a minute), and told when the poll's time is spent.
 *
 * A poll always gets its first read after the list, so that every poll makes progress even
 * when one request takes longer than the budget; after that it reads only while time is left.
 */
import { sleep, type IDataObject, type IPollFunctions } from 'n8n-workflow';
import { apiRequest } from '../shared/apiRequest';
import { pollDeadline } from '../shared/pollDeadline';
import { checkMonitorApi } from '../CheckMonitor/shared/checkMonitorApi';
import type { PollRequests } from './checkEvent';

/** `requestsPerMinute`: Max Requests per Minute, for a poll that walks many checks; absent: not paced. */
export function pollRequests(context: IPollFunctions, requestsPerMinute?: number): PollRequests {
	const spacingMs = requestsPerMinute ? 60_000 / requestsPerMinute : 0;
	const deadline = pollDeadline(context);
	let lastRequestAt = 0;
	let readMade = false;
	const request = async (url: string, qs?: IDataObject, text?: boolean) => {
		// At most one spacing: a clock stepped back during the poll must not stall it.
		const wait = Math.min(spacingMs, lastRequestAt + spacingMs - Date.now());
		if (wait > 0) await sleep(wait);
		lastRequestAt = Date.now();
		// A ping body is the user's data, as the server stored it: text, HTML or JSON.
		const asText = {
			json: false,
			encoding: 'text' as const,
			headers: { Accept: 'text/plain, */*' },
		};
		return await apiRequest(
			context,
			checkMonitorApi,
			{ url, qs, ...(text ? asText : {}) },
			{ raw: text },
		);
	};
	return {
		get: async (url, qs, text) => (await request(url, qs, text)).body,
		async getDated(url, qs) {
			const { body, headers } = await request(url, qs);
			return { body, at: serverSeconds(headers) };
		},
		// Time left means some: with a budget of 0 only the first read is made.
		roomForRead: () => !readMade || Date.now() < deadline,
		countRead: () => {
			readMade = true;
		},
		deadline,
	};
}

/**
 * The server's clock, which dates flips and pings: a response's Date header (whole seconds,
 * as HTTP sends it), or this machine's clock when there is none.
 */
export function serverSeconds(headers: IDataObject | undefined): number {
	const date = Date.parse(String(headers?.date ?? ''));
	return Math.floor((Number.isNaN(date) ? Date.now() : date) / 1000);
}
