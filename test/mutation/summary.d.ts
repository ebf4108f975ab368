/** Types of summary.js (CommonJS, used by cli.mjs and tested in summary.test.ts). */
export interface Location {
	start: { line: number; column: number };
	end: { line: number; column: number };
}
export interface ReportMutant {
	mutatorName: string;
	replacement?: string;
	location: Location;
	status: string;
	/** Covered while a module loaded (module-level code). */
	static?: boolean;
}
export interface Report {
	files: Record<string, { source: string; mutants: ReportMutant[] }>;
}
export interface Equivalent {
	file: string;
	mutator: string;
	original: string;
	replacement?: string;
	/** Source text, exactly as written, that encloses the mutant: where its code occurs more than once in the file. */
	in?: string;
	reason: string;
}
export type Counts = Record<
	| 'Killed'
	| 'Timeout'
	| 'Survived'
	| 'NoCoverage'
	| 'Ignored'
	| 'CompileError'
	| 'RuntimeError'
	| 'equivalent',
	number
>;
export interface Unlisted {
	file: string;
	line: number;
	status: string;
	mutator: string;
	original: string;
	replacement: string;
}
export interface Summary {
	files: Array<{ file: string; counts: Counts }>;
	total: Counts;
	shared: Counts;
	unlisted: Unlisted[];
	excluded: Array<Unlisted & { reason: string }>;
	/** Module-level survivors, counted as ignored: a test loaded their module again. */
	reloaded: Unlisted[];
	unusedEquivalents: Equivalent[];
}
/** Whitespace runs as one space, trimmed: how equivalents are compared with Stryker's code. */
export function squash(text: string): string;
/** Whether a file is of nodes/shared, the code every operation and trigger runs. */
export function isShared(file: string): boolean;
export function originalOf(source: string, location: Location): string;
export function loadEquivalents(path?: string): Equivalent[];
export interface Place {
	text: string;
	start: number;
	end: number;
}
export function placeOf(source: string, location: Location): Place;
export function equivalentOf(
	equivalents: Equivalent[],
	file: string,
	mutant: ReportMutant,
	original: string,
	place?: Place,
): Equivalent | undefined;
export function score(counts: Counts, lessEquivalents: boolean): number | undefined;
export function summarize(
	report: Report,
	equivalents: Equivalent[],
	options?: { everyTest?: boolean; everyFile?: boolean },
): Summary;
export function renderSummary(
	summary: Summary,
	context: { commit: string; date: string; scope: string; complete: boolean },
): string;
export function percent(value: number | undefined): string;
export function scoreLines(summary: Summary, context: { scope: string; limit?: number }): string[];
