/**
 * New Flip for All Checks: each flip of every listed check exactly once, at a cost that
 * follows what changed. Each poll reads the check list and the flips only of checks whose
 * row changed (or that are new); a background sweep reads every check now and then for
 * what the list cannot show. How and why: docs/triggers.md, "New Flip for All Checks".
 */
import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { startOnce } from '../shared/keptStart';
import { type Flip, newestFlip, newFlips } from '../CheckMonitor/shared/flips';
import { checkIdOf, listChecks, listedRowOf, readTags, startingAt } from './listedChecks';
import { checkForNaming, type Direction, flipItems, flipsOfCheck } from './flipItems';
import type { PollRequests } from './pollRequests';
import type { CheckCursor, FlipAllChecksState } from './state';

export interface AllChecksSettings {
	direction: Direction;
	lookBackSeconds: number;
	/** Full Sweep Every, in seconds; 0: no sweep. */
	sweepSeconds: number;
}

export async function pollNewFlipAllChecks(
	this: IPollFunctions,
	requests: PollRequests,
	settings: AllChecksSettings,
): Promise<INodeExecutionData[][] | null> {
	const { direction, lookBackSeconds, sweepSeconds } = settings;
	const nowSeconds = Math.floor(Date.now() / 1000);
	const tags = readTags(this);
	const checks = await listChecks(requests, tags);

	// Any run that is not the active poll (Fetch Test Event, a manual or CLI run): the newest
	// flip of the first check (by id) that has one; the state untouched.
	if (this.getMode() !== 'trigger') {
		for (const check of checks) {
			if (!requests.roomForRead()) break;
			requests.countRead();
			const newest = newestFlip(await flipsOfCheck(requests, checkIdOf(check)));
			if (newest.length) return [flipItems(await checkForNaming(requests, check, newest, direction), newest, direction)];
		}
		return null;
	}

	const staticData = this.getWorkflowStaticData('node');
	const key = `all:${tags.join(' ')}`;
	const storedState = () => staticData.state as unknown as FlipAllChecksState | undefined;
	const started = await startOnce(this, key, () => storedState()?.key === key, async () => {
		// Activation: each check it has time to read starts a Late Flip Window back, its flips
		// so far seen and not emitted (so a late-written "down" flip dated shortly before
		// activation is reported). A check it has no time for starts at this instant and is
		// read at the next polls, as a changed one. There is nothing to sweep yet.
		const activated: FlipAllChecksState = { key, activatedFloor: nowSeconds - lookBackSeconds, polledAt: nowSeconds, checks: {}, sweepStartedAt: nowSeconds };
		for (const check of checks) {
			const id = checkIdOf(check);
			if (!requests.roomForRead()) {
				activated.checks[id] = { floor: nowSeconds, seen: {} };
				continue;
			}
			requests.countRead();
			const { cursor } = newFlips({ floor: activated.activatedFloor, seen: {} }, await flipsOfCheck(requests, id, activated.activatedFloor), lookBackSeconds);
			activated.checks[id] = { ...cursor, listed: listedRowOf(check) };
		}
		staticData.state = activated as unknown as IDataObject;
	}, requests.deadline);
	if (started !== 'continue') return null;
	const stored = storedState()!;
	const state: FlipAllChecksState = { ...stored, checks: { ...stored.checks } };
	// A check listed for the first time (created, or tagged into the filter) starts where the
	// last poll started: one created since then reports its flips; one that left the filter
	// and came back does not report again what was emitted before it left.
	const firstListed = state.polledAt ?? state.activatedFloor;
	const interval = state.polledAt === undefined ? 0 : nowSeconds - state.polledAt;
	const items: INodeExecutionData[] = [];
	const read = new Set<string>();

	const readFlips = async (check: IDataObject) => {
		const id = checkIdOf(check);
		requests.countRead();
		const previous = state.checks[id] ?? { floor: firstListed, seen: {} };
		const flips = await flipsOfCheck(requests, id, previous.floor);
		const { fresh, cursor } = newFlips(previous, flips, lookBackSeconds);
		if (fresh.length) items.push(...flipItems(await checkForNaming(requests, check, fresh, direction), fresh, direction));
		state.checks[id] = { ...cursor, ...rowToRecord(previous, check, flips, nowSeconds, lookBackSeconds) };
		read.add(id);
	};

	// 1. The checks whose row changed, or that are new to the list, from where the last poll stopped.
	const changed = checks.filter((check) => state.checks[checkIdOf(check)]?.listed !== listedRowOf(check));
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
	else if (state.sweepAt === undefined && nowSeconds - state.sweepStartedAt + interval > sweepSeconds) {
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
	staticData.state = state as unknown as IDataObject;
	return items.length ? [items] : null;
}

/**
 * What to keep of the row a check's flips were read after: a check newly listed down whose
 * "down" flip is not written yet keeps no row, so the next polls read it again, for at most
 * a Late Flip Window (docs/triggers.md, "Late down flips").
 */
function rowToRecord(previous: CheckCursor, check: IDataObject, flips: Flip[], nowSeconds: number, lookBackSeconds: number): Pick<CheckCursor, 'listed' | 'downAwaitedSince'> {
	const listed = listedRowOf(check);
	// Newly down: after a row that was not down (a check first listed, or from an earlier
	// version's state, has no row to compare and is not waited for).
	const wasListedUp = previous.listed !== undefined && (JSON.parse(previous.listed) as unknown[])[0] !== 'down';
	const awaited = check.status === 'down' && (wasListedUp || previous.downAwaitedSince !== undefined);
	if (!awaited || newestFlip(flips)[0]?.up === 0) return { listed };
	const since = previous.downAwaitedSince ?? nowSeconds;
	return nowSeconds - since >= lookBackSeconds ? { listed } : { downAwaitedSince: since };
}
