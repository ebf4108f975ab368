/**
 * Tests that are long by design (randomized runs, a poll over 1,000 checks, packing the
 * tarball) take seconds alone and several times that on a busy machine (CI runs the
 * end-to-end tier beside jest): they get this timeout instead of jest's 30 s. A randomized
 * run also stops itself a little earlier, as a failure, so that a run too slow for its time
 * fails on its own and leaves no property running into the next test on the same stand-in.
 */
export const LONG_TEST_TIMEOUT_MS = 300_000;

/** fast-check's options for a randomized run: its runs and seed (FC_SEED replays another). */
export function randomizedRuns(numRuns: number, seed: number) {
	return {
		numRuns,
		seed: Number(process.env.FC_SEED ?? seed),
		interruptAfterTimeLimit: LONG_TEST_TIMEOUT_MS - 20_000,
		markInterruptAsFailure: true,
	};
}
