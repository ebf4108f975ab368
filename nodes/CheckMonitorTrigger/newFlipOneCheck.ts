/**
 * New Flip for one check: one flips request per poll (from the cursor's floor), and a read
 * of the check to name it when there is something to report.
 */
import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { newestFlip, newFlips } from '../CheckMonitor/shared/flips';
import { checkMonitorApi } from '../CheckMonitor/shared/checkMonitorApi';
import { readId } from '../shared/apiRequest';
import { pollFromStart } from '../shared/keptStart';
import { type Direction, flipItems, flipsOfCheck, readCheck } from './flipItems';
import type { PollRequests } from './pollRequests';
import type { FlipOneCheckState } from './state';

export async function pollNewFlipOneCheck(
	this: IPollFunctions,
	requests: PollRequests,
	settings: { direction: Direction; lookBackSeconds: number },
): Promise<INodeExecutionData[][] | null> {
	const { direction, lookBackSeconds } = settings;
	const id = readId(this, checkMonitorApi, 'checkId');
	if (this.getMode() !== 'trigger') {
		const newest = newestFlip(await flipsOfCheck(requests, id));
		if (!newest.length) return null;
		return [flipItems(await readCheck(requests, id), newest, direction)];
	}
	const staticData = this.getWorkflowStaticData('node');
	const key = `one:${id}`;
	const stateOf = () => staticData.state as unknown as FlipOneCheckState | undefined;
	return await pollFromStart(this, {
		key,
		hasState: () => stateOf()?.key === key,
		deadline: requests.deadline,
		// The flips of a Late Flip Window, counted as seen (so a late-written "down" flip dated shortly before activation is reported).
		takeStart: async () => {
			const floor = Math.floor(Date.now() / 1000) - lookBackSeconds;
			const { cursor } = newFlips(
				{ floor, seen: {} },
				await flipsOfCheck(requests, id, floor),
				lookBackSeconds,
			);
			staticData.state = {
				key,
				activatedFloor: floor,
				checks: { [id]: cursor },
			} as unknown as IDataObject;
		},
		goOn: async () => {
			const state = stateOf()!;
			const previous = state.checks[id] ?? { floor: state.activatedFloor, seen: {} };
			const { fresh, cursor } = newFlips(
				previous,
				await flipsOfCheck(requests, id, previous.floor),
				lookBackSeconds,
			);
			// Name the check only when there is something to report.
			const items = fresh.length ? flipItems(await readCheck(requests, id), fresh, direction) : [];
			staticData.state = { ...state, checks: { [id]: cursor } } as unknown as IDataObject;
			return items.length ? [items] : null;
		},
	});
}
