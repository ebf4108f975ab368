/**
 * When a cron or OnCalendar check is next due, as the real server computes it: the first time
 * its schedule fires strictly after the last ping, in the check's time zone (the server's
 * `cronsim` and `oncalendar` libraries; docs/api/check-monitor.md, "When a check is late").
 *
 * Both kinds are read into the same sets (seconds, minutes, hours, days of the month, months,
 * years, weekdays) and walked forward from the last ping, a day, an hour or a minute at a time
 * until every field matches the check's local wall clock. Not modelled: a time skipped by a
 * daylight-saving change (the server moves it past the gap; here it is skipped) and the
 * `W` day of cron (nearest weekday).
 */

/** The kind the server gives a schedule (`guess_kind` in `hc/api/views.py`). */
export function scheduleKind(schedule: string): 'cron' | 'oncalendar' {
	return !schedule.trim().includes('\n') && schedule.trim().split(/\s+/).length === 5
		? 'cron'
		: 'oncalendar';
}

interface Calendar {
	seconds: Set<number>;
	minutes: Set<number>;
	hours: Set<number>;
	months: Set<number>;
	years?: Set<number>;
	/** Whether the day (1-31) of a month of `daysInMonth` days, on `weekday` (0 Sunday), matches. */
	day: (day: number, daysInMonth: number, weekday: number) => boolean;
	/** An OnCalendar expression may name its own time zone. */
	tz?: string;
}

const range = (from: number, to: number) =>
	Array.from({ length: to - from + 1 }, (_, i) => from + i);

/**
 * A field's terms (`*`, `a`, `a-b`, `a/s`, `a-b/s`, lists): the values they take within
 * [min, max]. `value` reads one term (a number or a name); `through` separates a range.
 */
function field(
	spec: string,
	min: number,
	max: number,
	value: (term: string) => number,
	through = '-',
): Set<number> {
	const values = new Set<number>();
	for (const term of spec.split(',')) {
		const [base, step] = term.split('/');
		let from: number;
		let to: number;
		if (base === '*') [from, to] = [min, max];
		else if (base.includes(through))
			[from, to] = base.split(through).map(value) as [number, number];
		else [from, to] = [value(base), step === undefined ? value(base) : max];
		if (![from, to].every(Number.isInteger) || from > to)
			throw new Error(`bad schedule field "${spec}"`);
		const by = step === undefined ? 1 : Number(step);
		for (let v = from; v <= to; v += by) values.add(v);
	}
	return values;
}

const CRON_DAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];
const CRON_MONTHS = [
	'JAN',
	'FEB',
	'MAR',
	'APR',
	'MAY',
	'JUN',
	'JUL',
	'AUG',
	'SEP',
	'OCT',
	'NOV',
	'DEC',
];

function cron(schedule: string): Calendar {
	const [minute, hour, dom, month, dow] = schedule.trim().toUpperCase().split(/\s+/);
	const named = (names: string[], offset: number) => (term: string) =>
		names.includes(term) ? names.indexOf(term) + offset : Number(term);
	const days = dom.split(',').filter((t) => t !== 'L' && t !== 'LW');
	const dayValues = days.length ? field(days.join(','), 1, 31, Number) : new Set<number>();
	const weekdayTerms = dow.split(',');
	// `5L`: the last Friday of the month; `5#2`: its second Friday. 7 is Sunday too.
	const lastWeekdays = weekdayTerms
		.filter((t) => t.endsWith('L'))
		.map((t) => named(CRON_DAYS, 0)(t.slice(0, -1)) % 7);
	const nthWeekdays = weekdayTerms
		.filter((t) => t.includes('#'))
		.map((t) => t.split('#').map((p, i) => (i === 0 ? named(CRON_DAYS, 0)(p) % 7 : Number(p))));
	const plain = weekdayTerms.filter((t) => !t.endsWith('L') && !t.includes('#'));
	const weekdays = new Set(
		[...(plain.length ? field(plain.join(','), 0, 7, named(CRON_DAYS, 0)) : [])].map((d) => d % 7),
	);
	const lastDay = dom.split(',').includes('L');
	const lastWorkday = dom.split(',').includes('LW');
	const dayMatches = (day: number, length: number, weekday: number) =>
		dayValues.has(day) ||
		(lastDay && day === length) ||
		(lastWorkday && day === lastWorkdayOf(length, weekday, day));
	const weekdayMatches = (day: number, length: number, weekday: number) =>
		weekdays.has(weekday) ||
		lastWeekdays.some((d) => d === weekday && day + 7 > length) ||
		nthWeekdays.some(([d, n]) => d === weekday && Math.ceil(day / 7) === n);
	// As Debian cron: with a star in either day field both must match, otherwise either.
	const both = dom.startsWith('*') || dow.startsWith('*');
	return {
		seconds: new Set([0]),
		minutes: field(minute, 0, 59, Number),
		hours: field(hour, 0, 23, Number),
		months: field(month, 1, 12, named(CRON_MONTHS, 1)),
		day: (day, length, weekday) =>
			both
				? dayMatches(day, length, weekday) && weekdayMatches(day, length, weekday)
				: dayMatches(day, length, weekday) || weekdayMatches(day, length, weekday),
	};
}

