/**
 * Print a script's closing line, then exit once stdout has taken it. Into a pipe (CI, the
 * matrix reading a tier) console.log is asynchronous, and process.exit() right after it cut
 * off the end of a run's output, its "N passed, N failed" line too.
 */
export function exitWhenPrinted(line: string, code: number): void {
	process.stdout.write(`${line}\n`, () => process.exit(code));
}
