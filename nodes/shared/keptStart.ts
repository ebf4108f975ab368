/**
 * How a trigger's active poll starts under n8n's schedulers: the one module that knows them,
 * called by each trigger node's poll (docs/triggers.md, "Starting under n8n's schedulers").
 * What it works around, read in n8n 2.41.1 and run on 2.41.1 and 1.123.81:
 * - the durable scheduler (opt-in from n8n 2.36, on by default from 2.45) commits no state for
 *   the poll it runs at activation when that poll emits nothing: the start is kept here and in
 *   the workflow's global static data, and a poll without state goes on from it;
 * - a node's polls overlap (the durable scheduler's activation poll and its first task, a task
 *   abandoned at N8N_SCHEDULER_POLL_TIMEOUT, the in-memory scheduler's timers, which never wait):
 *   polls of one node take turns in this process;
 * - a durable task is handed the state as committed when it began, which can be before the
 *   last poll's emit was committed: a poll handed a state that a poll here emitted from ends
 *   with nothing;
 * - on another main a later start can be taken while the activation poll takes its own: the
 *   earlier one is gone on from.
 * Under the in-memory scheduler (every version) only the turns matter: the activation's
 * state is saved anyway, so the kept start changes nothing there.
 */
import { sleep, type IDataObject, type IPollFunctions } from 'n8n-workflow';
import { pollBudgetMs, pollDeadline } from './pollDeadline';

/** The workflow's global static data entry: per node id, the last start taken. */
export const KEPT_STARTS = 'n8n-nodes-engagement-monitor.starts';

/**
 * In the node's static data: when the start its state goes on from is (a `Moment`), as long as
 * no poll has emitted since.
 */
export const UNEMITTED_START = 'unemittedStart';

/**
 * In the node's static data: which emit the state is from (a number each poll that emits
 * raises), so that a poll can tell a state another poll already emitted from.
 */
export const EMIT_VERSION = 'emitVersion';

/** A poll still running after this long (n8n gives an activation poll 5 minutes) hung: it is given up. */
const RUNNING_LIMIT_MS = 10 * 60_000;

/**
 * How long after a poll here emitted, a poll handed the state it emitted from takes that state
 * for one read before n8n committed the emit (n8n's shortest interval: a poll a minute later
 * reads what was committed).
 */
const STALE_COPY_MS = 60_000;

/**
 * When a start is: `at` on the clock that dates the records (ms since the epoch; whole seconds
 * when it is the server's), and, to order two starts of the same second, `readAt`, when its
 * reads were over by the clock of the n8n that took it.
 */
interface Moment {
	at: number;
	readAt: number;
}

interface Kept {
	key: string;
	/** The node's static data once the start was taken. */
	data: IDataObject;
	/** Absent in a start kept by an earlier version. */
	moment?: Moment;
}

const before = (a: Moment, b: Moment) => a.at < b.at || (a.at === b.at && a.readAt < b.readAt);

interface Running {
	since: number;
	takingStart: boolean;
	ended: Promise<void>;
}

/** Per workflow and node, in this n8n process: the poll running, the last start taken, the last emit within its poll's time. */
const running = new Map<string, Running>();
const keptHere = new Map<string, Kept>();
const emittedHere = new Map<string, { key: string; from: unknown; at: number }>();

export interface StartedPoll<T> {
	/** The event and filter the node's state belongs to. */
	key: string;
	/** Whether the node's static data holds state for `key`. */
	hasState: () => boolean;
	/**
	 * Takes the start: reads what it needs and writes the node's state for `key`. Emits nothing.
	 * May return when the start is (ms since the epoch, on the clock that dates the records);
	 * else it is when the reads were over, by this machine's clock.
	 */
	takeStart: () => Promise<number | void>;
	/** A poll that goes on from the node's state. */
	goOn: () => Promise<T | null>;
}

const copy = (data: IDataObject) => JSON.parse(JSON.stringify(data)) as IDataObject;

/**
 * A poll in trigger mode: it goes on from the node's state, or from a start kept for it, or
 * takes the start (and emits nothing). Ends with nothing when another poll of the node runs in
 * this process: after a start being taken, only once its own time is over.
 */
