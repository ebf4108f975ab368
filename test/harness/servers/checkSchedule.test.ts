/**
 * When a cron or OnCalendar check is next due (harness/servers/checkSchedule.ts). Each
 * expected time is what the real server's own libraries (cronsim, oncalendar) answered for
 * the same schedule, time zone and last ping.
 */
import { nextDue, scheduleKind } from '../../../harness/servers/checkSchedule';

test.each([
	['*/15 * * * *', 'UTC', '2026-11-27T10:00:30Z', '2026-11-27T10:15:00Z'],
	// Strictly after the last ping: a ping on the minute waits for the next one.
	['* * * * *', 'UTC', '2026-11-27T10:00:00Z', '2026-11-27T10:01:00Z'],
	['0 6 * * *', 'Europe/Riga', '2026-11-27T10:00:00Z', '2026-11-28T04:00:00Z'],
	['0 9 * * MON-FRI', 'America/New_York', '2026-11-27T15:00:00Z', '2026-11-30T14:00:00Z'],
	// Both day fields restricted: either matches (the 13th, or a Friday).
	['0 0 13 * FRI', 'UTC', '2026-11-27T10:00:00Z', '2026-12-04T00:00:00Z'],
	['0 0 13 * *', 'UTC', '2026-11-27T10:00:00Z', '2026-12-13T00:00:00Z'],
	['15 10 L * *', 'UTC', '2026-02-10T00:00:00Z', '2026-02-28T10:15:00Z'],
	['0 12 * * 5L', 'UTC', '2026-11-01T00:00:00Z', '2026-11-27T12:00:00Z'],
	['0 8 * * 1#2', 'UTC', '2026-11-27T10:00:00Z', '2026-12-14T08:00:00Z'],
	['0 0 LW * *', 'UTC', '2026-05-02T00:00:00Z', '2026-05-29T00:00:00Z'],
	['0 22 * * 7', 'Asia/Kolkata', '2026-11-27T10:00:00Z', '2026-11-29T16:30:00Z'],
	['0 0 29 2 *', 'UTC', '2026-03-01T00:00:00Z', '2028-02-29T00:00:00Z'],
	['daily', 'Europe/Riga', '2026-11-27T10:00:00Z', '2026-11-27T22:00:00Z'],
	['Mon..Fri 09:00', 'UTC', '2026-11-27T10:00:00Z', '2026-11-30T09:00:00Z'],
	['Sat,Sun 10:30:15', 'UTC', '2026-11-27T10:00:00Z', '2026-11-28T10:30:15Z'],
	['*-02~1 12:00', 'UTC', '2026-11-27T10:00:00Z', '2027-02-28T12:00:00Z'],
	['*:0/10', 'UTC', '2026-11-27T10:00:01Z', '2026-11-27T10:10:00Z'],
	// An expression's own time zone wins over the check's.
	['12:00 America/New_York', 'Europe/Riga', '2026-11-27T10:00:00Z', '2026-11-27T17:00:00Z'],
	// Several expressions, one a line: the earliest.
	['*-*-* 08:00\n*-*-* 20:00', 'UTC', '2026-11-27T10:00:00Z', '2026-11-27T20:00:00Z'],
	['2025-*-* 00:00', 'UTC', '2026-11-27T10:00:00Z', undefined],
])('%j in %s after a ping at %s: due %s', (schedule, tz, lastPing, due) => {
	const next = nextDue(schedule, tz, Date.parse(lastPing));
	expect(next === undefined ? undefined : new Date(next).toISOString().replace('.000', '')).toBe(
		due,
	);
});

test('five fields on one line are cron, anything else OnCalendar (as the server guesses)', () => {
	expect([
		scheduleKind('0 6 * * *'),
		scheduleKind('Mon 06:00'),
		scheduleKind('daily'),
		scheduleKind('*-*-* 08:00\n*-*-* 20:00'),
	]).toEqual(['cron', 'oncalendar', 'oncalendar', 'oncalendar']);
});
