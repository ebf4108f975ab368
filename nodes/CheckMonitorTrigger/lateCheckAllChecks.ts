/**
 * Late Check for All Checks: each lateness of every listed check exactly once. Every poll is
 * the check list alone, one request whatever the number of checks and whatever changed: the
 * list shows which checks are late and carries what their items need (docs/triggers.md,
 * "Late Check").
 */
import type { IDataObject } from 'n8n-workflow';
import type { CheckEvent, PollRequests } from './checkEvent';
import { checkIdOf, listChecks } from './listedChecks';
import { isLate, lateItems, latenessOf, lateSince } from './lateItems';

/** Its state (`lateState`), as the last poll listed the checks. */
export interface LateAllChecksState {
	/** `late:all:<tags>` */
	key: string;
	/** When the last poll read the list (UNIX seconds, the server's clock). */
	polledAt: number;
	/** Every check the last poll listed: the lateness it was in (its last ping), or '' when it was not late. */
	checks: Record<string, string>;
}

export function lateCheckAllChecks(
	requests: PollRequests,
	tags: string[],
): CheckEvent<LateAllChecksState> {
	const key = `late:all:${tags.join(' ')}`;
	const stateOf = (checks: IDataObject[], at: number): LateAllChecksState => ({
		key,
		polledAt: at,
		checks: Object.fromEntries(
			checks.map((check) => [checkIdOf(check), isLate(check) ? latenessOf(check) : '']),
		),
	});
	return {
		field: 'lateState',
		key,
		// Fetch Test Event: the check late most recently.
		async sample() {
			const newest = lateItems((await listChecks(requests, tags)).checks.filter(isLate)).at(-1);
			return newest ? [newest] : null;
		},
		// The start: every check as listed, a late one with the lateness it is in (not new).
		async start() {
			const { checks, at } = await listChecks(requests, tags);
			return { state: stateOf(checks, at), at };
		},
		async poll(stored) {
			const { checks, at } = await listChecks(requests, tags);
			const fresh = checks.filter((check) => isLate(check) && isNew(stored, check));
			return { items: lateItems(fresh), state: stateOf(checks, at) };
		},
	};
}

/**
 * A late check's lateness is new unless the last poll listed the check in it. A check the last
 * poll did not list (created, or tagged into the filter since) was late before that poll's list
 * when its lateness began before it (on the server's clock): that is not new.
 */
function isNew(stored: LateAllChecksState, check: IDataObject): boolean {
	const known = stored.checks[checkIdOf(check)];
	if (known !== undefined) return known !== latenessOf(check);
	const began = lateSince(check);
	return Number.isNaN(began) || began >= stored.polledAt;
}