export async function pollFromStart<T>(
	context: IPollFunctions,
	poll: StartedPoll<T>,
): Promise<T | null> {
	const slot = `${context.getWorkflow().id}\u0000${context.getNode().id}`;
	// It waits for another poll's start as long as it could read.
	const deadline = pollDeadline(context);
	// After a start being taken, this poll goes on from it. After any other poll it does not
	// wait: its copy of the state was read when it began (n8n's durable scheduler prefetches it)
	// and would miss what that poll commits. The next poll covers its window.
	for (let other = runningIn(slot); other; other = runningIn(slot)) {
		if (!other.takingStart || Date.now() >= deadline) return null;
		await Promise.race([other.ended, sleep(100)]);
	}
	let end!: () => void;
	const mine: Running = {
		since: Date.now(),
		takingStart: false,
		ended: new Promise<void>((resolve) => (end = resolve)),
	};
	running.set(slot, mine);
	const budgetEnd = mine.since + pollBudgetMs(context);
	try {
		const nodeData = context.getWorkflowStaticData('node');
		// A state a poll here emitted from a moment ago: n8n read it for this poll before it
		// committed that emit; going on would emit it again. Ends with the state untouched (so
		// n8n commits nothing); the next poll reads the committed one.
		const from = nodeData[EMIT_VERSION];
		const spent = emittedHere.get(slot);
		if (spent?.key === poll.key && spent.from === from && Date.now() - spent.at < STALE_COPY_MS)
			return null;
		if (resume(context, slot, poll)) {
			const result = await poll.goOn();
			if (result !== null) {
				delete nodeData[UNEMITTED_START];
				nodeData[EMIT_VERSION] = (typeof from === 'number' ? from : 0) + 1;
				// Past its time n8n may have dropped the result (an abandoned poll): its state is not spent.
				if (Date.now() < budgetEnd) emittedHere.set(slot, { key: poll.key, from, at: Date.now() });
			}
			return result;
		}
		mine.takingStart = true;
		delete nodeData[UNEMITTED_START];
		const at = await poll.takeStart();
		const moment: Moment = { at: at ?? Date.now(), readAt: Date.now() };
		if (poll.hasState()) {
			nodeData[UNEMITTED_START] = moment as unknown as IDataObject;
			keep(context, slot, { key: poll.key, data: copy(nodeData), moment });
		}
		return null;
	} finally {
		end();
		if (running.get(slot) === mine) running.delete(slot);
	}
}

function runningIn(slot: string): Running | undefined {
	const other = running.get(slot);
	return other && Date.now() - other.since < RUNNING_LIMIT_MS ? other : undefined;
}

/**
 * Puts the state this poll goes on from into the node's static data; false when there is none
 * and the poll takes the start.
 */
function resume(context: IPollFunctions, slot: string, poll: StartedPoll<unknown>): boolean {
	const nodeData = context.getWorkflowStaticData('node');
	const nodeId = context.getNode().id;
	const saved = (
		context.getWorkflowStaticData('global')[KEPT_STARTS] as Record<string, Kept> | undefined
	)?.[nodeId];
	const kept = [keptHere.get(slot), saved].filter(
		(start): start is Kept => start?.key === poll.key && start.data !== undefined,
	);
	const putBack = (start: Kept) => {
		for (const field of Object.keys(nodeData)) delete nodeData[field];
		Object.assign(nodeData, copy(start.data));
	};
	if (poll.hasState()) {
		// The node's state is a start nothing was emitted from, and a start shortly before it is
		// kept: a poll on another main took the node's while the activation poll took the earlier
		// one. The earlier one is gone on from, so what was made between the two is not lost.
		const own = nodeData[UNEMITTED_START] as Moment | undefined;
		const earlier = own
			? kept.filter(
					(start) =>
						start.moment &&
						before(start.moment, own) &&
						own.at - start.moment.at < RUNNING_LIMIT_MS,
				)
			: [];
		if (earlier.length === 0) {
			// State of its own: no kept start is needed any more.
			forget(context, slot, nodeId, () => true);
			return true;
		}
		// Kept until a poll has state of its own again: this one may end without being committed.
		putBack(earlier.reduce((a, b) => (before(b.moment!, a.moment!) ? b : a)));
		return true;
	}
	// A start kept for another event or filter is stale: the node has moved on from it.
	forget(context, slot, nodeId, (start) => start.key !== poll.key);
	if (kept.length === 0) return false;
	putBack(kept[0]);
	return poll.hasState();
}

/** Keeps the start just taken, in this process and in the workflow's global static data (n8n saves it after an activation). */
function keep(context: IPollFunctions, slot: string, start: Kept) {
	keptHere.set(slot, start);
	const global = context.getWorkflowStaticData('global');
	global[KEPT_STARTS] = {
		...(global[KEPT_STARTS] as IDataObject | undefined),
		[context.getNode().id]: start as unknown as IDataObject,
	};
}

/** Drops the kept starts of this node that `stale` says are no longer needed. */
function forget(
	context: IPollFunctions,
	slot: string,
	nodeId: string,
	stale: (start: Kept) => boolean,
) {
	const here = keptHere.get(slot);
	if (here && stale(here)) keptHere.delete(slot);
	const global = context.getWorkflowStaticData('global');
	const starts = global[KEPT_STARTS] as Record<string, Kept> | undefined;
	if (!starts?.[nodeId] || !stale(starts[nodeId])) return;
	const others = Object.fromEntries(Object.entries(starts).filter(([id]) => id !== nodeId));
	if (Object.keys(others).length) global[KEPT_STARTS] = others;
	else delete global[KEPT_STARTS];
}
