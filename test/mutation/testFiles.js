/**
 * Which test file holds which test, as the mutation run's dry run saw them: lets the sequencer
 * (sequencer.js) hand jest only the files that hold a test of the mutant's run.
 *
 * Why: Stryker's jest runner passes a mutant's covering tests as a name pattern and lets jest
 * load every test file (findRelatedTests is off: every test reaches every node through the
 * harness). Loading a file re-evaluates n8n-core and n8n-workflow in its own module registry,
 * about half a second, so each mutant cost some 15 s before its first test ran, whatever its
 * tests were. A file in which jest would run no test (no test name matches the pattern) is
 * left out: exactly the tests jest would have run still run.
 *
 * The dry run (no mutant active: every test runs, in Stryker's first test runner process)
 * records each test's full name (the name Stryker puts in the pattern) under its file, in a
 * file under the system's temp folder keyed by the sandbox's root, so the test runner processes
 * Stryker starts later (and restarts after a timeout) read it. Without it, nothing is left out.
 */
const { createHash } = require('node:crypto');
const { mkdirSync, readFileSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

/** Set by Stryker for each mutant run (INSTRUMENTER_CONSTANTS.ACTIVE_MUTANT_ENV_VARIABLE). */
const ACTIVE_MUTANT = '__STRYKER_ACTIVE_MUTANT__';

const activeMutant = () => process.env[ACTIVE_MUTANT];

const recordFile = (rootDir) =>
	join(
		tmpdir(),
		'engagement-monitor-mutation',
		`${createHash('sha1').update(rootDir).digest('hex')}.json`,
	);

/** The full name jest matches a name pattern against (circus's getTestID; Stryker's test id). */
function fullName(test) {
	const titles = [test.name];
	for (let block = test.parent; block?.parent; block = block.parent) titles.unshift(block.name);
	return titles.join(' ');
}

/** Per process: the tests seen in this process's run with no mutant active (the dry run). */
const seen = {};

function recordTest(testPath, test) {
	(seen[testPath] ??= []).push(fullName(test));
}

/**
 * Written after each test file, so the record is complete when the dry run ends. The dry run is
 * one process (Stryker's jest adapter runs jest with runInBand), so its record is all of it.
 */
function saveRecord(rootDir) {
	const file = recordFile(rootDir);
	mkdirSync(join(file, '..'), { recursive: true });
	writeFileSync(file, JSON.stringify(seen));
}

function readRecord(rootDir) {
	try {
		return JSON.parse(readFileSync(recordFile(rootDir), 'utf8'));
	} catch {
		return undefined;
	}
}

/**
 * The test files jest would run at least one test of: all of them unless a mutant is active,
 * jest has a name pattern and the dry run's record is there. A file the record does not know
 * is kept.
 */
function filesToRun(tests, rootDir, testNamePattern) {
	if (activeMutant() === undefined || !testNamePattern) return tests;
	const record = readRecord(rootDir);
	if (!record) return tests;
	const pattern = new RegExp(testNamePattern, 'i'); // as jest-circus builds it
	return tests.filter(
		(test) => !record[test.path] || record[test.path].some((name) => pattern.test(name)),
	);
}

module.exports = { activeMutant, recordTest, saveRecord, filesToRun };
