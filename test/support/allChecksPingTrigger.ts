/**
 * New Ping for All Checks (Check Monitor Trigger) in a test: a poller by tags, the items' JSON
 * (and each as [check name, n, type]), which checks' pings a poll read, and checks with
 * numbered UUIDs.
 */
import { createPoller } from '../../harness/engine';
import type { useCheckMonitorServer } from './setup';
import type { useVirtualClock } from './virtualClock';

export type Poller = ReturnType<typeof createPoller>;
export type Batches = Awaited<ReturnType<Poller['poll']>>;

export interface PollerOptions {
	/** The trigger's Options (Max Requests per Minute is high unless given: no pacing). */
	options?: Record<string, unknown>;
	pollBudgetMs?: number;
	staticData?: Poller['staticData'];
}

export function allChecksPingTrigger(
	{ server, credentials }: ReturnType<typeof useCheckMonitorServer>,
	clock: ReturnType<typeof useVirtualClock>,
) {
	const uuidOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
	const items = (batches: Batches) => (batches?.[0] ?? []).map(({ json }) => json);
	return {
		poller: (tags: string, more: PollerOptions = {}) =>
			createPoller({
				type: 'checkMonitorTrigger',
				parameters: {
					event: 'newPing',
					scope: 'all',
					tags,
					options: { requestsPerMinute: 600_000, ...more.options },
				} as never,
				credentials: credentials(),
				pollBudgetMs: more.pollBudgetMs,
				staticData: more.staticData,
			}),
		items,
		/** [check name, n, type] of each item. */
		pings: (batches: Batches) =>
			items(batches).map((json) => [(json.check as { name: string }).name, json.n, json.type]),
		/** The names of the checks whose pings were read (the path, for a check deleted since). */
		pingsRead: () =>
			server.requests
				.filter((r) => r.path.endsWith('/pings/'))
				.map((r) => server.checks.get(r.path.split('/')[4])?.name ?? r.path),
		/** Check n: UUID ending in n, named `c<n>`. */
		seed: (n: number, tags = '') => server.seedCheck({ uuid: uuidOf(n), name: `c${n}`, tags }),
		retag: (uuid: string, tags: string) => {
			server.checks.get(uuid)!.tags = tags;
		},
		/** A minute on, a poll, with only its own requests in the log. */
		minuteLater: async (trigger: Poller) => {
			clock.advance(60);
			server.clearLog();
			return await trigger.poll();
		},
	};
}
