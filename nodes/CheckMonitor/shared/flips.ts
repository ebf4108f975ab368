/**
 * New flips of a check, exactly once. Flips have no id and whole-second timestamps, and
 * a timeout's "down" flip is written later with the (earlier) due time, so each check
 * keeps a floor (UNIX seconds) and the multiset of flips seen at or after it. A poll asks
 * the server only for flips at or after the floor (`start`, inclusive) and reports those
 * beyond the counts already seen; the floor then follows the newest flip, minus a
 * look-back window for late-written flips.
 */
import type { IDataObject } from 'n8n-workflow';

export interface FlipCursor {
	floor: number;
	/** "timestamp|up" -> how many such flips were seen. */
	seen: Record<string, number>;
}

export interface Flip {
	timestamp: string;
	up: number;
}

/** How a cursor counts a flip it has seen. */
export const flipKey = (flip: Flip) => `${flip.timestamp}|${flip.up}`;
export const flipSeconds = (flip: Flip) => Math.floor(Date.parse(flip.timestamp) / 1000);

/** Both shapes: `{flips: [...]}` (the real server) and a bare array (the spec). */
export function flipsOf(body: unknown): Flip[] {
	const list = Array.isArray(body) ? body : (body as IDataObject | undefined)?.flips;
	if (!Array.isArray(list)) return [];
	return (list as IDataObject[])
		.filter((f) => f?.timestamp !== undefined)
		.map((f) => ({ timestamp: String(f.timestamp), up: Number(f.up) }));
}

/**
 * Chronological order. The server lists flips newest first with whole-second timestamps,
 * so flips within one second keep their reversed server order.
 */
export function oldestFirst(flips: Flip[]): Flip[] {
	return [...flips].reverse().sort((a, b) => flipSeconds(a) - flipSeconds(b));
}

/** The newest flip, if any. */
export function newestFlip(flips: Flip[]): Flip[] {
	return [...flips].sort((a, b) => flipSeconds(b) - flipSeconds(a)).slice(0, 1);
}

export function newFlips(
	cursor: FlipCursor,
	flips: Flip[],
	lookBackSeconds: number,
): { fresh: Flip[]; cursor: FlipCursor } {
	const remaining = { ...cursor.seen };
	const fresh: Flip[] = [];
	// Oldest first, so the output is chronological.
	for (const flip of oldestFirst(flips)) {
		if (flipSeconds(flip) < cursor.floor) continue;
		const key = flipKey(flip);
		if ((remaining[key] ?? 0) > 0) remaining[key]--;
		else fresh.push(flip);
	}
	const newest = flips.reduce((max, f) => Math.max(max, flipSeconds(f)), cursor.floor);
	const floor = Math.max(cursor.floor, newest - lookBackSeconds);
	const seen: Record<string, number> = {};
	for (const flip of flips) {
		if (flipSeconds(flip) < floor) continue;
		seen[flipKey(flip)] = (seen[flipKey(flip)] ?? 0) + 1;
	}
	return { fresh, cursor: { floor, seen } };
}

/**
 * What a flip changed the check to. `up` is 1 only for a change to "up"; the server writes
 * pauses, resumes and downs all as 0. The newest flip is named from the check's current
 * status, and a flip just before a resume must have been the pause.
 */
export function describeFlips(flips: Flip[], currentStatus: string | undefined): string[] {
	const to: string[] = flips.map((f) => (f.up === 1 ? 'up' : 'not up'));
	const last = flips.length - 1;
	if (last >= 0 && flips[last].up !== 1) {
		if (currentStatus === 'paused') to[last] = 'paused';
		else if (currentStatus === 'new') to[last] = 'new';
		else if (currentStatus === 'down') to[last] = 'down';
	}
	for (let i = last - 1; i >= 0; i--) {
		if (flips[i].up !== 1 && to[i + 1] === 'new') to[i] = 'paused';
	}
	return to;
}
