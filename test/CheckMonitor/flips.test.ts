/**
 * The flip cursor's rules (nodes/CheckMonitor/shared/flips.ts), stated on flips written by
 * hand. The trigger tests (test/CheckMonitorTrigger/) run the same code through n8n's
 * poll context against the stand-in server; these pin down what the cursor keeps and how
 * flips are named, which the trigger tests only see through what a poll emits.
 */
import {
	describeFlips,
	type Flip,
	flipsOf,
	newestFlip,
	newFlips,
	oldestFirst,
} from '../../nodes/CheckMonitor/shared/flips';

/** A flip at `seconds` past the epoch. */
const at = (seconds: number, up = 0): Flip => ({
	timestamp: new Date(seconds * 1000).toISOString(),
	up,
});
const secondsOf = (flips: Flip[]) => flips.map((f) => Date.parse(f.timestamp) / 1000);

describe('flipsOf', () => {
	test('reads both shapes; no list, entries without a timestamp and nulls give nothing', () => {
		const flip = { timestamp: '2026-11-25T10:00:00+00:00', up: 1 };
		expect(flipsOf([flip])).toEqual([flip]);
		expect(flipsOf({ flips: [flip] })).toEqual([flip]);
		expect(flipsOf({ flips: [null, { up: 1 }, { ...flip, up: '0' }] })).toEqual([
			{ timestamp: flip.timestamp, up: 0 },
		]);
		expect(flipsOf({})).toEqual([]);
		expect(flipsOf({ flips: 'none' })).toEqual([]);
		expect(flipsOf(undefined)).toEqual([]);
	});
});

describe('ordering', () => {
	test('oldestFirst sorts by time; within one second it reverses the server order (newest first)', () => {
		const [a, b] = [{ ...at(20), up: 1 }, at(20)];
		expect(secondsOf(oldestFirst([at(10), at(30), at(20)]))).toEqual([10, 20, 30]);
		expect(oldestFirst([at(30), a, b, at(10)])).toEqual([at(10), b, a, at(30)]);
	});

	test('newestFlip is the one newest flip, or none', () => {
		expect(secondsOf(newestFlip([at(10), at(30), at(20)]))).toEqual([30]);
		expect(newestFlip([at(20), at(10)])).toEqual([at(20)]);
		expect(newestFlip([])).toEqual([]);
	});
});

describe('newFlips', () => {
	test('reports flips at or after the floor beyond those seen, oldest first; the floor follows the newest minus the look-back', () => {
		const cursor = { floor: 100, seen: { [`${at(100).timestamp}|0`]: 1 } };
		const flips = [at(200, 1), at(150), at(100), at(100), at(99)];
		const { fresh, cursor: next } = newFlips(cursor, flips, 30);
		// 99 is below the floor; one of the two flips at 100 was seen.
		expect(secondsOf(fresh)).toEqual([100, 150, 200]);
		expect(next.floor).toBe(170);
		// Kept: what lies at or after the new floor, counted.
		expect(next.seen).toEqual({ [`${at(200).timestamp}|1`]: 1 });
	});

	test('the window edge is kept, and the floor never moves back', () => {
		const { cursor } = newFlips({ floor: 100, seen: {} }, [at(170), at(200), at(169)], 30);
		expect(cursor).toEqual({
			floor: 170,
			seen: { [`${at(170).timestamp}|0`]: 1, [`${at(200).timestamp}|0`]: 1 },
		});
		const late = newFlips({ floor: 170, seen: {} }, [at(180)], 30);
		expect(late.cursor.floor).toBe(170);
		expect(newFlips({ floor: 170, seen: {} }, [], 30).cursor).toEqual({ floor: 170, seen: {} });
	});
});

describe('describeFlips', () => {
	test('an up is "up"; other flips are "not up", the newest named from the check\'s status', () => {
		expect(describeFlips([at(1, 1), at(2)], undefined)).toEqual(['up', 'not up']);
		expect(describeFlips([at(1, 1), at(2)], 'paused')).toEqual(['up', 'paused']);
		expect(describeFlips([at(1, 1), at(2)], 'down')).toEqual(['up', 'down']);
		expect(describeFlips([at(1, 1), at(2)], 'up')).toEqual(['up', 'not up']);
		// The newest is an up: the status does not rename it.
		expect(describeFlips([at(1), at(2, 1)], 'paused')).toEqual(['not up', 'up']);
		expect(describeFlips([at(1)], 'paused')).toEqual(['paused']);
		expect(describeFlips([], 'paused')).toStrictEqual([]);
	});

	test('a flip just before a resume (status "new") was the pause', () => {
		expect(describeFlips([at(1), at(2)], 'new')).toEqual(['paused', 'new']);
		expect(describeFlips([at(1, 1), at(2), at(3)], 'new')).toEqual(['up', 'paused', 'new']);
		expect(describeFlips([at(1, 1), at(2, 1), at(3)], 'new')).toEqual(['up', 'up', 'new']);
		expect(describeFlips([at(1), at(2, 1), at(3)], 'new')).toEqual(['not up', 'up', 'new']);
	});
});