/** The last Monday-to-Friday of a month, given any day of it and its weekday. */
function lastWorkdayOf(length: number, weekday: number, day: number): number {
	const lastWeekday = (weekday + length - day) % 7;
	return lastWeekday === 6 ? length - 1 : lastWeekday === 0 ? length - 2 : length;
}

const ONCALENDAR_SPECIALS: Record<string, string> = {
	minutely: '*-*-* *:*:00',
	hourly: '*-*-* *:00:00',
	daily: '*-*-* 00:00:00',
	monthly: '*-*-01 00:00:00',
	weekly: 'Mon *-*-* 00:00:00',
	yearly: '*-01-01 00:00:00',
	annually: '*-01-01 00:00:00',
	quarterly: '*-01,04,07,10-01 00:00:00',
	semiannually: '*-01,07-01 00:00:00',
};
const ONCALENDAR_DAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

function isTimeZone(word: string): boolean {
	if (
		!/^[A-Za-z]/.test(word) ||
		(/^[A-Za-z]+((,|\.\.|-)[A-Za-z]+)*,?$/.test(word) &&
			word
				.split(/,|\.\.|-/)
				.filter(Boolean)
				.every((day) => ONCALENDAR_DAYS.includes(day.slice(0, 3).toLowerCase())))
	)
		return false;
	try {
		new Intl.DateTimeFormat('en-US', { timeZone: word });
		return true;
	} catch {
		return false;
	}
}

/** One OnCalendar expression: `[weekdays] [[year-]month-day] [hour:minute[:second]] [time zone]`. */
function onCalendar(expression: string): Calendar {
	const parts = (ONCALENDAR_SPECIALS[expression.trim().toLowerCase()] ?? expression)
		.trim()
		.split(/\s+/);
	// A time zone of its own comes last: a word that is no weekday, date or time.
	const tz = parts.length > 1 && isTimeZone(parts[parts.length - 1]) ? parts.pop() : undefined;
	let [hours, minutes, seconds] = [new Set([0]), new Set([0]), new Set([0])];
	if (parts.length && parts[parts.length - 1].includes(':')) {
		const [h, m, s = '0'] = parts.pop()!.split(':');
		[hours, minutes, seconds] = [
			field(h, 0, 23, Number, '..'),
			field(m, 0, 59, Number, '..'),
			field(s, 0, 59, Number, '..'),
		];
	}
	let years: Set<number> | undefined;
	let months = new Set(range(1, 12));
	let dayOfMonth: (day: number, length: number) => boolean = () => true;
	if (
		parts.length &&
		/^[\d*]/.test(parts[parts.length - 1]) &&
		parts[parts.length - 1].includes('-')
	) {
		const date = parts.pop()!.replace('~', '-~').split('-');
		const [y, m, d] = date.length === 2 ? ['*', ...date] : date;
		years = field(
			y,
			1970,
			2199,
			(term) =>
				Number(term) < 70
					? Number(term) + 2000
					: Number(term) < 100
						? Number(term) + 1900
						: Number(term),
			'..',
		);
		months = field(m, 1, 12, Number, '..');
		// `~3`: the third day from the end of the month (~1 is the last).
		if (d.startsWith('~')) {
			const fromEnd = field(d.slice(1), 1, 28, Number, '..');
			dayOfMonth = (day, length) => fromEnd.has(length - day + 1);
		} else {
			const days = field(d, 1, 31, Number, '..');
			dayOfMonth = (day) => days.has(day);
		}
	}
	let weekdays = new Set(range(0, 6));
	if (parts.length) {
		const day = (term: string) => ONCALENDAR_DAYS.indexOf(term.toLowerCase().slice(0, 3));
		weekdays = new Set();
		for (const term of parts.shift()!.replace(/,$/, '').split(',')) {
			const [from, to = from] = term.includes('..') ? term.split('..') : term.split('-');
			const [a, b] = [day(from), day(to)];
			if (a < 0 || b < 0) throw new Error(`bad weekday "${term}"`);
			// Mon..Sun: through the end of the week.
			for (let d = a; ; d = (d + 1) % 7) {
				weekdays.add(d);
				if (d === b) break;
			}
		}
	}
	if (parts.length) throw new Error(`bad OnCalendar expression "${expression}"`);
	return {
		seconds,
		minutes,
		hours,
		months,
		years,
		day: (day, length, weekday) => dayOfMonth(day, length) && weekdays.has(weekday),
		tz,
	};
}

