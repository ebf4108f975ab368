/**
 * Install the package from a registry into an n8n user folder exactly as that n8n version's
 * Community Nodes install does it (`CommunityPackagesService.downloadPackage`), with the
 * steps read from that version's own compiled code, so a change in n8n's steps shows here.
 *
 * Why not n8n's own install (Settings → Community Nodes, or its REST API)? It passes
 * `--registry=<N8N_COMMUNITY_PACKAGES_REGISTRY>` to npm, and a registry other than the public
 * one is a licensed feature (`getNpmRegistry` throws FeatureNotLicensedError on every
 * version from 1.123 to 2.41), so an unlicensed n8n cannot install from a local registry.
 * The steps, read from 1.123.81 and 2.41.1:
 *   1. in <user folder>/.n8n/nodes: `npm pack <name>@<version> --quiet --registry=<registry>`;
 *   2. `tar -xzf <tarball> -C nodes/node_modules/<name> --strip-components=1`;
 *   3. drop devDependencies, peerDependencies and optionalDependencies from its package.json;
 *   4. in the package's folder: `npm install --audit=false --fund=false --bin-links=false
 *      --install-strategy=shallow --ignore-scripts=true --package-lock=false --registry=…`;
 *   5. record `<name>: <version>` in <user folder>/nodes/package.json's dependencies; remove the tarball.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { runtimeEnv } from '../shared/n8nRuntime';

const run = promisify(execFile);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

export interface InstallSteps {
	/** `npm pack` flags besides the package and the registry (e.g. ['--quiet']). */
	packFlags: string[];
	/** `tar` flags besides `-xzf <tarball>` and `-C <folder>`. */
	tarFlags: string[];
	/** package.json fields removed before the install. */
	droppedFields: string[];
	/** `npm install` flags besides the registry. */
	installFlags: string[];
	/** Where they were read. */
	source: string;
}

/** The file of n8n's community-packages service in an installed n8n. */
export function communityPackagesServiceFile(n8nDir: string): string {
	const file = path.join(
		n8nDir,
		'node_modules',
		'n8n',
		'dist',
		'modules',
		'community-packages',
		'community-packages.service.js',
	);
	if (!existsSync(file))
		throw new Error(
			`n8n's community-packages service is not at ${file}: this n8n version installs packages differently; read its code and update scripts/release/communityInstall.ts`,
		);
	return file;
}

/** The body of a class method `async name(` … up to the next method at the same indentation. */
function methodBody(code: string, name: string): string {
	const start = code.search(new RegExp(`\\n(\\s+)(?:async )?${name}\\(`));
	if (start === -1) throw new Error(`no ${name}() in n8n's community-packages service`);
	const indent = /\n(\s+)/.exec(code.slice(start))![1];
	const rest = code.slice(start + 1);
	const end = rest.slice(1).search(new RegExp(`\\n${indent}(?:async )?[A-Za-z_]+\\(`));
	return end === -1 ? rest : rest.slice(0, end + 1);
}

/** The top-level elements of an array literal's text (between its brackets). */
function elements(inner: string): string[] {
	const out: string[] = [];
	let depth = 0;
	let current = '';
	for (const char of inner) {
		if ('([{'.includes(char)) depth++;
		if (')]}'.includes(char)) depth--;
		if (char === ',' && depth === 0) {
			out.push(current.trim());
			current = '';
		} else current += char;
	}
	if (current.trim()) out.push(current.trim());
	return out;
}

/** The text between the brackets of the array literal that starts at `from`. */
function arrayAt(code: string, from: number): string {
	let depth = 0;
	for (let i = from; i < code.length; i++) {
		if (code[i] === '[') depth++;
		if (code[i] === ']' && --depth === 0) return code.slice(from + 1, i);
	}
	throw new Error("unterminated array literal in n8n's community-packages service");
}

