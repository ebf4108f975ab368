/**
 * New Flip for All Checks: each flip of every listed check exactly once, at a cost that
 * follows what changed. Each poll reads the check list and the flips only of checks whose
 * row changed (or that are new); a background sweep reads every check now and then for
 * what the list cannot show. How and why: docs/triggers.md, "New Flip for All Checks".
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';
import {
	type Flip,
	type FlipCursor,
	flipKey,
	flipSeconds,
	newestFlip,
	newFlips,
	oldestFirst,
} from '../CheckMonitor/shared/flips';
import type { CheckEvent, PollRequests } from './checkEvent';
import { checkIdOf, listChecks, listedRowOf, startingAt } from './listedChecks';
import { checkForNaming, type Direction, flipItems, flipsOfCheck } from './flipItems';

/** Its state (`state`): a cursor per listed check, and where the sweep is. */
export interface FlipAllChecksState {
	/** `all:<tags>` */
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

/** One check's cursor: its flips seen (flips.ts), and the row the list showed. */
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

export interface AllChecksSettings {
	direction: Direction;
	lookBackSeconds: number;
	/** Full Sweep Every, in seconds; 0: no sweep. */
	sweepSeconds: number;
}

export function newFlipAllChecks(
	requests: PollRequests,
	tags: string[],
	settings: AllChecksSettings,
): CheckEvent<FlipAllChecksState> {
	const key = `all:${tags.join(' ')}`;
	return {
		field: 'state',
		key,
		// Fetch Test Event: the newest flip of the first check (by id) that has one.
		async sample() {
			const { checks } = await listChecks(requests, tags);
			for (const check of checks) {
				if (!requests.roomForRead()) break;
				requests.countRead();
				const newest = newestFlip(await flipsOfCheck(requests, checkIdOf(check)));
				if (newest.length) {
					const named = await checkForNaming(requests, check, newest, settings.direction);
					return flipItems(named, newest, settings.direction);
				}
			}
			return null;
		},
		async start() {
			const { checks, at } = await listChecks(requests, tags);
			return { state: startAt(key, checks, at), at };
		},
		async poll(stored) {
			const { checks, at } = await listChecks(requests, tags);
			return await pollFrom(stored, checks, at, requests, settings);
		},
	};
}

/** When an item's flip was (UNIX seconds). */
const secondsOf = (item: INodeExecutionData) => Date.parse(String(item.json.timestamp)) / 1000;

/**
 * The start: a point, the check list as read and the server's time. Nothing is read of any
 * check's flips: a flip dated before the start is old by its own date, and of a check's flips
 * dated in the start's own second, the one its listed row shows is old (shownAtStart). There
 * is nothing to sweep yet.
 */
function startAt(key: string, checks: IDataObject[], at: number): FlipAllChecksState {
	const start: FlipAllChecksState = {
		key,
		activatedFloor: at,
		polledAt: at,
		checks: {},
		sweepStartedAt: at,
	};
	for (const check of checks)
		start.checks[checkIdOf(check)] = {
			floor: at,
			seen: {},
			listed: listedRowOf(check),
			atStart: true,
		};
	return start;
}

/** A poll from the stored state, over the check list read at `nowSeconds` (the server's time). */
async function pollFrom(
	stored: FlipAllChecksState,
	checks: IDataObject[],
	nowSeconds: number,
	requests: PollRequests,
	settings: AllChecksSettings,
) {
	const { direction, lookBackSeconds, sweepSeconds } = settings;
	const state: FlipAllChecksState = { ...stored, checks: { ...stored.checks } };
	// A check listed for the first time (created, or tagged into the filter) starts where the
	// last poll read the list: one created since then reports its flips; one that left the
	// filter and came back does not report again what was emitted before it left.
	const firstListed = state.polledAt ?? state.activatedFloor;
	const interval = state.polledAt === undefined ? 0 : nowSeconds - state.polledAt;
	const items: INodeExecutionData[] = [];
	const read = new Set<string>();

	const readFlips = async (check: IDataObject) => {
		const id = checkIdOf(check);
		requests.countRead();
		const previous = state.checks[id] ?? { floor: firstListed, seen: {} };
		const flips = await flipsOfCheck(requests, id, previous.floor);
		const from = previous.atStart
			? { floor: previous.floor, seen: shownAtStart(flips, previous, check) }
			: previous;
		const { fresh, cursor } = newFlips(from, flips, lookBackSeconds);
		if (fresh.length)
			items.push(
				...flipItems(await checkForNaming(requests, check, fresh, direction), fresh, direction),
			);
		state.checks[id] = {
			...cursor,
			...rowToRecord(previous, check, flips, nowSeconds, lookBackSeconds),
		};
		read.add(id);
	};

	// 1. The checks whose row changed, or that are new to the list, from where the last poll stopped.
	const changed = checks.filter(
		(check) => state.checks[checkIdOf(check)]?.listed !== listedRowOf(check),
	);
	state.resumeAt = undefined;
	for (const check of startingAt(changed, stored.resumeAt)) {
		if (!requests.roomForRead()) {
			state.resumeAt = checkIdOf(check);
			break;
		}
		await readFlips(check);
	}
	// New checks this poll had no time for: they start where the last poll started, unread.
	for (const check of checks) state.checks[checkIdOf(check)] ??= { floor: firstListed, seen: {} };

	// 2. The sweep, with the time that is left.
	state.sweepStartedAt ??= nowSeconds;
	if (sweepSeconds <= 0) state.sweepAt = undefined;
	// Start a round at the last poll before the period is over (the next one would be late).
	else if (
		state.sweepAt === undefined &&
		nowSeconds - state.sweepStartedAt + interval > sweepSeconds
	) {
		state.sweepStartedAt = nowSeconds;
		state.sweepAt = '';
	}
	if (state.sweepAt !== undefined) {
		const from = state.sweepAt;
		state.sweepAt = undefined;
		for (const check of checks) {
			const id = checkIdOf(check);
			if (id < from || read.has(id)) continue;
			if (!requests.roomForRead()) {
				state.sweepAt = id;
				break;
			}
			await readFlips(check);
		}
	}

	state.polledAt = nowSeconds;
	// Checks that no longer exist (or no longer match) leave the state.
	const present = new Set(checks.map(checkIdOf));
	for (const id of Object.keys(state.checks)) if (!present.has(id)) delete state.checks[id];
	// Oldest first across checks too (each check's are already; the sort keeps their order within a second).
	items.sort((a, b) => secondsOf(a) - secondsOf(b));
	return { state, items };
}

/**
 * Of a check's flips dated in the start's own second (its floor), the one the row listed at
 * the start already shows, as seen: the list was read within that second, so such a flip can
 * be from before it or after it. A flip to up is from before when the check was listed up (or
 * in grace): it cannot follow an up status. A flip away from up is from before when the check
 * was listed down, paused or new, is its only flip since, and the check still shows that
 * status: one made after the list would have changed it. Every other flip of that second is
 * new: one flip of a start's second too many is reported rather than one lost.
 */
function shownAtStart(
	flips: Flip[],
	cursor: CheckCursor,
	check: IDataObject,
): Record<string, number> {
	const since = oldestFirst(flips).filter((flip) => flipSeconds(flip) >= cursor.floor);
	const first = since[0];
	if (first === undefined || flipSeconds(first) !== cursor.floor || cursor.listed === undefined)
		return {};
	const listedStatus = (JSON.parse(cursor.listed) as unknown[])[0];
	const shown = ['up', 'grace'].includes(String(listedStatus))
		? first.up === 1
		: first.up !== 1 && since.length === 1 && check.status === listedStatus;
	return shown ? { [flipKey(first)]: 1 } : {};
}

/**
 * What to keep of the row a check's flips were read after: a check newly listed down whose
 * "down" flip is not written yet keeps no row, so the next polls read it again, for at most
 * a Late Flip Window (docs/triggers.md, "Late down flips").
 */
function rowToRecord(
	previous: CheckCursor,
	check: IDataObject,
	flips: Flip[],
	nowSeconds: number,
	lookBackSeconds: number,
): Pick<CheckCursor, 'listed' | 'downAwaitedSince'> {
	const listed = listedRowOf(check);
	// Newly down: after a row that was not down (a check first listed, or from an earlier
	// version's state, has no row to compare and is not waited for).
	const wasListedUp =
		previous.listed !== undefined && (JSON.parse(previous.listed) as unknown[])[0] !== 'down';
	const awaited =
		check.status === 'down' && (wasListedUp || previous.downAwaitedSince !== undefined);
	if (!awaited || newestFlip(flips)[0]?.up === 0) return { listed };
	const since = previous.downAwaitedSince ?? nowSeconds;
	return nowSeconds - since >= lookBackSeconds ? { listed } : { downAwaitedSince: since };
}
