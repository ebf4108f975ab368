/**
 * The check list as the All Checks events read it: one request returns every check (with
 * the tag filter), and each row shows what a check went through since the last poll (a
 * ping, a timeout, a pause, a resume: docs/api/check-monitor.md), so comparing rows tells
 * which checks can have new flips or pings.
 */
import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import type { PollRequests } from './checkEvent';

/** A check's id: its UUID, or its unique key for a read-only API key. */
export const checkIdOf = (check: IDataObject) => String(check.uuid ?? check.unique_key);

/** The Tags parameter: space-separated, all of them required (the server ANDs repeated tags). */
export function readTags(context: IPollFunctions): string[] {
	return String(context.getNodeParameter('tags', '') ?? '')
		.split(/\s+/)
		.filter(Boolean);
}

/**
 * Every check carrying all the tags, in id order (the order the triggers walk them in), and
 * when the server answered (UNIX seconds, on its clock: the one flips and pings are dated by).
 */
export async function listChecks(
	requests: PollRequests,
	tags: string[],
): Promise<{ checks: IDataObject[]; at: number }> {
	const { body, at } = await requests.getDated(
		'/api/v3/checks/',
		tags.length ? { tag: tags } : undefined,
	);
	const checks = ((body as IDataObject | undefined)?.checks ?? []) as IDataObject[];
	return { checks: checks.sort((a, b) => checkIdOf(a).localeCompare(checkIdOf(b))), at };
}

/** What the list shows of a check's flips and pings, as one short string to compare. */
export const listedRowOf = (check: IDataObject) =>
	JSON.stringify([check.status, check.n_pings, check.last_ping ?? null, check.started ?? null]);

/** The check an item names. */
export const checkSummary = (check: IDataObject, id = checkIdOf(check)): IDataObject => ({
	id: check.uuid ?? check.unique_key ?? id,
	name: check.name,
	slug: check.slug,
	tags: check.tags,
	status: check.status,
});

/**
 * The checks from the one with id `from` on (or the next one, if it is gone), then the ones
 * before it: a poll that ran out of time goes on where it stopped.
 */
export function startingAt(checks: IDataObject[], from: string | undefined): IDataObject[] {
	const start =
		from === undefined
			? 0
			: Math.max(
					0,
					checks.findIndex((check) => checkIdOf(check) >= from),
				);
	return [...checks.slice(start), ...checks.slice(0, start)];
}
