/**
 * Late Check for one check: one read of the check per poll; each lateness once.
 */
import type { IDataObject } from 'n8n-workflow';
import type { CheckEvent, PollRequests } from './checkEvent';
import { readCheck } from './flipItems';
import { isLate, lateItem, latenessOf } from './lateItems';

/** Its state (`lateState`). */
export interface LateOneCheckState {
	/** `late:one:<id>` */
	key: string;
	/** The lateness the check was in at the last poll (its last ping), or '' when it was not late. */
	lateness: string;
}

export function lateCheckOneCheck(
	requests: PollRequests,
	id: string,
): CheckEvent<LateOneCheckState> {
	const key = `late:one:${id}`;
	const stateOf = (check: IDataObject): LateOneCheckState => ({
		key,
		lateness: isLate(check) ? latenessOf(check) : '',
	});
	return {
		field: 'lateState',
		key,
		// Fetch Test Event: the check, when it is late now.
		async sample() {
			const check = await readCheck(requests, id);
			return isLate(check) ? [lateItem(check)] : null;
		},
		start: async () => ({ state: stateOf(await readCheck(requests, id)) }),
		async poll(stored) {
			const check = await readCheck(requests, id);
			const fresh = isLate(check) && latenessOf(check) !== stored.lateness;
			return { items: fresh ? [lateItem(check)] : [], state: stateOf(check) };
		},
	};
}
