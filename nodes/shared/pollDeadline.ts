/**
 * When a poll must stop reading and emit what it found.
 *
 * A poll takes at most 50 s, shorter than n8n's shortest poll interval (one minute), so that
 * it ends before the next one begins. n8n 2.38 and newer tell a poll how long it may run
 * (`getPollBudgetMs`): the durable scheduler's polls get less (36 s by default) and are
 * held to it; the in-memory scheduler's get five minutes, but its next poll starts a minute
 * later all the same, and on n8n 2.41.1 that poll frees the workflow's expression engine, which
 * the first one still uses: its next requests fail (docs/triggers.md, "Time"). Older n8n
 * (1.x, 2.0 to 2.37) has no such function: calling it there throws and the workflow cannot
 * be activated, so it is feature-detected.
 */
import type { IPollFunctions } from 'n8n-workflow';

const LONGEST_POLL_MS = 50_000;

/** Share of the budget spent reading; the rest is left for emitting the items. */
const READING_SHARE = 0.8;

export function pollBudgetMs(context: IPollFunctions): number {
	const budget = (context as Partial<Pick<IPollFunctions, 'getPollBudgetMs'>>).getPollBudgetMs;
	return typeof budget === 'function'
		? Math.min(budget.call(context), LONGEST_POLL_MS)
		: LONGEST_POLL_MS;
}

export function pollDeadline(context: IPollFunctions): number {
	return Date.now() + pollBudgetMs(context) * READING_SHARE;
}
