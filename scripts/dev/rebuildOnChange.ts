/**
 * `npm run dev`'s build: TypeScript's own watch mode compiles what changed into dist/ (a
 * second or two, not the full build's ten), then the assets and n8n's lazy-loading metadata
 * are written as `npm run build` writes them (gulpfile.js), and dist/ is copied into the
 * package n8n runs. n8n started with N8N_DEV_RELOAD=true watches that copy's dist/, drops
 * the package's modules from its require cache, reloads it and tells the open editors to
 * fetch the node types again (n8n's `setupHotReload`, 1.x and 2.x alike): the next
 * execution runs the new code and the editor shows the new parameters without a restart.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, globSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.join(__dirname, '..', '..');

/** Icons, codex files and output schemas, as gulpfile.js copies them. */
function copyAssets(): void {
	for (const pattern of [
		'icons/**/*.{svg,png}',
		'nodes/**/*.node.json',
		'nodes/**/__schema__/**/*.json',
	]) {
		for (const file of globSync(pattern, { cwd: root })) {
			mkdirSync(path.dirname(path.join(root, 'dist', file)), { recursive: true });
			cpSync(path.join(root, file), path.join(root, 'dist', file));
		}
	}
}

/** n8n's lazy-loading metadata (dist/known, dist/types), as gulpfile.js writes it. */
function writeMetadata(): void {
	execFileSync(process.execPath, [require.resolve('n8n-core/bin/generate-metadata')], {
		cwd: root,
		stdio: ['ignore', 'ignore', 'inherit'],
	});
	rmSync(path.join(root, 'dist', 'methods'), { recursive: true, force: true });
}

/**
 * The files of `from` whose content differs in `to`, copied: n8n reloads the package on the
 * first file event, so a whole copy of dist/ would make it reload more than once.
 */
function copyChanged(from: string, to: string): void {
	for (const file of globSync('**/*', { cwd: from, withFileTypes: false }) as string[]) {
		const source = path.join(from, file);
		const target = path.join(to, file);
		if (statSync(source).isDirectory()) continue;
		if (existsSync(target) && readFileSync(target).equals(readFileSync(source))) continue;
		mkdirSync(path.dirname(target), { recursive: true });
		cpSync(source, target);
	}
}

export interface Rebuilt {
	/** When the compiler saw the change (ms since the epoch). */
	changedAt: number;
	/** When the package n8n runs had the new build. */
	copiedAt: number;
}

/**
 * Watch the package's sources; after each change that compiles, copy dist/ into
 * `installedPackage` (the folder n8n loads the package from). Type errors are printed and
 * nothing is copied. Returns a function that stops watching.
 */
export function rebuildOnChange(
	installedPackage: string,
	log: (line: string) => void,
	onRebuilt: (rebuilt: Rebuilt) => void = () => undefined,
): () => void {
	let changedAt = Date.now();
	let errors = 0;
	const reportDiagnostic = (diagnostic: ts.Diagnostic) => {
		errors++;
		log(
			`  ${ts.formatDiagnostic(diagnostic, { getCanonicalFileName: (f) => f, getCurrentDirectory: () => root, getNewLine: () => '\n' }).trim()}`,
		);
	};
	const reportWatchStatus = (diagnostic: ts.Diagnostic) => {
		// 6031/6032: a (re)compilation starts; 6193/6194: it ended, with its error count.
		if (diagnostic.code === 6031 || diagnostic.code === 6032) {
			changedAt = Date.now();
			errors = 0;
			return;
		}
		if (diagnostic.code !== 6193 && diagnostic.code !== 6194) return;
		if (errors > 0)
			return log(
				`  the change does not compile (${errors} error(s) above): n8n keeps the last build`,
			);
		copyAssets();
		writeMetadata();
		if (!existsSync(installedPackage))
			return log(`  ${installedPackage} is missing: start n8n with npm run dev`);
		copyChanged(path.join(root, 'dist'), path.join(installedPackage, 'dist'));
		const copiedAt = Date.now();
		log(`  rebuilt in ${((copiedAt - changedAt) / 1000).toFixed(1)} s; n8n reloads the package`);
		onRebuilt({ changedAt, copiedAt });
	};
	const host = ts.createWatchCompilerHost(
		path.join(root, 'tsconfig.json'),
		{},
		ts.sys,
		ts.createEmitAndSemanticDiagnosticsBuilderProgram,
		reportDiagnostic,
		reportWatchStatus,
	);
	const watch = ts.createWatchProgram(host);
	return () => watch.close();
}
