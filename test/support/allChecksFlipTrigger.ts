/**
 * New Flip for All Checks (Check Monitor Trigger) in a test: a poller with its Options, the
 * items as [check name, up, to], which checks' flips a poll read, and checks with numbered
 * UUIDs. The clock is virtual: polls a minute apart, an hour in a second.
 */
import type { IDataObject } from 'n8n-workflow';
import { newFlips } from '../../nodes/CheckMonitor/shared/flips';
import { listedRowOf } from '../../nodes/CheckMonitorTrigger/listedChecks';
import { createPoller } from '../../harness/engine';
import { type CheckMonitorServer, isoSeconds } from '../../harness/servers/checkMonitorServer';
import type { useCheckMonitorServer } from './setup';
import type { useVirtualClock } from './virtualClock';

export type FlipPoller = ReturnType<typeof createPoller>;
type Batches = Awaited<ReturnType<FlipPoller['poll']>>;

export interface FlipPollerMore {
	pollBudgetMs?: number;
	staticData?: IDataObject;
	tags?: string;
}

export function allChecksFlipTrigger(
	{ server, credentials }: ReturnType<typeof useCheckMonitorServer>,
	clock: ReturnType<typeof useVirtualClock>,
) {
	const uuidOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
	return {
		/** Max Requests per Minute is high unless given: no pacing. */
		poller: (options: Record<string, unknown> = {}, more: FlipPollerMore = {}) =>
			createPoller({
				type: 'checkMonitorTrigger',
				parameters: {
					event: 'newFlip',
					scope: 'all',
					tags: more.tags ?? '',
					options: { requestsPerMinute: 600_000, ...options },
				} as never,
				credentials: credentials(),
				pollBudgetMs: more.pollBudgetMs,
				staticData: more.staticData,
			}),
		/** [check name, up, to] of each item. */
		flips: (batches: Batches) =>
			(batches?.[0] ?? []).map((i) => [
				(i.json.check as { name: string }).name,
				i.json.up,
				i.json.to,
			]),
		uuidOf,
		/** Check n: UUID ending in n, named `c<n>`. */
		seed: (n: number, fields: Record<string, unknown> = {}) =>
			server.seedCheck({ uuid: uuidOf(n), name: `c${n}`, ...fields }),
		/** The names of the checks whose flips were read (the path, for a check deleted since). */
		flipsRead: () =>
			server.requests
				.filter((r) => r.path.endsWith('/flips/'))
				.map((r) => server.checks.get(r.path.split('/')[4])?.name ?? r.path),
		/** A minute on, a poll, with only its own requests in the log. */
		minuteLater: async (trigger: FlipPoller) => {
			clock.advance(60);
			server.clearLog();
			return await trigger.poll();
		},
	};
}

/**
 * The state earlier versions wrote when they took the start at `now` (UNIX seconds): every
 * listed check's flips of a Late Flip Window read and counted as seen. With `rows` the
 * version whose activation read every check after the list (1 + N requests) and kept each
 * check's listed row; without, the one before it, which kept no rows and had no sweep.
 */
export function startOfEarlierVersion(
	server: CheckMonitorServer,
	now: number,
	more: { rows: boolean; lookBackSeconds?: number; tags?: string },
): IDataObject {
	const lookBackSeconds = more.lookBackSeconds ?? 3600;
	const floor = now - lookBackSeconds;
	const tags = (more.tags ?? '').split(' ').filter(Boolean);
	const checks: Record<string, IDataObject> = {};
	for (const check of server.checks.values()) {
		if (!tags.every((tag) => check.tags.split(' ').includes(tag))) continue;
		// As the server lists them: newest first.
		const flips = [...check.flips]
			.reverse()
			.map((flip) => ({ timestamp: isoSeconds(flip.created)!, up: flip.up }));
		const { cursor } = newFlips(
			{ floor, seen: {} },
			flips.filter((flip) => Date.parse(flip.timestamp) / 1000 >= floor),
			lookBackSeconds,
		);
		const row = {
			status: server.computedStatus(check),
			n_pings: check.n_pings,
			last_ping: isoSeconds(check.last_ping),
			started: check.last_start !== null,
		};
		checks[check.uuid] = more.rows ? { ...cursor, listed: listedRowOf(row) } : { ...cursor };
	}
	const state: IDataObject = {
		key: `all:${tags.join(' ')}`,
		activatedFloor: floor,
		polledAt: now,
		checks,
	};
	if (more.rows) state.sweepStartedAt = now;
	return { 'node:Trigger': { state } };
}
