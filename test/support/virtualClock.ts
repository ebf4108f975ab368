/**
 * A clock the test moves: what the node reads (`Date.now()`) and what the stand-in stamps
 * its records with (`server.now`), so a test can play an hour of polls in a second.
 * Timers stay real (retries, pacing and the engine still wait on them); a stand-in's
 * response delay can move this clock instead (`delayOnClock`).
 */

export function useVirtualClock(
	server: { now: () => Date },
	start = Date.UTC(2026, 10, 27, 0, 0, 0),
) {
	let now = start;
	beforeEach(() => {
		now = start;
		jest.spyOn(Date, 'now').mockImplementation(() => now);
		server.now = () => new Date(now);
	});
	afterEach(() => {
		jest.restoreAllMocks();
	});
	return {
		/** Milliseconds since the epoch. */
		now: () => now,
		seconds: () => Math.floor(now / 1000),
		advance: (seconds: number) => {
			now += seconds * 1000;
		},
		/** Back to the start (a property's run begins there). */
		reset: () => {
			now = start;
			server.now = () => new Date(now);
		},
	};
}
