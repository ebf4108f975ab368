/**
 * The README recipe the end-to-end tier runs (scripts/e2e/readmeInstall.ts) is read from the
 * README itself: the block after its heading, whatever else the README holds.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { besideThePackage, machinePath, recipe } from '../../../scripts/e2e/readmeInstall';

const readme = readFileSync(path.join(__dirname, '..', '..', '..', 'README.md'), 'utf8');

test('the block after the heading, not an earlier or a later one', () => {
	const readme = [
		'```sh',
		'npm start',
		'```',
		'**From a tarball** (until …):',
		'',
		'```sh',
		'npm install && npm run build && npm pack',
		'```',
		'```sh',
		'later',
		'```',
	].join('\n');
	expect(recipe(readme, '**From a tarball**')).toBe('npm install && npm run build && npm pack\n');
});

test('says what is missing', () => {
	expect(() => recipe('no such line', '**From a tarball**')).toThrow(
		'README.md has no line starting with "**From a tarball**"',
	);
	expect(() => recipe('**From a tarball**\nno block', '**From a tarball**')).toThrow(
		'no sh code block after',
	);
});

test("the README's tarball recipe builds before it packs (a pack of a clone without dist/ holds no node)", () => {
	const script = recipe(readme, '**From a tarball**');
	expect(script.indexOf('npm run build')).toBeGreaterThan(-1);
	expect(script.indexOf('npm run build')).toBeLessThan(script.indexOf('npm pack'));
});

// The package is not on the public registry, so the tier cannot run *By hand*'s install: its
// command must carry the flag the tier proves in *From a tarball* (n8n-workflow, a peer n8n
// provides, left out: on Node 20 its newest version fails to install).
test('both by-hand recipes install without the peer dependency (--omit=peer)', () => {
	const byHand = readme.slice(readme.indexOf('**By hand**')).split('\n\n')[0];
	const byHandInstalls = [...byHand.matchAll(/`(npm install [^`]*)`/g)].map((match) => match[1]);
	expect(byHandInstalls).toEqual(['npm install --omit=peer n8n-nodes-engagement-monitor']);
	// In the tarball recipe: the installs after it moved into ~/.n8n/nodes (the first line builds in the clone).
	const tarball = recipe(readme, '**From a tarball**').split('\n');
	const tarballInstalls = tarball
		.slice(tarball.findIndex((line) => line.includes('cd ~/.n8n/nodes')))
		.filter((line) => line.startsWith('npm install'));
	expect(tarballInstalls).toEqual([
		'npm install --omit=peer "$OLDPWD"/n8n-nodes-engagement-monitor-*.tgz',
	]);
});

test("the machine's PATH: without npm's and the checkout's node_modules/.bin folders", () => {
	const PATH = [
		'/repo/node_modules/.bin',
		'/node_modules/.bin',
		'/usr/lib/node_modules/npm/node_modules/@npmcli/run-script/lib/node-gyp-bin',
		'/usr/local/bin',
		'/usr/bin',
	].join(path.delimiter);
	expect(machinePath(PATH)).toBe(['/usr/local/bin', '/usr/bin'].join(path.delimiter));
});

test("alone: nothing in nodes/node_modules but the package and npm's hidden lockfile", () => {
	const nodeModules = mkdtempSync(path.join(os.tmpdir(), 'beside-'));
	try {
		mkdirSync(path.join(nodeModules, 'n8n-nodes-engagement-monitor'));
		writeFileSync(path.join(nodeModules, '.package-lock.json'), '{}');
		expect(besideThePackage(nodeModules)).toEqual([]);
		mkdirSync(path.join(nodeModules, 'n8n-workflow'));
		mkdirSync(path.join(nodeModules, '@n8n'));
		expect(besideThePackage(nodeModules).sort()).toEqual(['@n8n', 'n8n-workflow']);
	} finally {
		rmSync(nodeModules, { recursive: true, force: true });
	}
});
