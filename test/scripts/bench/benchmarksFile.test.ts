import { replaceBlock } from '../../../scripts/bench/benchmarksFile';

describe('a bench writes only its own block of BENCHMARKS.md', () => {
	const file = [
		'# Benchmarks',
		'',
		'<!-- npm run bench -->',
		'old engine figures',
		'<!-- end npm run bench -->',
		'',
		'Text between.',
		'',
		'<!-- npm run bench:n8n (n8n 2.41.1) -->',
		'old n8n figures',
		'<!-- end npm run bench:n8n (n8n 2.41.1) -->',
		'',
	].join('\n');

	it('replaces the lines between its markers and keeps everything else', () => {
		const written = replaceBlock(file, 'npm run bench', '\nnew engine figures\n');
		expect(written).toBe(file.replace('old engine figures', 'new engine figures'));
	});

	it('leaves another bench block alone', () => {
		const written = replaceBlock(file, 'npm run bench:n8n (n8n 2.41.1)', 'new n8n figures');
		expect(written).toContain('old engine figures');
		expect(written).toContain('Text between.');
		expect(written).toContain('new n8n figures');
		expect(written).not.toContain('old n8n figures');
	});

	it('adds a block the file lacks at its end', () => {
		const written = replaceBlock(file, 'npm run bench:n8n (n8n 1.123.81)', 'figures on 1.x');
		expect(written.startsWith(file.trimEnd())).toBe(true);
		expect(
			written.endsWith(
				'<!-- npm run bench:n8n (n8n 1.123.81) -->\nfigures on 1.x\n<!-- end npm run bench:n8n (n8n 1.123.81) -->\n',
			),
		).toBe(true);
	});
});
