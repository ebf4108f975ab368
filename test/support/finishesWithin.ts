/**
 * A poll that must not wait on a (virtual) clock's step: its result, or a failure naming the
 * wait when it takes longer than `ms` of real time. A wait that was never meant (an hour, or a
 * whole minute's spacing) shows as this failure instead of the test's timeout; the sleep it
 * started runs on, so a run with such a bug needs `--forceExit` to end.
 */
export async function finishesWithin<T>(ms: number, poll: Promise<T>): Promise<T> {
	let timer: NodeJS.Timeout | undefined;
	const waited = new Promise<never>((_, reject) => {
		timer = setTimeout(() => reject(new Error(`the poll waited more than ${ms} ms`)), ms);
	});
	try {
		return await Promise.race([poll, waited]);
	} finally {
		clearTimeout(timer);
	}
}
