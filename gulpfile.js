/**
 * Build pipeline: clean dist/, compile TypeScript, then copy what tsc does not emit:
 * icons, codex files (<Node>.node.json) and output schemas (__schema__/**.json); last,
 * the metadata n8n's lazy loader reads (dist/known/, dist/types/).
 * Icons are copied as bytes (`encoding: false`): gulp 5 otherwise re-encodes binaries.
 */
const { dest, parallel, series, src } = require('gulp');
const { execFileSync } = require('node:child_process');
const { existsSync, rmSync } = require('node:fs');
const path = require('node:path');

function clean(done) {
	rmSync(path.join(__dirname, 'dist'), { recursive: true, force: true });
	done();
}

function compile(done) {
	execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', 'tsconfig.json'], {
		stdio: 'inherit',
	});
	done();
}

function copyIcons() {
	return src('icons/**/*.{svg,png}', { encoding: false, base: '.' }).pipe(dest('dist'));
}

function copyNodeAssets() {
	return src(['nodes/**/*.node.json', 'nodes/**/__schema__/**/*.json'], {
		encoding: false,
		base: '.',
	}).pipe(dest('dist'));
}

/**
 * Lazy loading: at start n8n reads dist/known/{nodes,credentials}.json and
 * dist/types/{nodes,credentials}.json and loads a node's class only when a workflow or the
 * editor uses it; without them it loads every class at every start ("Can't enable
 * lazy-loading" in its debug log). The files are written by n8n's own generator,
 * n8n-core's `n8n-generate-metadata` (what n8n-nodes-base's build runs): it loads the
 * built package with n8n's PackageDirectoryLoader and writes what that loader holds, so
 * the shape is n8n's own. Its dist/methods/ (load-options method lists, read by
 * n8n-nodes-base's lint only) is not needed at run time and is removed.
 */
function lazyLoadMetadata(done) {
	execFileSync(process.execPath, [require.resolve('n8n-core/bin/generate-metadata')], {
		cwd: __dirname,
		stdio: 'inherit',
	});
	for (const file of [
		'known/nodes.json',
		'known/credentials.json',
		'types/nodes.json',
		'types/credentials.json',
	]) {
		if (!existsSync(path.join(__dirname, 'dist', file)))
			throw new Error(`n8n-generate-metadata wrote no dist/${file}`);
	}
	rmSync(path.join(__dirname, 'dist', 'methods'), { recursive: true, force: true });
	done();
}

exports.clean = clean;
exports.build = series(clean, compile, parallel(copyIcons, copyNodeAssets), lazyLoadMetadata);
exports.default = exports.build;
