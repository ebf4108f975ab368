/**
 * The mutation summary (cli.mjs): per-file counts and scores from a mutation-testing report,
 * the survivors matched against the listed equivalents (test/mutation/equivalents.json),
 * rendered as markdown and as the few lines the command ends with. CommonJS so jest can test it.
 */
const { readFileSync } = require('node:fs');

/** The shared code every operation and trigger runs, which the project holds to a higher score. */
const isShared = (file) => file.startsWith('nodes/shared/');

const squash = (text) => String(text).replace(/\s+/g, ' ').trim();

/** The code a mutant replaces, from the file's source and its location (lines and columns 1-based, end exclusive). */
function originalOf(source, location) {
	const lines = source.split('\n');
	const { start, end } = location;
	if (start.line === end.line) return lines[start.line - 1].slice(start.column - 1, end.column - 1);
	return [
		lines[start.line - 1].slice(start.column - 1),
		...lines.slice(start.line, end.line - 1),
		lines[end.line - 1].slice(0, end.column - 1),
	].join('\n');
}

function loadEquivalents(path = 'test/mutation/equivalents.json') {
	return JSON.parse(readFileSync(path, 'utf8'));
}

/** The lines a mutant is on, and where on them it starts and ends (offsets into those lines). */
function placeOf(source, location) {
	const lines = source.split('\n').slice(location.start.line - 1, location.end.line);
	const text = lines.join('\n');
	const endLineStart = text.length - lines[lines.length - 1].length;
	return { text, start: location.start.column - 1, end: endLineStart + location.end.column - 1 };
}

/** Whether `around` (exact source text) encloses the mutant at its place. */
function encloses(place, around) {
	for (let at = place.text.indexOf(around); at !== -1; at = place.text.indexOf(around, at + 1)) {
		if (at <= place.start && at + around.length >= place.end) return true;
	}
	return false;
}

/**
 * The listed equivalent a mutant is, or undefined. `in` (optional) is source text, exactly
 * as written, that encloses the mutant: for short code such as `''` that occurs more than
 * once in a file, even on one line.
 */
function equivalentOf(equivalents, file, mutant, original, place) {
	return equivalents.find(
		(e) =>
			e.file === file &&
			e.mutator === mutant.mutatorName &&
			squash(e.original) === squash(original) &&
			(e.replacement === undefined || squash(e.replacement) === squash(mutant.replacement ?? '')) &&
			(e.in === undefined || (place !== undefined && encloses(place, e.in))),
	);
}

function emptyCounts() {
	return {
		Killed: 0,
		Timeout: 0,
		Survived: 0,
		NoCoverage: 0,
		Ignored: 0,
		CompileError: 0,
		RuntimeError: 0,
		equivalent: 0,
	};
}

function add(into, counts) {
	for (const [key, n] of Object.entries(counts)) into[key] = (into[key] ?? 0) + n;
}

/** Detected of valid mutants, in per cent; undefined when nothing was valid. */
function score(c, lessEquivalents) {
	const detected = c.Killed + c.Timeout;
	const valid = detected + c.Survived + c.NoCoverage - (lessEquivalents ? c.equivalent : 0);
	return valid === 0 ? undefined : (100 * detected) / valid;
}

const percent = (value) =>
	value === undefined ? 'n/a' : `${(Math.floor(value * 10) / 10).toFixed(1)} %`;

/**
 * Per-file counts, totals and the survivors nobody listed, from a mutation-testing report.
 * Module-level code is ignored (Stryker's ignoreStatic); a test that loads a module again
 * inside itself gets that module's mutants run against it alone. Those survivors (`static` in
 * the report) count as ignored too, listed as `reloaded`, unless `everyTest` ran them against
 * every test. `everyFile`: the report holds every file mutated, so an entry of a file it does not
 * hold (moved or removed) is unmet too.
 */
