/**
 * Late Check for All Checks: each lateness of every listed check exactly once. Every poll is
 * the check list alone, one request whatever the number of checks and whatever changed: the
 * list shows which checks are late and carries what their items need (docs/triggers.md,
 * "Late Check").
 */
import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { pollFromStart } from '../shared/keptStart';
import { checkIdOf, listChecks, readTags } from './listedChecks';
import { isLate, lateItems, latenessOf, lateSinceMs } from './lateItems';
import type { PollRequests } from './pollRequests';
import type { LateAllChecksState } from './state';

export async function pollLateCheckAllChecks(
	this: IPollFunctions,
	requests: PollRequests,
): Promise<INodeExecutionData[][] | null> {
	const tags = readTags(this);

	// Any run that is not the active poll (Fetch Test Event, a manual or CLI run): the check
	// late most recently; the state untouched.
	if (this.getMode() !== 'trigger') {
		const newest = lateItems((await listChecks(requests, tags)).checks.filter(isLate)).at(-1);
		return newest ? [[newest]] : null;
	}

	const staticData = this.getWorkflowStaticData('node');
	const key = `late:all:${tags.join(' ')}`;
	const storedState = () => staticData.lateState as unknown as LateAllChecksState | undefined;
	return await pollFromStart(this, {
		key,
		hasState: () => storedState()?.key === key,
		deadline: requests.deadline,
		// The start: every check as listed, a late one with the lateness it is in (not new).
		takeStart: async () => {
			const { checks, at } = await listChecks(requests, tags);
			staticData.lateState = stateOf(key, checks, at) as unknown as IDataObject;
			return at * 1000;
		},
		goOn: async () => {
			const stored = storedState()!;
			const { checks, at } = await listChecks(requests, tags);
			const fresh = checks.filter((check) => isLate(check) && isNew(stored, check));
			staticData.lateState = stateOf(key, checks, at) as unknown as IDataObject;
			return fresh.length ? [lateItems(fresh)] : null;
		},
	});
}

function stateOf(key: string, checks: IDataObject[], at: number): LateAllChecksState {
	const state: LateAllChecksState = { key, polledAt: at, checks: {} };
	for (const check of checks)
		state.checks[checkIdOf(check)] = isLate(check) ? latenessOf(check) : '';
	return state;
}

/**
 * A late check's lateness is new unless the last poll listed the check in it. A check the last
 * poll did not list (created, or tagged into the filter since) was late before that poll's list
 * when its lateness began before it (on the server's clock): that is not new.
 */
function isNew(stored: LateAllChecksState, check: IDataObject): boolean {
	const known = stored.checks[checkIdOf(check)];
	if (known !== undefined) return known !== latenessOf(check);
	const began = lateSinceMs(check) / 1000;
	return Number.isNaN(began) || began >= stored.polledAt;
}
