/**
 * Late Check (Check Monitor Trigger, either scope) in a test on the virtual clock: a poller
 * with its parameters, the items as [check name, lateSince, downAt], checks with numbered
 * UUIDs (late a minute after a ping unless said), and a poll a minute later with only its own
 * requests in the log.
 */
import type { IDataObject } from 'n8n-workflow';
import { createPoller } from '../../harness/engine';
import type { useCheckMonitorServer } from './setup';
import type { useVirtualClock } from './virtualClock';

export type LatePoller = ReturnType<typeof createPoller>;
type Batches = Awaited<ReturnType<LatePoller['poll']>>;

export function lateCheckTrigger(
	{ server, credentials }: ReturnType<typeof useCheckMonitorServer>,
	clock: ReturnType<typeof useVirtualClock>,
) {
	const uuidOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
	return {
		poller: (
			parameters: Record<string, unknown> = {},
			more: { apiKey?: string; staticData?: IDataObject } = {},
		) =>
			createPoller({
				type: 'checkMonitorTrigger',
				parameters: { event: 'lateCheck', ...parameters } as never,
				credentials: credentials(more.apiKey),
				staticData: more.staticData,
			}),
		/** [check name, lateSince, downAt] of each item. */
		late: (batches: Batches) =>
			(batches?.[0] ?? []).map((i) => [
				(i.json.check as { name: string }).name,
				i.json.lateSince,
				i.json.downAt,
			]),
		uuidOf,
		/** Check n: UUID ending in n, named `c<n>`, a timeout of 60 s and a grace of 10 minutes unless given. */
		seed: (n: number, fields: Record<string, unknown> = {}) =>
			server.seedCheck({ uuid: uuidOf(n), name: `c${n}`, timeout: 60, grace: 600, ...fields }),
		/** The server's time `seconds` from now, as it writes times. */
		at: (seconds = 0) =>
			`${new Date(clock.now() + seconds * 1000).toISOString().slice(0, 19)}+00:00`,
		/** `seconds` on (a minute unless given), a poll, with only its own requests in the log. */
		later: async (trigger: LatePoller, seconds = 60) => {
			clock.advance(seconds);
			server.clearLog();
			return await trigger.poll();
		},
	};
}