function summarize(report, equivalents, { everyTest = false, everyFile = false } = {}) {
	const files = [];
	const unlisted = [];
	const excluded = [];
	const reloaded = [];
	// A run over some files can miss only the entries of those files.
	const unusedEquivalents = new Set(equivalents.filter((e) => everyFile || e.file in report.files));
	for (const [file, { source, mutants }] of Object.entries(report.files).sort(([a], [b]) =>
		a.localeCompare(b),
	)) {
		const counts = emptyCounts();
		// In the order of the source, not of the report: two runs over the same state list the
		// same mutants in different orders, and the summary must come out the same.
		const ordered = [...mutants].sort(
			(a, b) =>
				a.location.start.line - b.location.start.line ||
				a.location.start.column - b.location.start.column ||
				a.mutatorName.localeCompare(b.mutatorName) ||
				String(a.replacement ?? '').localeCompare(String(b.replacement ?? '')),
		);
		for (const mutant of ordered) {
			const undetected = mutant.status === 'Survived' || mutant.status === 'NoCoverage';
			const moduleLevel = undetected && mutant.static === true && !everyTest;
			const status = moduleLevel ? 'Ignored' : mutant.status;
			counts[status] = (counts[status] ?? 0) + 1;
			if (!undetected) continue;
			const original = originalOf(source, mutant.location);
			const equivalent = equivalentOf(
				equivalents,
				file,
				mutant,
				original,
				placeOf(source, mutant.location),
			);
			const where = {
				file,
				line: mutant.location.start.line,
				status: mutant.status,
				mutator: mutant.mutatorName,
				original: squash(original),
				replacement: squash(mutant.replacement ?? ''),
			};
			if (moduleLevel) {
				reloaded.push(where);
			} else if (equivalent) {
				counts.equivalent++;
				unusedEquivalents.delete(equivalent);
				excluded.push({ ...where, reason: equivalent.reason });
			} else {
				unlisted.push(where);
			}
		}
		files.push({ file, counts });
	}
	const total = emptyCounts();
	const shared = emptyCounts();
	for (const { file, counts } of files) {
		add(total, counts);
		if (isShared(file)) add(shared, counts);
	}
	return {
		files,
		total,
		shared,
		unlisted,
		excluded,
		reloaded,
		unusedEquivalents: [...unusedEquivalents],
	};
}

const cut = (text, n = 90) => (text.length > n ? `${text.slice(0, n - 1)}…` : text);
/** Code in a table cell: a double-backtick span holds backticks, and `|` is escaped for the table. */
const cell = (text) => `\`\` ${cut(text).replace(/\|/g, '\\|')} \`\``;

