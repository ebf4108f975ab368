/**
 * n8n's scanner (`@n8n/scan-community-package`, the check behind n8n's verification of
 * community packages) on the version published to the tier's local registry.
 *
 * The scanner's CLI reads the public registry only (its address is hard-coded), so this
 * runs its exported checks the way its `analyzePackageByName` does, on what the local
 * registry serves:
 * - **source lint**: its `analyzePackage(<source>, SOURCE_FILE_PATTERNS)` on this checkout
 *   (package.json, nodes/ and credentials/; the real scan lints the commit the provenance
 *   attests);
 * - **tarball lint**: `npm pack <name>@<version>` from the registry, unpacked, then
 *   `analyzePackage(<package>, ['**\/*.js', 'package.json'])`.
 * Its **provenance check** is not run: it needs an attestation made by a real publish from
 * GitHub Actions to the public registry (README, "Releasing").
 *
 * The scanner's verdict counts errors only and ignores inline `eslint-disable` comments
 * (`allowInlineConfig: false`). So each leg is also linted with the scanner's own config
 * (its exported `buildScanConfig`) to count warnings, once as the scanner sees them and
 * once honouring the package's inline exceptions, each of which says why (there is one:
 * `pingKey` is a password field on purpose, see credentials/CheckMonitorApi.credentials.ts).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runtimeEnv } from '../shared/n8nRuntime';

export interface LintCount {
	files: number;
	errors: number;
	warnings: number;
	/** `file:line rule message` for each problem. */
	problems: string[];
}

export interface ScanLeg {
	name: 'source lint' | 'tarball lint';
	/** The scanner's own verdict (analyzePackage). */
	passed: boolean;
	message?: string;
	/** As the scanner lints (inline comments ignored). */
	asScanned: LintCount;
	/** With the package's inline, reasoned exceptions honoured. */
	withExceptions: LintCount;
}

const root = path.join(__dirname, '..', '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

interface ScannerModule {
	analyzePackage(
		dir: string,
		patterns?: string[],
	): Promise<{ passed: boolean; message?: string; details?: string }>;
	buildScanConfig(): Promise<unknown>;
	SOURCE_FILE_PATTERNS: string[];
}

async function count(
	dir: string,
	patterns: string[],
	allowInlineConfig: boolean,
	overrideConfig: unknown,
): Promise<LintCount> {
	const { ESLint } = (await import('eslint')) as typeof import('eslint');
	const glob = (await import('fast-glob')).default;
	// The same options and file list as the scanner's analyzePackage, but for allowInlineConfig.
	const eslint = new ESLint({
		cwd: dir,
		allowInlineConfig,
		overrideConfigFile: true,
		overrideConfig: overrideConfig as never,
	});
	const files = glob.sync(patterns, {
		cwd: dir,
		absolute: true,
		ignore: ['node_modules/**', '**/package-lock.json'],
	});
	const results = await eslint.lintFiles(files);
	return {
		files: files.length,
		errors: results.reduce((sum, r) => sum + r.errorCount, 0),
		warnings: results.reduce((sum, r) => sum + r.warningCount, 0),
		problems: results.flatMap((r) =>
			r.messages.map(
				(m) => `${path.relative(dir, r.filePath)}:${m.line} ${m.ruleId ?? ''} ${m.message}`,
			),
		),
	};
}

async function leg(
	scanner: ScannerModule,
	name: ScanLeg['name'],
	dir: string,
	patterns: string[],
): Promise<ScanLeg> {
	const verdict = await scanner.analyzePackage(dir, patterns);
	const config = await scanner.buildScanConfig();
	return {
		name,
		passed: verdict.passed,
		message: verdict.passed
			? undefined
			: `${verdict.message ?? ''}\n${verdict.details ?? ''}`.trim(),
		asScanned: await count(dir, patterns, false, config),
		withExceptions: await count(dir, patterns, true, config),
	};
}

/** Both lint legs of the scanner on `name@version` from `registry`. */
export async function scanPublished(
	registry: string,
	name: string,
	version: string,
): Promise<ScanLeg[]> {
	const scanner = (await import(
		'@n8n/scan-community-package/scanner/scanner.mjs' as string
	)) as ScannerModule;
	const work = mkdtempSync(path.join(os.tmpdir(), 'n8n-scan-'));
	try {
		const tarball = execFileSync(
			npm,
			['pack', `${name}@${version}`, '--quiet', `--registry=${registry}`],
			{ cwd: work, env: runtimeEnv(), encoding: 'utf8' },
		)
			.trim()
			.split('\n')
			.pop()!;
		const packageDir = path.join(work, 'package');
		mkdirSync(packageDir);
		execFileSync('tar', ['-xzf', tarball, '-C', packageDir, '--strip-components=1'], { cwd: work });
		return [
			await leg(scanner, 'source lint', root, scanner.SOURCE_FILE_PATTERNS),
			await leg(scanner, 'tarball lint', packageDir, ['**/*.js', 'package.json']),
		];
	} finally {
		rmSync(work, { recursive: true, force: true });
	}
}

/** One line per leg, for the test output and the closing of a run. */
export function describeLeg(l: ScanLeg): string {
	const c = (x: LintCount) => `${x.errors} errors, ${x.warnings} warnings`;
	return `${l.name}: scanner verdict ${l.passed ? 'passed' : 'FAILED'} (${l.asScanned.files} files; as scanned ${c(l.asScanned)}; with the package's inline exceptions ${c(l.withExceptions)})`;
}
