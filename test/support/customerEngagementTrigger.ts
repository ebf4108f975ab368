/**
 * The Customer Engagement Trigger in a test: pollers by event, the items' JSON and ids, and a
 * clock for the dates the stand-in writes (visits, registrations) or a test writes (redeems).
 */
import type { IDataObject } from 'n8n-workflow';
import { createPoller } from '../../harness/engine';
import type { useCustomerEngagementServer } from './setup';

type Batches = Array<Array<{ json: IDataObject }>> | null;

/** A clock moved by the test; `server` given: the stand-in dates what it records by it. */
export function testClock(start: number, server?: { now: () => Date }) {
	let now = start;
	if (server) server.now = () => new Date(now);
	return {
		tick: (ms = 1000) => (now += ms),
		at: (offsetMs = 0) => new Date(now + offsetMs).toISOString(),
	};
}

export function customerEngagementTrigger({
	credentials,
}: ReturnType<typeof useCustomerEngagementServer>) {
	const json = (batches: Batches) => (batches?.[0] ?? []).map((i) => i.json);
	return {
		/** Any event, its parameters as given. */
		trigger: (parameters: Record<string, unknown>, staticData?: IDataObject) =>
			createPoller({
				type: 'customerEngagementTrigger',
				parameters: parameters as never,
				credentials: credentials(),
				staticData,
			}),
		/** An event by name, with the budget n8n gives a poll ('unavailable': n8n before 2.38). */
		poller: (
			event: string,
			parameters: Record<string, unknown> = {},
			pollBudgetMs?: number | 'unavailable',
		) =>
			createPoller({
				type: 'customerEngagementTrigger',
				parameters: { event, ...parameters } as never,
				credentials: credentials(),
				pollBudgetMs,
			}),
		newVisitPoller: (parameters: Record<string, unknown> = {}) =>
			createPoller({
				type: 'customerEngagementTrigger',
				parameters: { event: 'newVisit', ...parameters } as never,
				credentials: credentials(),
			}),
		json,
		ids: (batches: Batches) => json(batches).map((item) => String(item.id)),
	};
}
