/**
 * What each Check Monitor Trigger event keeps in the node's static data between polls.
 * Each record carries the key of the event and filter it belongs to: a poll that finds
 * another key starts afresh (docs/triggers.md, "State").
 */
import type { FlipCursor } from '../CheckMonitor/shared/flips';

/** New Ping, one check (`pingState`, key `ping:<id>`). */
export interface PingOneCheckState {
	key: string;
	/** The highest ping number emitted or known at activation. */
	lastN: number;
}

/** New Ping, all checks (`pingState`, key `ping:all:<tags>`). */
export interface PingAllChecksState {
	key: string;
	/** When the last poll started (UNIX seconds). */
	polledAt: number;
	/** Per check: the highest ping number emitted, or known when the check was first read. */
	lastN: Record<string, number>;
	/** Checks listed but not read yet: their pings dated from this instant on are new. */
	since?: Record<string, number>;
	/** The check to start with next time, when a poll ran out of time. */
	resumeAt?: string;
}

/** New Flip, one check's cursor within the All Checks record. */
export interface CheckCursor extends FlipCursor {
	/** The row the list showed when the flips were last read (absent: read it at the next poll). */
	listed?: string;
	/** Since when (UNIX seconds) the list shows the check newly down without its flip written yet. */
	downAwaitedSince?: number;
	/**
	 * The cursor is the start's, its flips not read since: of those dated at the floor (the
	 * start's second), the one `listed` shows is not new.
	 */
	atStart?: true;
}

/** New Flip, all checks (`state`, key `all:<tags>`). */
export interface FlipAllChecksState {
	key: string;
	/**
	 * Where a check first listed starts when `polledAt` is absent (UNIX seconds). All Checks:
	 * the start, the server's time of its list. One Check, and All Checks states written before
	 * the start was a point: the activation less a Late Flip Window.
	 */
	activatedFloor: number;
	/** When the last poll read the list (UNIX seconds; the server's time, this machine's in older states); absent in older states. */
	polledAt?: number;
	checks: Record<string, CheckCursor>;
	/** The changed check to start with next time, when a poll ran out of time. */
	resumeAt?: string;
	/** When the current (or last) sweep round started (UNIX seconds). */
	sweepStartedAt?: number;
	/** The id the current sweep round goes on at; absent when no round is under way. */
	sweepAt?: string;
}

/** New Flip, one check (`state`, key `one:<id>`): the All Checks record with one cursor. */
export type FlipOneCheckState = Pick<FlipAllChecksState, 'key' | 'activatedFloor' | 'checks'>;

/** Late Check, all checks (`lateState`, key `late:all:<tags>`). */
export interface LateAllChecksState {
	key: string;
	/** When the last poll read the list (UNIX seconds, the server's time). */
	polledAt: number;
	/** Every check the last poll listed: the lateness it was in (its last ping), or '' when it was not late. */
	checks: Record<string, string>;
}

/** Late Check, one check (`lateState`, key `late:one:<id>`). */
export interface LateOneCheckState {
	key: string;
	/** The lateness the check was in at the last poll (its last ping), or '' when it was not late. */
	lateness: string;
}
