/**
 * New Ping of one check: each ping exactly once, oldest first, by its sequence number. One
 * pings request per poll; the check (to name it) and bodies only when something is new.
 * The cursor moves only past what was emitted (docs/triggers.md, "New Ping").
 */
import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { checkMonitorApi } from '../CheckMonitor/shared/checkMonitorApi';
import { readId } from '../shared/apiRequest';
import { pollFromStart } from '../shared/keptStart';
import { checkSummary } from './listedChecks';
import {
	gapAfter,
	newPingItems,
	pingItem,
	type PingItemOptions,
	pingsOf,
	pingsPath,
	wantedPing,
} from './pingItems';
import type { PollRequests } from './pollRequests';
import type { PingOneCheckState } from './state';

export async function pollNewPingOneCheck(
	this: IPollFunctions,
	requests: PollRequests,
	options: PingItemOptions,
): Promise<INodeExecutionData[][] | null> {
	// Checked (not empty) and lower case, as the actions read it.
	const id = readId(this, checkMonitorApi, 'checkId');
	const readPings = async () => {
		requests.countRead();
		return pingsOf(await requests.get(pingsPath(id)));
	};
	const describeCheck = async () =>
		checkSummary(
			(await requests.get(`/api/v3/checks/${encodeURIComponent(id)}`)) as IDataObject,
			id,
		);

	// Fetch Test Event: the newest (matching) ping, the cursor untouched.
	if (this.getMode() !== 'trigger') {
		const newest = (await readPings()).filter((ping) => wantedPing(options, ping)).at(-1);
		return newest ? [[await pingItem(requests, id, newest, await describeCheck(), options)]] : null;
	}

	const staticData = this.getWorkflowStaticData('node');
	const key = `ping:${id}`;
	const stateOf = () => staticData.pingState as unknown as PingOneCheckState | undefined;
	return await pollFromStart(this, {
		key,
		hasState: () => stateOf()?.key === key,
		deadline: requests.deadline,
		takeStart: async () => {
			staticData.pingState = {
				key,
				lastN: Number((await readPings()).at(-1)?.n ?? 0),
			} as unknown as IDataObject;
		},
		goOn: async () => {
			const state = stateOf()!;
			const pings = await readPings();
			const fresh = pings.filter((ping) => Number(ping.n) > state.lastN);
			if (fresh.length === 0) return null;
			const gap = gapAfter(state.lastN, fresh, pings.length);
			const { items, lastN } = await newPingItems(
				requests,
				id,
				await describeCheck(),
				fresh,
				gap,
				state.lastN,
				options,
			);
			staticData.pingState = { key, lastN } as unknown as IDataObject;
			return items.length > 0 ? [items] : null;
		},
	});
}
