/**
 * The changes this trigger started an execution for lately, in the workflow's static data:
 * n8n reads it from its database for each production webhook call and saves it right after
 * the node's webhook() when it changed, in single and in queue mode (docs/webhook-trigger.md,
 * "Each change once"). The server retries one change within about 90 s of its first attempt,
 * always with the same `at`; ten minutes and the newest thousand keep every retry in view.
 */
import type { IDataObject } from 'n8n-workflow';

export const REMEMBER_SECONDS = 600;
export const REMEMBER_AT_MOST = 1000;

/** One change: the same check, event and time on every retry. */
export const deliveryKey = (uuid: string, event: string, at: string) => `${uuid} ${event} ${at}`;

/**
 * Records the change unless it is already there; whether it was new. Forgets what arrived
 * more than REMEMBER_SECONDS ago, and beyond the newest REMEMBER_AT_MOST.
 */
export function firstDelivery(staticData: IDataObject, key: string, nowSeconds: number): boolean {
	const seen = (staticData.recent ?? {}) as Record<string, number>;
	const kept = Object.entries(seen)
		.filter(([, at]) => typeof at === 'number' && nowSeconds - at < REMEMBER_SECONDS)
		.sort(([, a], [, b]) => a - b);
	if (kept.some(([known]) => known === key)) return false;
	kept.push([key, nowSeconds]);
	staticData.recent = Object.fromEntries(kept.slice(-REMEMBER_AT_MOST));
	return true;
}
