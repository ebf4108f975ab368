/** Wall-clock date-times in a timezone, as instants (nodes/shared/dates.ts), around daylight-saving changes. */
import { toInstant } from '../../nodes/shared/dates';

test.each([
	// Berlin: clocks go forward 2026-03-29 02:00 -> 03:00, back 2026-10-25 03:00 -> 02:00.
	['2026-03-29T01:59:59', 'Europe/Berlin', '2026-03-29T00:59:59.000Z'],
	['2026-03-29T03:00:00', 'Europe/Berlin', '2026-03-29T01:00:00.000Z'],
	['2026-10-25T01:59:00', 'Europe/Berlin', '2026-10-24T23:59:00.000Z'],
	['2026-10-25T03:00:00', 'Europe/Berlin', '2026-10-25T02:00:00.000Z'],
	['2026-11-22T12:00:00', 'UTC', '2026-11-22T12:00:00.000Z'],
	['2026-11-22T12:00:00', 'Asia/Kathmandu', '2026-11-22T06:15:00.000Z'],
	['1969-12-31T23:59:58.500', 'UTC', '1969-12-31T23:59:58.500Z'],
	// An unknown zone is read as UTC rather than failing.
	['2026-11-22T12:00:00', 'Not/A_Zone', '2026-11-22T12:00:00.000Z'],
	// Spaces around, a space instead of the T, no seconds, a short fraction.
	[' 2026-11-22T12:00:00 ', 'Europe/Berlin', '2026-11-22T11:00:00.000Z'],
	['2026-11-22 12:00', 'Europe/Berlin', '2026-11-22T11:00:00.000Z'],
	['2026-11-22T12:00:00.5', 'UTC', '2026-11-22T12:00:00.500Z'],
	['2026-11-22T12:00:00.123456', 'UTC', '2026-11-22T12:00:00.123Z'],
	// A date alone is midnight UTC whatever the zone; a zone given is kept.
	['1990-05-17', 'Pacific/Chatham', '1990-05-17T00:00:00.000Z'],
	['2026-11-22T12:00:00+02:00', 'Asia/Tokyo', '2026-11-22T10:00:00.000Z'],
])('%p in %s is %s', (wall, zone, instant) => {
	expect(toInstant(wall, zone)?.toISOString()).toBe(instant);
});

test.each([
	[''],
	[null],
	[undefined],
	['not a date'],
	['2026-13-45T10:00:00'],
	[new Date(NaN)],
	// Each field out of range on its own (Date.UTC would roll it into the next one), and a
	// year Date.UTC reads as 19xx.
	['2026-02-30T10:00:00'],
	['2026-11-22T24:00:00'],
	['2026-11-22T12:60:00'],
	['2026-11-22T12:00:60'],
	['0050-01-01T00:00:00'],
	['2026-02-30'],
	// An object that is not a date or a DateTime.
	[{}],
	[{ toMillis: () => NaN }],
])('%p is not a date', (value) => {
	expect(toInstant(value, 'UTC')).toBeUndefined();
});

test('JavaScript dates and Luxon-like DateTimes are instants already', () => {
	expect(toInstant(new Date('2026-11-22T12:00:00Z'), 'Asia/Tokyo')?.toISOString()).toBe(
		'2026-11-22T12:00:00.000Z',
	);
	expect(toInstant({ toMillis: () => Date.UTC(2026, 10, 22) }, 'Asia/Tokyo')?.toISOString()).toBe(
		'2026-11-22T00:00:00.000Z',
	);
});
