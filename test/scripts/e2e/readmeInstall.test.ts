/**
 * The README recipe the end-to-end tier runs (scripts/e2e/readmeInstall.ts) is read from the
 * README itself: the block after its heading, whatever else the README holds.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { recipe } from '../../../scripts/e2e/readmeInstall';

test('the block after the heading, not an earlier or a later one', () => {
	const readme = ['```sh', 'npm start', '```', '**From a tarball** (until …):', '', '```sh', 'npm install && npm run build && npm pack', '```', '```sh', 'later', '```'].join('\n');
	expect(recipe(readme, '**From a tarball**')).toBe('npm install && npm run build && npm pack\n');
});

test('says what is missing', () => {
	expect(() => recipe('no such line', '**From a tarball**')).toThrow('README.md has no line starting with "**From a tarball**"');
	expect(() => recipe('**From a tarball**\nno block', '**From a tarball**')).toThrow('no sh code block after');
});

test("the README's tarball recipe builds before it packs (a pack of a clone without dist/ holds no node)", () => {
	const script = recipe(readFileSync(path.join(__dirname, '..', '..', '..', 'README.md'), 'utf8'), '**From a tarball**');
	expect(script.indexOf('npm run build')).toBeGreaterThan(-1);
	expect(script.indexOf('npm run build')).toBeLessThan(script.indexOf('npm pack'));
});
