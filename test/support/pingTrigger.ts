/** New Ping of one check (Check Monitor Trigger) in a test: a poller by check, and the items' JSON. */
import type { IDataObject } from 'n8n-workflow';
import { createPoller } from '../../harness/engine';
import type { useCheckMonitorServer } from './setup';

export interface PingPollerMore {
	pollBudgetMs?: number | 'unavailable';
	staticData?: IDataObject;
}

export function pingTrigger({ credentials }: ReturnType<typeof useCheckMonitorServer>) {
	return {
		poller: (uuid: string, options: Record<string, unknown> = {}, more: PingPollerMore = {}) =>
			createPoller({
				type: 'checkMonitorTrigger',
				parameters: {
					event: 'newPing',
					checkId: { __rl: true, mode: 'id', value: uuid },
					options,
				} as never,
				credentials: credentials(),
				...more,
			}),
		items: (batches: Array<Array<{ json: IDataObject }>> | null) =>
			(batches?.[0] ?? []).map((i) => i.json),
	};
}
