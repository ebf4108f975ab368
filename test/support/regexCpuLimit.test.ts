/**
 * The tests' regular-expression engine (regexCpuLimit.ts): n8n's limit on a match's own time,
 * not on the time the match waited for the CPU. A wait is played by a match whose input
 * sleeps (Atomics.wait) while it is read: wall time passes, no CPU time does.
 */
import { resetSafeRegexEngine, safeRegex } from 'n8n-workflow';
import {
	cpuLimitedRegexEngine,
	installRegexEngine,
	N8N_REGEX_LIMIT_MS,
	TIMED_OUT,
} from './regexCpuLimit';

/** An input that takes `ms` of wall time, and no CPU time, to read. */
const waits = (ms: number, text: string) =>
	({
		toString() {
			Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
			return text;
		},
	}) as unknown as string;

test("a match that waits longer than n8n's 250 ms for the CPU: n8n's own engine stops it, the tests' engine does not", () => {
	try {
		resetSafeRegexEngine();
		expect(() => safeRegex.test('^\\S+$', waits(N8N_REGEX_LIMIT_MS + 100, 'ct_1'))).toThrow(
			TIMED_OUT,
		);
	} finally {
		installRegexEngine();
	}
	expect(safeRegex.test('^\\S+$', waits(N8N_REGEX_LIMIT_MS + 100, 'ct_1'))).toBe(true);
});

test("a match that runs past the limit on the CPU fails with n8n's message", () => {
	// Catastrophic backtracking: about 350 ms of CPU on the development machine, 6 times this
	// limit; a short match stays far below it even with a garbage collection inside it.
	const engine = cpuLimitedRegexEngine(60);
	expect(() => engine.test('^(a+)+$', `${'a'.repeat(23)}!`)).toThrow(TIMED_OUT);
	expect(engine.test('^(a+)+$', 'aaa')).toBe(true);
});

test('a match that never ends is stopped by the wall-clock limit', () => {
	const engine = cpuLimitedRegexEngine(2, 50);
	expect(() => engine.test('^(a+)+$', `${'a'.repeat(40)}!`)).toThrow(TIMED_OUT);
});

test("each operation answers as n8n's engine does", () => {
	const engine = cpuLimitedRegexEngine(N8N_REGEX_LIMIT_MS);
	expect(engine.exec('id=(\\w+)', 'x id=ab1 y')?.[1]).toBe('ab1');
	expect(engine.replace('a', 'banana', 'g', 'o')).toBe('bonono');
	expect(engine.matchAll('a(n?)', 'banana').map((match) => match[0])).toEqual(['an', 'an', 'a']);
	expect(engine.split(',\\s*', 'a, b,c')).toEqual(['a', 'b', 'c']);
	expect(engine.test('^x$', 'X', 'i')).toBe(true);
});
