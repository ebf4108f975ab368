/**
 * New Flip (Check Monitor Trigger, either scope) in a test on the real clock: a poller with
 * its parameters, the items as [check name, up, to], checks with numbered UUIDs, and which
 * checks' flips (or the checks themselves) a poll read.
 */
import type { IDataObject } from 'n8n-workflow';
import { createPoller } from '../../harness/engine';
import type { useCheckMonitorServer } from './setup';

/** Not paced unless a test says so. */
export const FAST = { requestsPerMinute: 600_000 };

export interface FlipPollerMore {
	apiKey?: string;
	pollBudgetMs?: number | 'unavailable';
	staticData?: IDataObject;
}

export function flipTrigger({ server, credentials }: ReturnType<typeof useCheckMonitorServer>) {
	const uuidOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
	const nameOf = (path: string) => server.checks.get(path.split('/')[4])?.name ?? path;
	return {
		poller: (parameters: Record<string, unknown>, more: FlipPollerMore = {}) =>
			createPoller({
				type: 'checkMonitorTrigger',
				parameters: { event: 'newFlip', options: FAST, ...parameters } as never,
				credentials: credentials(more.apiKey),
				pollBudgetMs: more.pollBudgetMs,
				staticData: more.staticData,
			}),
		/** [check name, up, to] of each item. */
		flips: (batches: Array<Array<{ json: IDataObject }>> | null) =>
			(batches?.[0] ?? []).map((i) => [
				(i.json.check as { name: string }).name,
				i.json.up,
				i.json.to,
			]),
		/** A check with a uuid of our choosing, so that id order is known: c(1) < c(2) < ... */
		uuidOf,
		seed: (n: number, fields: Record<string, unknown> = {}) =>
			server.seedCheck({ uuid: uuidOf(n), name: `c${n}`, ...fields }),
		/** The names of the checks whose flips were read (the path, for a check deleted since). */
		flipsRead: () =>
			server.requests.filter((r) => r.path.endsWith('/flips/')).map((r) => nameOf(r.path)),
		/** The names of the checks read on their own (to name a flip). */
		checksRead: () =>
			server.requests
				.filter((r) => /^\/api\/v3\/checks\/[^/]+$/.test(r.path))
				.map((r) => nameOf(r.path)),
		setStatus: (check: { uuid: string }, status: string) =>
			server['setStatus'](server.checks.get(check.uuid)!, status as never),
	};
}