interface Local {
	year: number;
	month: number;
	day: number;
	hour: number;
	minute: number;
	second: number;
	weekday: number;
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** The wall clock of `tz` at `ms`. */
function localTime(ms: number, tz: string): Local {
	let format = formats.get(tz);
	if (!format) {
		format = new Intl.DateTimeFormat('en-US', {
			timeZone: tz,
			hourCycle: 'h23',
			year: 'numeric',
			month: 'numeric',
			day: 'numeric',
			hour: 'numeric',
			minute: 'numeric',
			second: 'numeric',
			weekday: 'short',
		});
		formats.set(tz, format);
	}
	const part = Object.fromEntries(format.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
	return {
		year: Number(part.year),
		month: Number(part.month),
		day: Number(part.day),
		hour: Number(part.hour),
		minute: Number(part.minute),
		second: Number(part.second),
		weekday: ONCALENDAR_DAYS.indexOf(String(part.weekday).toLowerCase()),
	};
}

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The first time `calendar` fires strictly after `afterMs`, in `tz`; undefined before the year 2200. */
function nextOf(calendar: Calendar, afterMs: number, tz: string): number | undefined {
	const zone = calendar.tz ?? tz;
	// The next whole second.
	let t = Math.floor(afterMs / 1000) * 1000 + 1000;
	while (t < Date.UTC(2200, 0, 1)) {
		const at = localTime(t, zone);
		const sinceMidnight = (at.hour * 3600 + at.minute * 60 + at.second) * 1000;
		if (
			(calendar.years && !calendar.years.has(at.year)) ||
			!calendar.months.has(at.month) ||
			!calendar.day(at.day, daysIn(at.year, at.month), at.weekday)
		) {
			// To an hour before midnight, then by the hour: a day shortened by a clock change is not overshot.
			const toMidnight = 86_400_000 - sinceMidnight;
			t +=
				toMidnight > 7_200_000
					? toMidnight - 3_600_000
					: 3_600_000 - (at.minute * 60 + at.second) * 1000;
		} else if (!calendar.hours.has(at.hour)) {
			t += 3_600_000 - (at.minute * 60 + at.second) * 1000;
		} else if (!calendar.minutes.has(at.minute)) {
			t += 60_000 - at.second * 1000;
		} else if (!calendar.seconds.has(at.second)) {
			t += 1000;
		} else {
			return t;
		}
	}
	return undefined;
}

/**
 * When a check with this schedule is next due after its last ping (ms since the epoch), or
 * undefined when it never is again. An OnCalendar schedule may hold several expressions, one
 * a line: the earliest wins.
 */
export function nextDue(schedule: string, tz: string, lastPingMs: number): number | undefined {
	const calendars =
		scheduleKind(schedule) === 'cron'
			? [cron(schedule)]
			: schedule
					.split('\n')
					.filter((line) => line.trim())
					.map(onCalendar);
	const times = calendars
		.map((calendar) => nextOf(calendar, lastPingMs, tz))
		.filter((t): t is number => t !== undefined);
	return times.length ? Math.min(...times) : undefined;
}
