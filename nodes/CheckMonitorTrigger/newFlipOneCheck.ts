/**
 * New Flip for one check: one flips request per poll (from the cursor's floor), and a read
 * of the check to name it when there is something to report.
 */
import { newestFlip, newFlips } from '../CheckMonitor/shared/flips';
import type { CheckEvent, PollRequests } from './checkEvent';
import { type Direction, flipItems, flipsOfCheck, readCheck } from './flipItems';
import type { FlipAllChecksState } from './newFlipAllChecks';

/** Its state (`state`, key `one:<id>`): the All Checks record with one cursor. */
export type FlipOneCheckState = Pick<FlipAllChecksState, 'key' | 'activatedFloor' | 'checks'>;

export function newFlipOneCheck(
	requests: PollRequests,
	id: string,
	settings: { direction: Direction; lookBackSeconds: number },
): CheckEvent<FlipOneCheckState> {
	const { direction, lookBackSeconds } = settings;
	const key = `one:${id}`;
	return {
		field: 'state',
		key,
		// Fetch Test Event: the newest flip.
		async sample() {
			const newest = newestFlip(await flipsOfCheck(requests, id));
			return newest.length ? flipItems(await readCheck(requests, id), newest, direction) : null;
		},
		// The flips of a Late Flip Window, counted as seen (so a late-written "down" flip dated shortly before activation is reported).
		async start() {
			const floor = Math.floor(Date.now() / 1000) - lookBackSeconds;
			const flips = await flipsOfCheck(requests, id, floor);
			const { cursor } = newFlips({ floor, seen: {} }, flips, lookBackSeconds);
			return { state: { key, activatedFloor: floor, checks: { [id]: cursor } } };
		},
		async poll(stored) {
			const previous = stored.checks[id] ?? { floor: stored.activatedFloor, seen: {} };
			const flips = await flipsOfCheck(requests, id, previous.floor);
			const { fresh, cursor } = newFlips(previous, flips, lookBackSeconds);
			// Name the check only when there is something to report.
			const items = fresh.length ? flipItems(await readCheck(requests, id), fresh, direction) : [];
			return { items, state: { ...stored, checks: { [id]: cursor } } };
		},
	};
}
