/**
 * A trigger's starting point, kept beyond the poll that took it. n8n's durable scheduler
 * drops the state of the poll it runs at activation when that poll emits nothing, and can
 * run a scheduled poll while the activation poll still reads; a poll that finds no state of
 * its own goes on from the start another poll took, here in this process or in the
 * workflow's global static data, instead of taking a later one (docs/triggers.md, "Starting
 * under n8n's schedulers").
 */
import { sleep, type IDataObject, type IPollFunctions } from 'n8n-workflow';

/** The workflow's global static data entry: per node id, the last start taken. */
export const KEPT_STARTS = 'n8n-nodes-engagement-monitor.starts';

/** A start still being taken after this long (n8n gives an activation poll 5 minutes) is given up. */
const TAKING_LIMIT_MS = 10 * 60_000;

interface Kept {
	key: string;
	/** The node's static data once the start was taken. */
	data?: IDataObject;
	/** Settles when the poll taking the start ends. */
	taking?: Promise<void>;
	since: number;
}

/** Per workflow and node, in this n8n process. */
const inProcess = new Map<string, Kept>();

const copy = (data: IDataObject) => JSON.parse(JSON.stringify(data)) as IDataObject;

/**
 * Before a poll in trigger mode reads its state: `continue` when the node has state for
 * `key` (its own, or a kept start just put back), `started` when this poll took the start
 * (with `takeStart`, which writes it into the node's static data; the poll then ends),
 * `busy` when another poll of this node is still taking it after `deadline`.
 */
export async function startOnce(
	context: IPollFunctions,
	key: string,
	hasState: () => boolean,
	takeStart: () => Promise<void>,
	deadline: number,
): Promise<'continue' | 'started' | 'busy'> {
	const nodeData = context.getWorkflowStaticData('node');
	const nodeId = context.getNode().id;
	const slot = `${context.getWorkflow().id}\u0000${nodeId}`;
	// A start kept for another event or filter is stale: the node has moved on from it.
	if (hasState()) forget(context, slot, nodeId, () => true);
	else forget(context, slot, nodeId, (kept) => kept.key !== key);
	if (hasState()) return 'continue';

	let here = inProcess.get(slot);
	while (here?.taking && Date.now() - here.since < TAKING_LIMIT_MS) {
		if (Date.now() >= deadline) return 'busy';
		await Promise.race([here.taking, sleep(100)]);
		here = inProcess.get(slot);
	}
	const saved = (context.getWorkflowStaticData('global')[KEPT_STARTS] as Record<string, Kept> | undefined)?.[nodeId];
	const start = here?.key === key && here.data ? here.data : saved?.key === key ? saved.data : undefined;
	if (start) {
		for (const field of Object.keys(nodeData)) delete nodeData[field];
		Object.assign(nodeData, copy(start));
		if (hasState()) return 'continue';
	}

	let settle!: () => void;
	const entry: Kept = { key, taking: new Promise<void>((resolve) => (settle = resolve)), since: Date.now() };
	inProcess.set(slot, entry);
	try {
		await takeStart();
	} finally {
		settle();
		if (inProcess.get(slot) === entry) inProcess.delete(slot);
	}
	if (!hasState()) return 'started';
	const data = copy(nodeData);
	inProcess.set(slot, { key, data, since: Date.now() });
	const global = context.getWorkflowStaticData('global');
	global[KEPT_STARTS] = { ...(global[KEPT_STARTS] as IDataObject | undefined), [nodeId]: { key, data } };
	return 'started';
}

/** Drops the kept starts of this node that `stale` says are no longer needed. */
function forget(context: IPollFunctions, slot: string, nodeId: string, stale: (kept: Kept) => boolean) {
	const here = inProcess.get(slot);
	if (here && here.taking === undefined && stale(here)) inProcess.delete(slot);
	const global = context.getWorkflowStaticData('global');
	const starts = global[KEPT_STARTS] as Record<string, Kept> | undefined;
	if (!starts?.[nodeId] || !stale(starts[nodeId])) return;
	const others = Object.fromEntries(Object.entries(starts).filter(([id]) => id !== nodeId));
	if (Object.keys(others).length) global[KEPT_STARTS] = others;
	else delete global[KEPT_STARTS];
}
