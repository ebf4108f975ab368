/** A flip as the trigger emits it: with its check, and what it changed the check to. */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';
import { type Flip, describeFlips, flipsOf } from '../CheckMonitor/shared/flips';
import { checkIdOf } from './listedChecks';
import type { PollRequests } from './checkEvent';

export type Direction = 'any' | 'up' | 'down';

export const readCheck = async (requests: PollRequests, id: string) =>
	(await requests.get(`/api/v3/checks/${encodeURIComponent(id)}`)) as IDataObject;

/** A check's flips; from `start` (UNIX seconds, inclusive) on, or all of them. */
export const flipsOfCheck = async (requests: PollRequests, id: string, start?: number) =>
	flipsOf(
		await requests.get(
			`/api/v3/checks/${encodeURIComponent(id)}/flips/`,
			start === undefined ? undefined : { start },
		),
	);

export function flipItems(
	check: IDataObject,
	flips: Flip[],
	direction: Direction,
): INodeExecutionData[] {
	const to = describeFlips(flips, check.status as string | undefined);
	return flips
		.map((flip, i) => ({
			json: {
				check: {
					id: checkIdOf(check),
					uuid: check.uuid,
					unique_key: check.unique_key,
					name: check.name,
					slug: check.slug,
					tags: check.tags,
					status: check.status,
				},
				timestamp: flip.timestamp,
				up: flip.up,
				to: to[i],
			},
		}))
		.filter((item) =>
			direction === 'up'
				? item.json.to === 'up'
				: direction === 'down'
					? ['down', 'not up'].includes(item.json.to)
					: true,
		);
}

/**
 * A flip away from up is named from the check's status (down, paused, new). The list of all
 * checks is read before their flips, and a flip since then makes its status stale (a new
 * down flip named "not up", or "paused" from before a resume), so such a check is read
 * again; an up flip, or a poll for up flips only, needs no status.
 */
export async function checkForNaming(
	requests: PollRequests,
	check: IDataObject,
	fresh: Flip[],
	direction: Direction,
): Promise<IDataObject> {
	return direction !== 'up' && fresh[fresh.length - 1].up !== 1
		? await readCheck(requests, checkIdOf(check))
		: check;
}
