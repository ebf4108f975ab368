/**
 * Phases of the developer scripts, with elapsed time. Long phases (installing n8n takes
 * minutes) print a line every 20 seconds so a silent console never looks like a hang.
 */
const seconds = (ms: number) => {
	const s = Math.round(ms / 1000);
	return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
};

export async function phase<T>(
	label: string,
	work: () => Promise<T> | T,
	log: (line: string) => void = console.log,
): Promise<T> {
	const started = Date.now();
	log(`▶ ${label}`);
	const ticker = setInterval(
		() => log(`  … ${label}: ${seconds(Date.now() - started)} so far`),
		20_000,
	);
	ticker.unref();
	try {
		const result = await work();
		log(`✔ ${label} (${seconds(Date.now() - started)})`);
		return result;
	} catch (error) {
		log(`✘ ${label} failed after ${seconds(Date.now() - started)}`);
		throw error;
	} finally {
		clearInterval(ticker);
	}
}

/** Check `test` every half second until it holds (true) or `timeoutMs` has passed (false). */
export async function waitUntil(test: () => boolean, timeoutMs: number): Promise<boolean> {
	const end = Date.now() + timeoutMs;
	while (Date.now() < end) {
		if (test()) return true;
		await new Promise((resolve) => setTimeout(resolve, 500));
	}
	return test();
}

/** Whether `test` holds within `timeoutMs`, asked every 100 ms (a test that throws has not held). */
export async function waitForAsync(
	test: () => Promise<boolean>,
	timeoutMs: number,
): Promise<boolean> {
	const end = Date.now() + timeoutMs;
	while (Date.now() < end) {
		if (await test().catch(() => false)) return true;
		await new Promise((resolve) => setTimeout(resolve, 100));
	}
	return false;
}
