/**
 * Late Check for one check: one read of the check per poll; each lateness once.
 */
import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { checkMonitorApi } from '../CheckMonitor/shared/checkMonitorApi';
import { readId } from '../shared/apiRequest';
import { pollFromStart } from '../shared/keptStart';
import { readCheck } from './flipItems';
import { isLate, lateItem, latenessOf } from './lateItems';
import type { PollRequests } from './pollRequests';
import type { LateOneCheckState } from './state';

export async function pollLateCheckOneCheck(
	this: IPollFunctions,
	requests: PollRequests,
): Promise<INodeExecutionData[][] | null> {
	const id = readId(this, checkMonitorApi, 'checkId');

	// Fetch Test Event: the check, when it is late now; the state untouched.
	if (this.getMode() !== 'trigger') {
		const check = await readCheck(requests, id);
		return isLate(check) ? [[lateItem(check)]] : null;
	}

	const staticData = this.getWorkflowStaticData('node');
	const key = `late:one:${id}`;
	const stateOf = (check: IDataObject): LateOneCheckState => ({
		key,
		lateness: isLate(check) ? latenessOf(check) : '',
	});
	return await pollFromStart(this, {
		key,
		hasState: () => (staticData.lateState as LateOneCheckState | undefined)?.key === key,
		deadline: requests.deadline,
		takeStart: async () => {
			staticData.lateState = stateOf(await readCheck(requests, id)) as unknown as IDataObject;
		},
		goOn: async () => {
			const stored = staticData.lateState as unknown as LateOneCheckState;
			const check = await readCheck(requests, id);
			staticData.lateState = stateOf(check) as unknown as IDataObject;
			return isLate(check) && latenessOf(check) !== stored.lateness ? [[lateItem(check)]] : null;
		},
	});
}
