/**
 * The README's "From a tarball" recipe, run exactly as written: its code block is read from
 * README.md (so the two cannot drift), run by bash in a copy of this checkout with HOME set
 * to a scratch folder (so `~/.n8n/nodes` is that folder's), and the n8n of this tier is then
 * started on that user folder: it must load the package's nodes. It runs once with the
 * machine's own Node first on PATH (CI's: 20, which n8n 1.x runs on) and once with Node 24
 * (the `node` devDependency, as in npm scripts), one after the other; a machine whose own
 * Node is 24 or newer runs it once. n8n itself runs on Node 24 each time: only the recipe's
 * npm is the user's.
 *
 * The copy gets this checkout's node_modules as hard links, so the recipe's `npm install`
 * finds the locked tree in place (10 s instead of 4 minutes of unpacking 800 MB beside the
 * rest of the tier). Installing that tree from nothing is what CI's `npm ci` does first.
 */
import { execFile, execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { startWithEditor, type StartedN8n } from '../shared/editorSession';
import { runInBackground } from '../shared/n8nRuntime';
import { stopProcess } from '../shared/services';
import { runAlone } from './runAlone';

type Record = (name: string, message?: string) => void;

const root = path.join(__dirname, '..', '..');
const PACKAGE = 'n8n-nodes-engagement-monitor';
const NAME = 'readme › the "From a tarball" recipe, run as written in a clone';

/** The first code block after the line that starts with `heading` in the README. */
export function recipe(readme: string, heading: string): string {
	const at = readme.split('\n').findIndex((line) => line.startsWith(heading));
	if (at === -1) throw new Error(`README.md has no line starting with ${JSON.stringify(heading)}`);
	const block = /```sh\n([\s\S]*?)```/.exec(readme.split('\n').slice(at).join('\n'));
	if (!block) throw new Error(`README.md has no sh code block after ${JSON.stringify(heading)}`);
	return block[1];
}

/** The checkout as a clone has it: the files git tracks or would track, nothing it ignores. */
function copyCheckout(target: string): void {
	const files = execFileSync(
		'git',
		['ls-files', '--cached', '--others', '--exclude-standard', '-z'],
		{ cwd: root, encoding: 'utf8' },
	)
		.split('\0')
		.filter(Boolean);
	for (const file of files) {
		mkdirSync(path.dirname(path.join(target, file)), { recursive: true });
		cpSync(path.join(root, file), path.join(target, file));
	}
}

/**
 * The PATH of the user's shell: this one without the folders npm scripts and this checkout
 * put first (any inside a node_modules folder), so `node` is the machine's own.
 */
export function machinePath(PATH: string): string {
	return PATH.split(path.delimiter)
		.filter((entry) => !entry.split(path.sep).includes('node_modules'))
		.join(path.delimiter);
}

/** Which `node` a PATH finds: its version ("v20.20.2") and where. */
function nodeOn(PATH: string): { version: string; where: string } {
	const [where, version] = execFileSync('bash', ['-c', 'command -v node; node --version'], {
		env: { ...process.env, PATH },
		encoding: 'utf8',
	})
		.trim()
		.split('\n');
	return { version, where };
}

/** The PATHs to run the recipe with, each named by the Node it finds first. */
function recipePaths(): Array<{ node: string; PATH: string }> {
	const machine = machinePath(process.env.PATH ?? '');
	const own = nodeOn(machine);
	if (Number(own.version.slice(1).split('.')[0]) >= 24)
		return [
			{
				node: `the machine's Node ${own.version} (${own.where}; 24 or newer, so the one run)`,
				PATH: machine,
			},
		];
	const node24 = `${path.join(root, 'node_modules', '.bin')}${path.delimiter}${machine}`;
	return [
		{ node: `the machine's Node ${own.version} (${own.where})`, PATH: machine },
		{ node: `Node ${nodeOn(node24).version} (the \`node\` devDependency)`, PATH: node24 },
	];
}

/**
 * What the install put beside the package in `~/.n8n/nodes/node_modules`. "Alone": the
 * package is the only top-level entry there besides npm's hidden lockfile
 * (node_modules/.package-lock.json); a peer or a dependency npm installed would sit beside it.
 */
export function besideThePackage(nodeModules: string): string[] {
	return readdirSync(nodeModules).filter(
		(entry) => entry !== PACKAGE && entry !== '.package-lock.json',
	);
}

export async function readmeInstallChecks(record: Record): Promise<void> {
	let paths: ReturnType<typeof recipePaths>;
	try {
		paths = recipePaths();
	} catch (error) {
		return record(`${NAME} › the machine's Node`, (error as Error).message.slice(0, 600));
	}
	// One after the other: side by side the two took 27 s instead of 38 s alone, but in the
	// tier both cores are busy anyway, and this part ends well before its longest (triggers.ts).
	for (const { node, PATH } of paths) await recipeChecks(`${NAME} with ${node}`, PATH, record);
}

/** The recipe with `PATH` in a clone of its own and a scratch HOME; then n8n on that HOME. */
async function recipeChecks(name: string, PATH: string, record: Record): Promise<void> {
	const scratch = mkdtempSync(path.join(os.tmpdir(), 'n8n-readme-'));
	const clone = path.join(scratch, PACKAGE);
	const home = path.join(scratch, 'home');
	mkdirSync(home);
	copyCheckout(clone);
	// Asynchronous, as every long step here: the tier's other parts run in this process.
	await promisify(execFile)('cp', [
		'-al',
		path.join(root, 'node_modules'),
		path.join(clone, 'node_modules'),
	]);
	const script = recipe(readFileSync(path.join(root, 'README.md'), 'utf8'), '**From a tarball**');
	const started = Date.now();
	// The user's shell: their PATH (the Node and npm it finds), their home; nothing of this run's npm.
	const env = Object.fromEntries(
		Object.entries(process.env).filter(([key]) => !key.startsWith('npm_') && key !== 'INIT_CWD'),
	);
	try {
		const run = promisify(execFile)('bash', ['-e', '-c', script], {
			cwd: clone,
			env: { ...env, PATH, HOME: home },
			encoding: 'utf8',
			timeout: 900_000,
			maxBuffer: 64 * 2 ** 20,
		});
		runInBackground(run.child.pid);
		await run;
	} catch (error) {
		const failure = error as {
			code?: number | string;
			signal?: string;
			stdout?: string;
			stderr?: string;
		};
		rmSync(scratch, { recursive: true, force: true });
		return record(
			name,
			`the recipe failed (${String(failure.code ?? failure.signal)}): ${`${failure.stdout ?? ''}${failure.stderr ?? ''}`.slice(-1500)}`,
		);
	}
	const seconds = (): number => Math.round((Date.now() - started) / 1000);
	const recipeSeconds = seconds();
	const beside = besideThePackage(path.join(home, '.n8n', 'nodes', 'node_modules'));
	const problems = beside.length
		? [
				`~/.n8n/nodes/node_modules holds ${beside.length} entries beside the package${beside.includes('n8n-workflow') ? ', n8n-workflow among them' : ''}: ${beside.slice(0, 6).join(', ')}${beside.length > 6 ? ' …' : ''}`,
			]
		: [];

	const logFile = path.join(scratch, 'n8n.log');
	let n8n: StartedN8n | undefined;
	try {
		n8n = await startWithEditor(home, logFile, 480_000, { background: true });
		if (!n8n)
			return record(
				name,
				[
					...problems,
					`n8n did not start; its log: ${readFileSync(logFile, 'utf8').slice(-1500)}`,
				].join('; '),
			);
		const nodeTypes = (await n8n.editor.getJson('/types/nodes.json')) as Array<{ name: string }>;
		// Every node the build declares (dist/known/nodes.json of the clone), by n8n's name for it.
		const built = Object.keys(
			JSON.parse(readFileSync(path.join(clone, 'dist', 'known', 'nodes.json'), 'utf8')) as object,
		);
		const missing = built.filter(
			(node) => !nodeTypes.some((type) => type.name === `${PACKAGE}.${node}`),
		);
		if (built.length === 0 || missing.length > 0)
			problems.push(
				`the build declares ${JSON.stringify(built)}; n8n's node types lack ${missing.join(', ')}`,
			);
		record(
			`${name}: the package alone in ~/.n8n/nodes, n8n loads its nodes (the recipe ${recipeSeconds} s, with n8n's check ${seconds()} s)`,
			problems.join('; ') || undefined,
		);
	} catch (error) {
		record(name, [...problems, (error as Error).message.slice(0, 600)].join('; '));
	} finally {
		await stopProcess(n8n?.child);
		rmSync(scratch, { recursive: true, force: true });
	}
}

if (require.main === module)
	void runAlone('The README\'s "From a tarball" recipe', readmeInstallChecks);
