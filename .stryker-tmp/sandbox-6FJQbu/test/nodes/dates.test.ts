/** Wall-clock date-times in a timezone, as instants (nodes/shared/dates.ts), around daylight-saving changes. */
// @ts-nocheck

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
])('%s in %s is %s', (wall, zone, instant) => {
	expect(toInstant(wall, zone)?.toISOString()).toBe(instant);
});

test.each([[''], [null], [undefined], ['not a date'], ['2026-13-45T10:00:00'], [new Date(NaN)]])('%p is not a date', (value) => {
	expect(toInstant(value, 'UTC')).toBeUndefined();
});

test('JavaScript dates and Luxon-like DateTimes are instants already', () => {
	expect(toInstant(new Date('2026-11-22T12:00:00Z'), 'Asia/Tokyo')?.toISOString()).toBe('2026-11-22T12:00:00.000Z');
	expect(toInstant({ toMillis: () => Date.UTC(2026, 10, 22) }, 'Asia/Tokyo')?.toISOString()).toBe('2026-11-22T00:00:00.000Z');
});
