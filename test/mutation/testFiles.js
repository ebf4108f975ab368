/**
 * Which test file holds which test, as the dry run saw them, so that under a mutant jest loads
 * only the files holding one of its tests (sequencer.js). Stryker's jest runner passes a mutant's
 * tests as a name pattern and lets jest load every file (findRelatedTests cannot help: every test
 * reaches every node through the harness), and loading one evaluates n8n-core again (about half
 * a second). The dry run (no mutant active, one process) records each test's full name under its
 * file, in the system's temp folder keyed by the sandbox, for the runners Stryker starts later.
 */
const { createHash } = require('node:crypto');
const { mkdirSync, readFileSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

/** Set by Stryker for each mutant run (INSTRUMENTER_CONSTANTS.ACTIVE_MUTANT_ENV_VARIABLE). */
const activeMutant = () => process.env.__STRYKER_ACTIVE_MUTANT__;

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

const seen = {};

const recordTest = (testPath, test) => (seen[testPath] ??= []).push(fullName(test));

/** Written after each test file, so the record is whole when the dry run ends. */
function saveRecord(rootDir) {
	mkdirSync(join(recordFile(rootDir), '..'), { recursive: true });
	writeFileSync(recordFile(rootDir), JSON.stringify(seen));
}

/**
 * The files jest would run a test of: all of them with no mutant, no pattern or no record, else
 * those the dry run ran (all, or Stryker's --testFiles) holding a test the pattern names.
 */
function filesToRun(tests, rootDir, testNamePattern) {
	if (activeMutant() === undefined || !testNamePattern) return tests;
	let record;
	try {
		record = JSON.parse(readFileSync(recordFile(rootDir), 'utf8'));
	} catch {
		return tests;
	}
	const pattern = new RegExp(testNamePattern, 'i'); // as jest-circus builds it
	return tests.filter((t) => record[t.path]?.some((name) => pattern.test(name)));
}

module.exports = { activeMutant, recordTest, saveRecord, filesToRun };
