/** Types of options.js (CommonJS, used by cli.mjs and tested in options.test.ts). */
export interface Run {
	help?: undefined;
	mutate: string[];
	all: boolean;
	force: boolean;
	concurrency: number | undefined;
	everyTest: boolean;
	tests: string[];
}
export const USAGE: string;
export class UsageError extends Error {}
export function parseArguments(
	args: string[],
	context: { cwd: string; codeGlobs: string[] },
): Run | { help: true; nothingNamed?: true };
export function strykerOptions(run: Run): Record<string, unknown>;
export function inScope(file: string, patterns: string[]): boolean;
export function inNamedLines(file: string, line: number, patterns: string[]): boolean;
export function withoutRange(pattern: string): string;
export function hasRange(pattern: string): boolean;
