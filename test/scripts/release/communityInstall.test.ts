/**
 * The end-to-end tier installs the package with the steps n8n's own Community Nodes
 * install runs, read from the installed n8n's code (scripts/release/communityInstall.ts). These
 * fixtures have the two shapes that code has (flags inline, as in 2.41; flags in module
 * constants spread through a method, as in 1.123) and shapes it must refuse instead of
 * guessing: an unknown argument, and a download without the fields it drops.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readInstallSteps } from '../../../scripts/release/communityInstall';

const folders: string[] = [];
afterAll(() => folders.forEach((f) => rmSync(f, { recursive: true, force: true })));

function n8nWith(serviceCode: string): string {
	const dir = mkdtempSync(path.join(os.tmpdir(), 'n8n-fixture-'));
	folders.push(dir);
	const file = path.join(
		dir,
		'node_modules',
		'n8n',
		'dist',
		'modules',
		'community-packages',
		'community-packages.service.js',
	);
	mkdirSync(path.dirname(file), { recursive: true });
	writeFileSync(file, serviceCode);
	return dir;
}

const inline = `class CommunityPackagesService {
    async downloadPackage(packageName, packageVersion, authToken) {
        const registry = this.getNpmRegistry();
        const tarOutput = await (0, npm_utils_1.executeNpmCommand)(['pack', \`\${packageName}@\${packageVersion}\`, '--quiet'], { cwd: this.downloadFolder, registry, authToken });
        try {
            await asyncExecFile('tar', ['-xzf', tarballName, '-C', packageDirectory, '--strip-components=1'], { cwd: this.downloadFolder });
            const { devDependencies, peerDependencies, optionalDependencies, ...packageJson } = JSON.parse(packageJsonContent);
            await (0, npm_utils_1.executeNpmCommand)([
                'install',
                '--audit=false',
                '--ignore-scripts=true',
            ], { cwd: packageDirectory, registry, authToken });
        }
        finally {}
    }
    async deletePackageDirectory(packageName) {
        await rm(['x']);
    }
}`;

const viaConstants = `const NPM_COMMON_ARGS = ['--audit=false', '--fund=false'];
const NPM_INSTALL_ARGS = [
    '--bin-links=false',
    '--install-strategy=shallow',
];
class CommunityPackagesService {
    getNpmInstallArgs() {
        return [...NPM_COMMON_ARGS, ...NPM_INSTALL_ARGS, \`--registry=\${this.getNpmRegistry()}\`];
    }
    async downloadPackage(packageName, packageVersion) {
        const { stdout: tarOutput } = await asyncExecFile('npm', ['pack', \`\${packageName}@\${packageVersion}\`, \`--registry=\${registry}\`, '--quiet'], { cwd: this.downloadFolder });
        try {
            await asyncExecFile('tar', ['-xzf', tarballName, '-C', packageDirectory, '--strip-components=1'], { cwd: this.downloadFolder });
            const { devDependencies, peerDependencies, ...packageJson } = JSON.parse(packageJsonContent);
            await asyncExecFile('npm', ['install', ...this.getNpmInstallArgs()], {
                cwd: packageDirectory,
            });
        }
        finally {}
    }
}`;

test('flags written inline in downloadPackage (as in n8n 2.41)', () => {
	expect(readInstallSteps(n8nWith(inline))).toMatchObject({
		packFlags: ['--quiet'],
		tarFlags: ['--strip-components=1'],
		droppedFields: ['devDependencies', 'peerDependencies', 'optionalDependencies'],
		installFlags: ['--audit=false', '--ignore-scripts=true'],
	});
});

test('flags in module constants spread through a method (as in n8n 1.123); the registry argument is left to the caller', () => {
	expect(readInstallSteps(n8nWith(viaConstants))).toMatchObject({
		packFlags: ['--quiet'],
		droppedFields: ['devDependencies', 'peerDependencies'],
		installFlags: [
			'--audit=false',
			'--fund=false',
			'--bin-links=false',
			'--install-strategy=shallow',
		],
	});
});

test('an argument it cannot read stops the tier instead of being guessed', () => {
	expect(() =>
		readInstallSteps(n8nWith(inline.replace("'--ignore-scripts=true',", 'someFlag(),'))),
	).toThrow("cannot read this argument of n8n's install steps: someFlag()");
});

test('a download that no longer drops fields the way it reads stops the tier', () => {
	expect(() => readInstallSteps(n8nWith(inline.replace('...packageJson }', '...rest }')))).toThrow(
		'no longer drops fields',
	);
});

test('an n8n without the service file says so', () => {
	const dir = mkdtempSync(path.join(os.tmpdir(), 'n8n-fixture-'));
	folders.push(dir);
	expect(() => readInstallSteps(dir)).toThrow("n8n's community-packages service is not at");
});
