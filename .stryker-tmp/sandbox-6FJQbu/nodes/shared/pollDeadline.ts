/**
 * When a poll must stop reading and emit what it found.
 *
 * n8n 2.38 and newer tell a poll how long it may run (`getPollBudgetMs`). Older n8n (1.x,
 * 2.0 to 2.37) has no such function: calling it there throws and the workflow cannot be
 * activated, so it is feature-detected. Without it the poll takes a fixed budget shorter
 * than n8n's shortest poll interval (one minute), so one poll ends before the next begins.
 */
// @ts-nocheck

import type { IPollFunctions } from 'n8n-workflow';

export const FALLBACK_POLL_BUDGET_MS = 50_000;

/** Share of the budget spent reading; the rest is left for emitting the items. */
const READING_SHARE = 0.8;

export function pollBudgetMs(context: IPollFunctions): number {
	const budget = (context as Partial<Pick<IPollFunctions, 'getPollBudgetMs'>>).getPollBudgetMs;
	return typeof budget === 'function' ? budget.call(context) : FALLBACK_POLL_BUDGET_MS;
}

export function pollDeadline(context: IPollFunctions): number {
	return Date.now() + pollBudgetMs(context) * READING_SHARE;
}
