/** What the trigger remembers of the changes it started the workflow for: ten minutes, the newest thousand. */
import type { IDataObject } from 'n8n-workflow';
import {
	deliveryKey,
	firstDelivery,
	REMEMBER_AT_MOST,
	REMEMBER_SECONDS,
} from '../../nodes/CheckMonitorWebhookTrigger/recentDeliveries';

const key = (n: number) =>
	deliveryKey(
		`00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
		'down',
		'2026-11-28T10:00:00+00:00',
	);

test('a change is new once; again within ten minutes it is known; after ten minutes it is new again', () => {
	const data: IDataObject = {};
	expect(firstDelivery(data, key(1), 1000)).toBe(true);
	expect(firstDelivery(data, key(1), 1000 + REMEMBER_SECONDS - 1)).toBe(false);
	expect(firstDelivery(data, key(1), 1000 + REMEMBER_SECONDS)).toBe(true);
	expect(REMEMBER_SECONDS).toBe(600);
});

test('what arrived more than ten minutes ago is forgotten at the next change: the static data stays small', () => {
	const data: IDataObject = {};
	for (let n = 0; n < 50; n++) firstDelivery(data, key(n), 1000 + n);
	// At 1000 + 48 + 600: what came at 1000 to 1048 is ten minutes old, 1049 is not yet.
	firstDelivery(data, key(99), 1000 + 48 + REMEMBER_SECONDS);
	expect(Object.keys(data.recent as object)).toEqual([key(49), key(99)]);
});

test('at most the newest thousand are kept, the oldest forgotten first', () => {
	const data: IDataObject = {};
	for (let n = 0; n <= REMEMBER_AT_MOST; n++)
		firstDelivery(data, key(n), 1000 + Math.floor(n / 100));
	const kept = Object.keys(data.recent as object);
	expect([
		kept.length,
		kept.includes(key(0)),
		kept.includes(key(1)),
		kept.includes(key(REMEMBER_AT_MOST)),
	]).toEqual([REMEMBER_AT_MOST, false, true, true]);
	expect(firstDelivery(data, key(1), 1011)).toBe(false);
	expect(firstDelivery(data, key(0), 1011)).toBe(true);
});

test('a known change leaves the static data as it was (n8n then has nothing to save)', () => {
	const data: IDataObject = {};
	firstDelivery(data, key(1), 1000);
	const before = data.recent;
	firstDelivery(data, key(1), 1001);
	expect(data.recent).toBe(before);
});

test('the key tells the check, the event and the time apart', () => {
	expect(
		new Set([
			deliveryKey('a', 'down', 't1'),
			deliveryKey('a', 'up', 't1'),
			deliveryKey('a', 'down', 't2'),
			deliveryKey('b', 'down', 't1'),
		]).size,
	).toBe(4);
});
