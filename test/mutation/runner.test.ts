/**
 * The pieces that make a mutation run quicker (mutationEnvironment.js, mutationRunner.js, testFiles.js, sequencer.js)
 * change no result: a fixture project runs under them in a separate jest process, as Stryker's
 * test runner runs it (an active mutant in the environment, its tests as a name pattern).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, 'fixtures/runner');
const A = join(ROOT, 'a.fixture.js');
const B = join(ROOT, 'b.fixture.js');

interface JestJson {
	numTotalTestSuites: number;
	testResults: Array<{
		name: string;
		assertionResults: Array<{ fullName: string; status: string }>;
	}>;
}

let tmp: string;
beforeEach(() => {
	tmp = mkdtempSync(join(tmpdir(), 'mutation-runner-'));
});
afterEach(() => rmSync(tmp, { recursive: true, force: true }));

/** One jest run of the fixture project; `env` as Stryker's test runner would set it. */
function runJest(env: Record<string, string>, namePattern?: string): JestJson {
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
		...(namePattern ? ['-t', namePattern] : []),
	];
	let out: string;
	try {
		out = execFileSync('npx', args, {
			env: { ...process.env, TMPDIR: tmp, ...env },
			encoding: 'utf8',
			stdio: ['ignore', 'pipe', 'pipe'],
		});
	} catch (error) {
		out = (error as { stdout: string }).stdout; // a failing test: jest exits 1
	}
	return JSON.parse(out) as JestJson;
}

const statuses = (run: JestJson) =>
	Object.fromEntries(
		run.testResults.flatMap((file) =>
			file.assertionResults.map((test) => [test.fullName, test.status]),
		),
	);
const recordDir = () => join(tmp, 'engagement-monitor-mutation');
const record = () => {
	const [file] = readdirSync(recordDir());
	return JSON.parse(readFileSync(join(recordDir(), file), 'utf8')) as Record<string, string[]>;
};

it("with no mutant active (the dry run), every test runs and each file's test names are recorded as jest names them", () => {
	const run = runJest({});
	expect(statuses(run)).toEqual({
		'a first': 'passed',
		'a second': 'passed',
		'b nested third': 'passed',
	});
	expect(record()).toEqual({ [A]: ['a first', 'a second'], [B]: ['b nested third'] });
}, 60_000);

it('under a mutant, only the files holding a test of its pattern are loaded; without a record, every file', () => {
	const withoutRecord = runJest({ __STRYKER_ACTIVE_MUTANT__: '7' }, '(b nested third)');
	expect(withoutRecord.numTotalTestSuites).toBe(2);
	runJest({});
	const run = runJest({ __STRYKER_ACTIVE_MUTANT__: '7' }, '(b nested third)');
	expect(run.numTotalTestSuites).toBe(1);
	expect(statuses(run)).toEqual({ 'b nested third': 'passed' });
	// a file the record does not know (added after the dry run) is kept
	const [file] = readdirSync(recordDir());
	writeFileSync(join(recordDir(), file), JSON.stringify({ [A]: ['a first', 'a second'] }));
	const unknownB = runJest({ __STRYKER_ACTIVE_MUTANT__: '7' }, '(b nested third)');
	expect(statuses(unknownB)).toEqual({ 'b nested third': 'passed' });
	expect(unknownB.numTotalTestSuites).toBe(1);
}, 60_000);

it('under a mutant, a failing test skips every later test, and no later file is loaded; with no mutant, nothing is skipped', () => {
	const bLoaded = () => existsSync(join(tmp, 'b-loaded'));
	const hookRan = () => existsSync(join(tmp, 'b-hook-ran'));
	const killed = runJest({ __STRYKER_ACTIVE_MUTANT__: '7', FIXTURE_FAIL: '1' });
	expect(statuses(killed)).toEqual({ 'a first': 'failed', 'a second': 'pending' });
	expect(bLoaded()).toBe(false);
	expect(hookRan()).toBe(false);
	const noMutant = runJest({ FIXTURE_FAIL: '1' });
	expect(statuses(noMutant)).toEqual({
		'a first': 'failed',
		'a second': 'passed',
		'b nested third': 'passed',
	});
	expect(bLoaded()).toBe(true);
	expect(hookRan()).toBe(true);
}, 60_000);

it('under a mutant whose tests all pass (a survivor), every file holding one of its tests runs', () => {
	const survived = runJest({ __STRYKER_ACTIVE_MUTANT__: '7' });
	expect(statuses(survived)).toEqual({
		'a first': 'passed',
		'a second': 'passed',
		'b nested third': 'passed',
	});
}, 60_000);
