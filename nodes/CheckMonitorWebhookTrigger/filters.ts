/**
 * Which changes the user asked for: the Events parameter and the Checks and Tags options.
 * A change left out is answered 2xx (the server must not retry it) and starts nothing.
 */
import type { IDataObject } from 'n8n-workflow';
import type { Delivery } from './delivery';

export interface Filters {
	/** None selected: every change. */
	events: string[];
	/** Check UUIDs, lower case; empty: every check. */
	checks: string[];
	/** All of these tags; empty: any. */
	tags: string[];
}

const words = (value: unknown) =>
	String(value ?? '')
		.split(/[\s,]+/)
		.filter(Boolean);

export function filtersOf(events: unknown, options: IDataObject): Filters {
	return {
		events: Array.isArray(events) ? events.map(String) : [],
		checks: words(options.checks).map((uuid) => uuid.toLowerCase()),
		tags: words(options.tags),
	};
}

/** Why the change is left out, or undefined when it is one the user asked for. */
export function leftOutBecause(delivery: Delivery, filters: Filters): string | undefined {
	if (filters.events.length > 0 && !filters.events.includes(delivery.event))
		return `the trigger takes ${filters.events.join(' and ')} changes only`;
	const uuid = String(delivery.check.uuid).toLowerCase();
	if (filters.checks.length > 0 && !filters.checks.includes(uuid))
		return "the check is not among the trigger's checks";
	const tags = words(delivery.check.tags);
	const missing = filters.tags.filter((tag) => !tags.includes(tag));
	if (missing.length > 0)
		return `the check lacks the tag${missing.length > 1 ? 's' : ''} ${missing.join(' ')}`;
	return undefined;
}
