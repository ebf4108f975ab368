/**
 * The pieces that make a mutation run quicker (mutationEnvironment.js, mutationRunner.js,
 * testFiles.js, sequencer.js) change no result: a fixture project runs under them in a separate
 * jest process, as Stryker's test runner runs it (an active mutant, its tests as a name pattern).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, 'fixtures/runner');
const [A, B] = ['a', 'b'].map((name) => join(ROOT, `${name}.fixture.js`));
const MUTANT = { __STRYKER_ACTIVE_MUTANT__: '7' };

let tmp: string;
beforeEach(() => (tmp = mkdtempSync(join(tmpdir(), 'mutation-runner-'))));
afterEach(() => rmSync(tmp, { recursive: true, force: true }));

/** One jest run of the fixture project: the files it ran and each test's status. */
function runJest(env: Record<string, string>, namePattern?: string) {
	const config = {
		rootDir: ROOT,
		testMatch: ['**/*.fixture.js'],
		testEnvironment: resolve(__dirname, 'mutationEnvironment.js'),
		testSequencer: resolve(__dirname, 'sequencer.js'),
		runner: resolve(__dirname, 'mutationRunner.js'),
		transform: {},
	};
	const args = [
		'jest',
		'--config',
		JSON.stringify(config),
		'--runInBand',
		'--json',
		'--ci',
		'--passWithNoTests',
	];
	let out: string;
	try {
		out = execFileSync('npx', [...args, ...(namePattern ? ['-t', namePattern] : [])], {
			env: { ...process.env, TMPDIR: tmp, ...env },
			encoding: 'utf8',
			stdio: ['ignore', 'pipe', 'pipe'],
		});
	} catch (error) {
		out = (error as { stdout: string }).stdout; // a failing test: jest exits 1
	}
	const run = JSON.parse(out) as {
		numTotalTestSuites: number;
		testResults: Array<{ assertionResults: Array<{ fullName: string; status: string }> }>;
	};
	const tests = run.testResults.flatMap((file) => file.assertionResults);
	return {
		files: run.numTotalTestSuites,
		statuses: Object.fromEntries(tests.map((test) => [test.fullName, test.status])),
	};
}

const recordPath = () => {
	const dir = join(tmp, 'engagement-monitor-mutation');
	return join(dir, readdirSync(dir)[0]);
};

it("with no mutant active (the dry run), every test runs and each file's test names are recorded", () => {
	const run = runJest({});
	expect(run.statuses).toEqual({
		'a first': 'passed',
		'a second': 'passed',
		'b nested third': 'passed',
	});
	expect(JSON.parse(readFileSync(recordPath(), 'utf8'))).toEqual({
		[A]: ['a first', 'a second'],
		[B]: ['b nested third'],
	});
}, 60_000);

it('under a mutant, only the files holding a test of its pattern are loaded; without a record, every file', () => {
	expect(runJest(MUTANT, '(b nested third)').files).toBe(2);
	runJest({});
	const run = runJest(MUTANT, '(b nested third)');
	expect(run).toEqual({ files: 1, statuses: { 'b nested third': 'passed' } });
	// a file the dry run did not run (Stryker's --testFiles left it out) is left out
	writeFileSync(recordPath(), JSON.stringify({ [A]: ['a first', 'a second'] }));
	expect(runJest(MUTANT, '(a first)').files).toBe(1);
	expect(runJest(MUTANT, '(b nested third)').files).toBe(0);
}, 60_000);

it('under a mutant, a failing test skips every later test and file; with no mutant, nothing is skipped', () => {
	const bLoaded = () => ['b-loaded', 'b-hook-ran'].map((file) => existsSync(join(tmp, file)));
	const killed = runJest({ ...MUTANT, FIXTURE_FAIL: '1' });
	expect(killed.statuses).toEqual({ 'a first': 'failed', 'a second': 'pending' });
	expect(bLoaded()).toEqual([false, false]);
	const noMutant = runJest({ FIXTURE_FAIL: '1' });
	expect(noMutant.statuses).toEqual({
		'a first': 'failed',
		'a second': 'passed',
		'b nested third': 'passed',
	});
	expect(bLoaded()).toEqual([true, true]);
}, 60_000);

it('under a mutant whose tests all pass (a survivor), every file holding one of its tests runs', () => {
	expect(runJest(MUTANT).statuses).toEqual({
		'a first': 'passed',
		'a second': 'passed',
		'b nested third': 'passed',
	});
}, 60_000);