/**
 * The string values of an array literal, with spreads of module constants (`...NPM_ARGS`)
 * and of methods returning an array (`...this.getNpmInstallArgs()`) expanded. The registry
 * argument (a template literal `--registry=${…}`) is left out: the caller passes its own.
 * Anything else is refused, so a change in n8n's code stops the tier instead of guessing.
 */
function stringValues(code: string, inner: string): string[] {
	const values: string[] = [];
	for (const element of elements(inner)) {
		const literal = /^'([^']*)'$/.exec(element);
		if (literal) {
			values.push(literal[1]);
			continue;
		}
		if (/^`--registry=\$\{[^}]+\}`$/.test(element)) continue;
		// The package spec `${packageName}@${packageVersion}`, and the tarball and folder variables.
		if (
			/^`\$\{packageName\}@\$\{packageVersion\}`$/.test(element) ||
			['tarballName', 'packageDirectory'].includes(element)
		)
			continue;
		const constant = /^\.\.\.([A-Z_][A-Z0-9_]*)$/.exec(element);
		if (constant) {
			const at = code.search(new RegExp(`const ${constant[1]} = \\[`));
			if (at === -1)
				throw new Error(
					`n8n's community-packages service spreads ${constant[1]}, which it does not define as an array`,
				);
			values.push(...stringValues(code, arrayAt(code, code.indexOf('[', at))));
			continue;
		}
		const method = /^\.\.\.this\.([A-Za-z_]+)\(\)$/.exec(element);
		if (method) {
			const body = methodBody(code, method[1]);
			const returned = body.indexOf('return [');
			if (returned === -1) throw new Error(`n8n's ${method[1]}() does not return an array literal`);
			values.push(...stringValues(code, arrayAt(body, body.indexOf('[', returned))));
			continue;
		}
		throw new Error(`cannot read this argument of n8n's install steps: ${element}`);
	}
	return values;
}

