/**
 * The polls a trigger made, as a stand-in server saw them: each request stamped with its
 * arrival time, and a poll starting at each request that only a poll's start makes (page 1
 * of a list, a check list, a check's flips or pings). The end-to-end tier uses it to measure
 * what each poll cost and to know that a poll has run since a moment, never to decide when
 * a poll is over: a poll may start while another one still reads (n8n's schedulers allow it),
 * and only what n8n did tells them apart (scripts/e2e/triggers.ts).
 */
import type { LoggedRequest } from '../../harness/servers/apiServer';

export interface Poll {
	requests: LoggedRequest[];
	/** Arrival of the poll's first and last request so far (ms since the epoch). */
	firstAt: number;
	lastAt: number;
}

export class PollLog {
	private readonly times: number[] = [];

	private readonly skipped = new Set<number>();

	constructor(
		private readonly server: { requests: LoggedRequest[] },
		private readonly startsPoll: (request: LoggedRequest) => boolean,
	) {
		const log = server.requests;
		const push = log.push.bind(log);
		log.push = (...items: LoggedRequest[]) => {
			for (let i = 0; i < items.length; i++) this.times.push(Date.now());
			return push(...items);
		};
	}

	get count(): number {
		return this.server.requests.length;
	}

	/** Leave requests out of the polls (a manual run's, Fetch Test Event's). */
	skip(from: number, to = this.count): void {
		for (let i = from; i < to; i++) this.skipped.add(i);
	}

	polls(): Poll[] {
		const polls: Poll[] = [];
		this.server.requests.forEach((request, i) => {
			if (this.skipped.has(i)) return;
			if (this.startsPoll(request) || polls.length === 0)
				polls.push({ requests: [], firstAt: this.times[i] ?? Date.now(), lastAt: 0 });
			const poll = polls[polls.length - 1];
			poll.requests.push(request);
			poll.lastAt = this.times[i] ?? Date.now();
		});
		return polls;
	}

	/** Whether a poll started after `since` (ms since the epoch) and has made no request for `quietMs` (or another poll started after it). */
	pollSince(since: number, quietMs: number): boolean {
		const polls = this.polls();
		const index = polls.findIndex((poll) => poll.firstAt > since);
		return (
			index !== -1 && (index < polls.length - 1 || Date.now() - polls[index].lastAt >= quietMs)
		);
	}
}

/** A request that starts a poll of this package's triggers. */
export const startsPoll = {
	/** Customer Engagement lists: every poll reads page 1 first. */
	list: (request: LoggedRequest) =>
		request.query.some(([key, value]) => key === 'page' && value === '1'),
	/** All Checks: the check list. */
	checkList: (request: LoggedRequest) => /^\/api\/v3\/checks\/?$/.test(request.path),
	/** One check: its flips, or its pings (not a ping's body). */
	oneCheck: (request: LoggedRequest) => /\/(flips|pings)\/$/.test(request.path),
	/** Late Check of one check: the check's own read. */
	check: (request: LoggedRequest) => /^\/api\/v3\/checks\/[^/]+$/.test(request.path),
};