function renderSummary(summary, { commit, date, scope, complete }) {
	const { files, total, shared, unlisted, excluded, reloaded, unusedEquivalents } = summary;
	const row = (name, c) =>
		`| ${name} | ${percent(score(c, false))} | ${percent(score(c, true))} | ${c.Killed} | ${c.Timeout} | ${c.Survived} | ${c.NoCoverage} | ${c.equivalent} | ${c.Ignored} |`;
	const lines = [
		'# Mutation testing summary',
		'',
		`Written by \`npm run test:mutation\` (test/mutation/cli.mjs); do not edit. Commit ${commit}, ${date}, ${scope}.`,
		'"Less equivalents" leaves out the survivors listed in test/mutation/equivalents.json (each with why it cannot change behaviour through n8n\'s engine).',
		'Ignored: editor-only text and code that runs only when a module loads (see docs/mutation.md).',
		'',
		'| files | score | score less equivalents | killed | timed out | survived | no coverage | of them listed equivalents | ignored |',
		'|---|---|---|---|---|---|---|---|---|',
		row(`**all (${files.length} files)**`, total),
		row('**nodes/shared**', shared),
		...files.map(({ file, counts }) => row(file, counts)),
		'',
		`## Survivors not listed as equivalent (${unlisted.length})`,
		'',
	];
	if (unlisted.length === 0) lines.push('None.');
	else {
		lines.push(
			'| file | line | status | mutator | original | replacement |',
			'|---|---|---|---|---|---|',
		);
		for (const u of unlisted)
			lines.push(
				`| ${u.file} | ${u.line} | ${u.status} | ${u.mutator} | ${cell(u.original)} | ${cell(u.replacement)} |`,
			);
	}
	lines.push(
		'',
		`## Survivors listed as equivalent (${excluded.length})`,
		'',
		"From test/mutation/equivalents.json: they cannot change behaviour through n8n's engine.",
		'',
	);
	if (excluded.length > 0) {
		lines.push(
			'| file | line | mutator | original | replacement | why it cannot change behaviour |',
			'|---|---|---|---|---|---|',
		);
		for (const x of excluded)
			lines.push(
				`| ${x.file} | ${x.line} | ${x.mutator} | ${cell(x.original)} | ${cell(x.replacement)} | ${x.reason.replace(/\|/g, '\\|').replace(/\n/g, ' ')} |`,
			);
	}
	if (reloaded.length > 0) {
		lines.push(
			'',
			`## Module-level survivors counted as ignored (${reloaded.length})`,
			'',
			'Code that runs when a module loads is ignored; these ran only because a test loads their module again inside itself, and only against that test. `--every-test` runs them against every test (docs/mutation.md).',
			'',
			'| file | line | mutator | original | replacement |',
			'|---|---|---|---|---|',
		);
		for (const r of reloaded)
			lines.push(
				`| ${r.file} | ${r.line} | ${r.mutator} | ${cell(r.original)} | ${cell(r.replacement)} |`,
			);
	}
	if (unusedEquivalents.length > 0 && complete) {
		lines.push(
			'',
			`## Listed equivalents this run did not meet (${unusedEquivalents.length})`,
			'',
			'Killed now, their code changed, or their file moved: mend or remove them in test/mutation/equivalents.json.',
			'',
		);
		for (const e of unusedEquivalents)
			lines.push(
				`- ${e.file}: ${e.mutator} ${cell(squash(e.original))} → ${cell(squash(e.replacement ?? 'any'))}${e.in ? ` in ${cell(squash(e.in))}` : ''}`,
			);
	}
	return `${lines.join('\n')}\n`;
}

const tested = (c) => c.Killed + c.Timeout + c.Survived + c.NoCoverage;

/** What the command prints when the run ends: the scores, and the survivors nobody listed (at most `limit`). */
function scoreLines(summary, { scope, limit = 20 }) {
	const { files, total, shared, unlisted, reloaded } = summary;
	const line = (name, c) =>
		`  ${name}: ${percent(score(c, false))} (${c.Killed + c.Timeout} of ${tested(c)} mutants detected); ${percent(score(c, true))} less ${c.equivalent} listed equivalent(s)`;
	const lines = [
		`Mutation score of ${scope} (${files.length} file(s); ${total.Ignored} mutants ignored, ${total.CompileError} ruled out by the type checker):`,
		line('overall', total),
	];
	if (files.some(({ file }) => isShared(file))) lines.push(line('nodes/shared', shared));
	if (unlisted.length === 0) lines.push('  Survivors not listed as equivalent: none.');
	else {
		lines.push(
			`  Survivors not listed as equivalent (${unlisted.length}), each a missing test or an equivalent to list:`,
		);
		for (const u of unlisted.slice(0, limit))
			lines.push(
				`    ${u.file}:${u.line} ${u.status} ${u.mutator}: ${cut(u.original, 60)} → ${cut(u.replacement, 60)}`,
			);
		if (unlisted.length > limit) lines.push(`    … ${unlisted.length - limit} more in the summary`);
	}
	if (reloaded.length > 0)
		lines.push(
			`  ${reloaded.length} module-level survivor(s) counted as ignored: a test loads their module again inside itself (see the summary; --every-test measures them).`,
		);
	return lines;
}

module.exports = {
	squash,
	placeOf,
	isShared,
	originalOf,
	loadEquivalents,
	equivalentOf,
	score,
	summarize,
	renderSummary,
	scoreLines,
	percent,
};