/** Read the install steps from an installed n8n's own code (see the file's comment). */
export function readInstallSteps(n8nDir: string): InstallSteps {
	const file = communityPackagesServiceFile(n8nDir);
	const code = readFileSync(file, 'utf8');
	const body = methodBody(code, 'downloadPackage');
	const arrayAfter = (marker: RegExp, what: string) => {
		const at = body.search(marker);
		if (at === -1) throw new Error(`n8n's downloadPackage() has no ${what}`);
		return stringValues(code, arrayAt(body, body.indexOf('[', at)));
	};
	const pack = arrayAfter(/\[\s*'pack',/, "'npm pack'");
	const tar = arrayAfter(/'tar',\s*\[/, "'tar' step");
	if (!tar.includes('-xzf') || !tar.includes('-C'))
		throw new Error(`n8n's downloadPackage() unpacks differently: tar ${tar.join(' ')}`);
	const install = arrayAfter(/\[\s*'install',|'install', \.\.\./, "'npm install'");
	// `['install', ...this.getNpmInstallArgs()]` (1.123) or `['install', '--audit=false', …]` (2.41).
	const dropped = /const \{ ([\w, ]+), \.\.\.packageJson \} = JSON\.parse/.exec(body);
	if (!dropped)
		throw new Error(
			"n8n's downloadPackage() no longer drops fields from package.json the way this script reads",
		);
	if (pack[0] !== 'pack' || install[0] !== 'install')
		throw new Error(
			`unexpected npm commands in n8n's downloadPackage(): ${pack[0]}, ${install[0]}`,
		);
	return {
		packFlags: pack.slice(1),
		tarFlags: tar.filter((f) => !['-xzf', '-C'].includes(f)),
		droppedFields: dropped[1].split(',').map((f) => f.trim()),
		installFlags: install.slice(1),
		source: path.relative(n8nDir, file),
	};
}

/** Install `name@version` from `registry` into the user folder with n8n's steps; resolves with the time it took. */
export async function communityInstall(
	userFolder: string,
	steps: InstallSteps,
	registry: string,
	name: string,
	version: string,
): Promise<{ ms: number; packageDir: string }> {
	const started = Date.now();
	const downloadFolder = path.join(userFolder, '.n8n', 'nodes');
	mkdirSync(downloadFolder, { recursive: true });
	const nodesPackageJson = path.join(downloadFolder, 'package.json');
	if (!existsSync(nodesPackageJson))
		writeFileSync(
			nodesPackageJson,
			JSON.stringify({ name: 'installed-nodes', private: true, dependencies: {} }, null, 2),
		);
	const packageDir = path.join(downloadFolder, 'node_modules', name);
	rmSync(packageDir, { recursive: true, force: true });
	mkdirSync(packageDir, { recursive: true });
	// npm's cache in a folder of its own: nothing from an earlier install stands in for the registry.
	const cache = mkdtempSync(path.join(os.tmpdir(), 'n8n-install-cache-'));
	const env = runtimeEnv({ npm_config_cache: cache });
	try {
		const { stdout } = await run(
			npm,
			['pack', `${name}@${version}`, ...steps.packFlags, `--registry=${registry}`],
			{ cwd: downloadFolder, env },
		);
		const tarball = stdout.trim().split('\n').pop()!;
		try {
			await run('tar', ['-xzf', tarball, '-C', packageDir, ...steps.tarFlags], {
				cwd: downloadFolder,
			});
			const packageJsonPath = path.join(packageDir, 'package.json');
			const packageJson = JSON.parse(readFileSync(packageJsonPath, 'utf8')) as Record<
				string,
				unknown
			>;
			for (const field of steps.droppedFields) delete packageJson[field];
			writeFileSync(packageJsonPath, JSON.stringify(packageJson, null, 2), 'utf-8');
			await run(npm, ['install', ...steps.installFlags, `--registry=${registry}`], {
				cwd: packageDir,
				env,
			});
			const nodes = JSON.parse(readFileSync(nodesPackageJson, 'utf8')) as {
				dependencies?: Record<string, string>;
			};
			nodes.dependencies = { ...nodes.dependencies, [name]: String(packageJson.version) };
			writeFileSync(nodesPackageJson, JSON.stringify(nodes, null, 2), 'utf-8');
		} finally {
			rmSync(path.join(downloadFolder, tarball), { force: true });
		}
	} finally {
		rmSync(cache, { recursive: true, force: true });
	}
	return { ms: Date.now() - started, packageDir };
}

/** The package the tier published to its local registry (matrix.ts or tier.ts set these for the whole run). */
export interface Published {
	registry: string;
	name: string;
	version: string;
}

export function publishedPackage(): Published | undefined {
	const {
		E2E_REGISTRY: registry,
		E2E_PACKAGE_NAME: name,
		E2E_PACKAGE_VERSION: version,
	} = process.env;
	return registry && name && version ? { registry, name, version } : undefined;
}

export function setPublishedPackage(published: Published): Record<string, string> {
	const env = {
		E2E_REGISTRY: published.registry,
		E2E_PACKAGE_NAME: published.name,
		E2E_PACKAGE_VERSION: published.version,
	};
	Object.assign(process.env, env);
	return env;
}

/**
 * A user folder (new if none) with the published package installed by n8n's steps for the
 * n8n in use; the steps are read once per process.
 */
let steps: InstallSteps | undefined;
export async function installPublished(
	n8nDir: string,
	userFolder?: string,
): Promise<{ folder: string; ms: number; steps: InstallSteps }> {
	const published = publishedPackage();
	if (!published)
		throw new Error(
			'no package was published for this run (E2E_REGISTRY, E2E_PACKAGE_NAME, E2E_PACKAGE_VERSION)',
		);
	steps ??= readInstallSteps(n8nDir);
	const folder = userFolder ?? mkdtempSync(path.join(os.tmpdir(), 'n8n-user-'));
	const { ms } = await communityInstall(
		folder,
		steps,
		published.registry,
		published.name,
		published.version,
	);
	return { folder, ms, steps };
}
