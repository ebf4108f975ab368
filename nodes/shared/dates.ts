/**
 * n8n date-times as instants, for both APIs, and the date fields of a body as the API wants them.
 *
 * A date-time without a zone ("2026-11-22T10:00:00", what the editor's date picker gives)
 * means that time in the workflow's timezone (workflow settings, else the instance's
 * GENERIC_TIMEZONE), as n8n's own nodes read it, not in the zone of the machine n8n runs
 * on. A date without a time ("1990-05-17") is a calendar date: midnight UTC, so it stays
 * the same day whatever the zone. Values with a zone ("…Z", "…+02:00"), JavaScript dates
 * and Luxon DateTimes (from expressions) are instants already.
 */
import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	PreSendAction,
} from 'n8n-workflow';
import { invalidInput } from './apiRequest';

const LOCAL_DATE_TIME =
	/^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?$/;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** How far the wall clock of `timeZone` is ahead of UTC at `instant`, in ms. */
function zoneOffsetMs(instant: number, timeZone: string): number {
	const parts = new Intl.DateTimeFormat('en-US', {
		timeZone,
		hourCycle: 'h23',
		year: 'numeric',
		month: '2-digit',
		day: '2-digit',
		hour: '2-digit',
		minute: '2-digit',
		second: '2-digit',
	}).formatToParts(new Date(instant));
	const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
	const wall = Date.UTC(
		part('year'),
		part('month') - 1,
		part('day'),
		part('hour'),
		part('minute'),
		part('second'),
	);
	const wholeSecond = instant - (((instant % 1000) + 1000) % 1000);
	return wall - wholeSecond;
}

/** The instant of a wall-clock time in `timeZone`; an unknown zone is taken as UTC. */
function fromWallClock(wall: number, timeZone: string): number {
	try {
		// The offset at the wall time read as UTC is close; the offset at that guess is exact
		// except within a daylight-saving change.
		return wall - zoneOffsetMs(wall - zoneOffsetMs(wall, timeZone), timeZone);
	} catch {
		return wall;
	}
}

/** The instant a value names, or undefined when it is not a date. */
export function toInstant(value: unknown, timeZone: string): Date | undefined {
	if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value;
	if (typeof (value as { toMillis?: unknown } | null)?.toMillis === 'function') {
		const ms = (value as { toMillis(): number }).toMillis();
		return Number.isFinite(ms) ? new Date(ms) : undefined;
	}
	const text = String(value).trim();
	const local = LOCAL_DATE_TIME.exec(text);
	if (local) {
		const [, y, mo, d, h, mi, s = '00', fraction = ''] = local;
		const wall = Date.UTC(
			Number(y),
			Number(mo) - 1,
			Number(d),
			Number(h),
			Number(mi),
			Number(s),
			Number(fraction.padEnd(3, '0')),
		);
		// Date.UTC rolls month 13 or minute 61 over (and reads years below 100 as 19xx): such
		// a value is not the date it says.
		const exact = new Date(wall).toISOString().slice(0, 19) === `${y}-${mo}-${d}T${h}:${mi}:${s}`;
		return exact ? new Date(fromWallClock(wall, timeZone)) : undefined;
	}
	// Everything else as JavaScript reads it: a zone given ("…Z", "…+02:00") is kept, a date
	// alone ("1990-05-17") is midnight UTC; "", null, undefined and other text are not dates.
	const date = new Date(text);
	if (Number.isNaN(date.getTime())) return undefined;
	// JavaScript rolls a date alone over too ("2026-02-30" is 2 March): not the date it says.
	return DATE_ONLY.test(text) && date.toISOString().slice(0, 10) !== text ? undefined : date;
}

function getPath(body: IDataObject, path: string): unknown {
	return path
		.split('.')
		.reduce<unknown>((value, key) => (value as IDataObject | undefined)?.[key], body);
}

function setPath(body: IDataObject, path: string, value: unknown): void {
	const keys = path.split('.');
	const last = keys.pop() as string;
	let parent = body;
	for (const key of keys) parent = (parent[key] ??= {}) as IDataObject;
	parent[last] = value as IDataObject[string];
}

/**
 * An n8n date-time as the API's `YYYY-MM-DDTHH:MM:SS.SSSZ` in UTC (see toInstant for values
 * without a zone); undefined when it is not a date.
 */
export function toApiDate(value: unknown, timeZone: string): string | undefined {
	// A value already in the API's format has its zone (Z), so it comes back unchanged.
	return toInstant(value, timeZone)?.toISOString();
}

/** Convert the body's date fields (dot paths) to the API format; empty ones are dropped. */
export function apiDates(
	fields: Record<string, string>,
	options: { notInFuture?: string[] } = {},
): PreSendAction {
	return async function (this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		const body = (requestOptions.body ?? {}) as IDataObject;
		for (const [path, label] of Object.entries(fields)) {
			const raw = getPath(body, path);
			if (raw === undefined || raw === null || raw === '') {
				if (raw === '') setPath(body, path, undefined);
				continue;
			}
			const date = toApiDate(raw, this.getTimezone());
			if (!date) {
				throw invalidInput(
					this,
					label,
					`"${String(raw)}" is not a date`,
					'Use a date and time such as 2026-11-01T18:30:00Z.',
				);
			}
			if (options.notInFuture?.includes(path) && Date.parse(date) > Date.now()) {
				throw invalidInput(
					this,
					label,
					`${date} is in the future; the API only accepts past dates here`,
				);
			}
			setPath(body, path, date);
		}
		requestOptions.body = body;
		return requestOptions;
	};
}
