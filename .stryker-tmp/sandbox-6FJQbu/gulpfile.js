/**
 * Build pipeline: clean dist/, compile TypeScript, then copy what tsc does not emit:
 * icons, codex files (<Node>.node.json) and output schemas (__schema__/**.json).
 * Icons are copied as bytes (`encoding: false`): gulp 5 otherwise re-encodes binaries.
 */
// @ts-nocheck

const { dest, parallel, series, src } = require('gulp');
const { execFileSync } = require('node:child_process');
const { rmSync } = require('node:fs');
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

exports.clean = clean;
exports.build = series(clean, compile, parallel(copyIcons, copyNodeAssets));
exports.default = exports.build;
