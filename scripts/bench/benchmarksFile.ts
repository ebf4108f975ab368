/**
 * `-- --write` of a bench: its output replaces its own block of BENCHMARKS.md, the lines
 * between `<!-- <command> -->` and `<!-- end <command> -->`, so one bench never overwrites
 * another's figures or the text around them. A block the file lacks is added at its end.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const BENCHMARKS_FILE = path.join(__dirname, '..', '..', 'BENCHMARKS.md');

export function replaceBlock(text: string, command: string, report: string): string {
	const start = `<!-- ${command} -->`;
	const end = `<!-- end ${command} -->`;
	const block = `${start}\n${report.trim()}\n${end}`;
	const from = text.indexOf(start);
	const to = text.indexOf(end);
	if (from === -1 || to < from) return `${text.trimEnd()}\n\n${block}\n`;
	return text.slice(0, from) + block + text.slice(to + end.length);
}

export function writeBenchmarks(command: string, report: string, file = BENCHMARKS_FILE): void {
	writeFileSync(file, replaceBlock(readFileSync(file, 'utf8'), command, report));
}
