/**
 * Late checks as Late Check reads and emits them. The server computes a check's status when
 * it is read: `grace` once its period has passed (its timeout, or its schedule's next time
 * after the last ping) and until its grace time is over, when it reads `down`
 * (docs/api/check-monitor.md, "When a check is late"). It never notifies of it.
 *
 * A lateness is known by the last ping it follows: a ping ends it, so a check late again
 * later is late after another ping. The list and a check's read both carry everything the
 * item needs: Late Check reads nothing else.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';
import { checkIdOf } from './listedChecks';

export const isLate = (check: IDataObject) => check.status === 'grace';

/** What tells one lateness of a check from another: the last ping it follows. */
export const latenessOf = (check: IDataObject) => String(check.last_ping ?? check.next_ping ?? '');

/** An instant (UNIX seconds) as the server writes one: whole seconds, `+00:00`. */
const serverTime = (seconds: number) =>
	`${new Date(Math.round(seconds * 1000)).toISOString().slice(0, 19)}+00:00`;

/** A time the server wrote, in UNIX seconds (NaN when there is none). */
const secondsOf = (time: unknown) => Date.parse(String(time)) / 1000;

/**
 * When the check became late (UNIX seconds): a simple check's last ping plus its timeout; a cron or
 * OnCalendar check's `next_ping`, the time its schedule fired (the node does not read
 * schedules). `next_ping` is a running start's time instead when that is earlier, so a
 * scheduled check still running since a start from before it was due shows that start.
 */
export function lateSince(check: IDataObject): number {
	const lastPing = secondsOf(check.last_ping);
	if (typeof check.timeout === 'number' && !Number.isNaN(lastPing)) return lastPing + check.timeout;
	return secondsOf(check.next_ping);
}

export function lateItem(check: IDataObject): INodeExecutionData {
	const since = lateSince(check);
	// The server's own time the check goes down (`next_ping` plus grace), a start's included.
	const downAt = secondsOf(check.next_ping) + Number(check.grace);
	return {
		json: {
			// The check's fields New Flip's item gives.
			check: {
				id: checkIdOf(check),
				uuid: check.uuid,
				unique_key: check.unique_key,
				name: check.name,
				slug: check.slug,
				tags: check.tags,
				status: check.status,
			},
			lateSince: Number.isNaN(since) ? null : serverTime(since),
			downAt: Number.isNaN(downAt) ? null : serverTime(downAt),
			lastPing: check.last_ping ?? null,
		},
	};
}

/** The items of late checks, oldest lateness first (then by id, the order the triggers walk checks in). */
export function lateItems(checks: IDataObject[]): INodeExecutionData[] {
	return checks
		.map((check) => ({ check, at: lateSince(check) }))
		.sort(
			(a, b) => (a.at || 0) - (b.at || 0) || checkIdOf(a.check).localeCompare(checkIdOf(b.check)),
		)
		.map(({ check }) => lateItem(check));
}
