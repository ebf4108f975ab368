/**
 * The README's "From a tarball" recipe, run exactly as written: its code block is read from
 * README.md (so the two cannot drift), run by bash in a copy of this checkout with HOME set
 * to a scratch folder (so `~/.n8n/nodes` is that folder's), and the n8n of this tier is then
 * started on that user folder: it must load the package's nodes.
 *
 * The copy gets this checkout's node_modules as hard links, so the recipe's `npm install`
 * finds the locked tree in place (10 s instead of 4 minutes of unpacking 800 MB beside the
 * rest of the tier). Installing that tree from nothing is what CI's `npm ci` does first.
 */
import { execFile, execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { startWithEditor, type StartedN8n } from '../shared/editorSession';
import { runInBackground } from '../shared/n8nRuntime';
import { stopProcess } from '../shared/services';

type Record = (name: string, message?: string) => void;

const root = path.join(__dirname, '..', '..');
const NAME = 'readme › the "From a tarball" recipe, run as written in a clone, installs a package n8n loads';

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
	const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: root, encoding: 'utf8' }).split('\0').filter(Boolean);
	for (const file of files) {
		mkdirSync(path.dirname(path.join(target, file)), { recursive: true });
		cpSync(path.join(root, file), path.join(target, file));
	}
}

export async function readmeInstallChecks(record: Record): Promise<void> {
	const scratch = mkdtempSync(path.join(os.tmpdir(), 'n8n-readme-'));
	const clone = path.join(scratch, 'n8n-nodes-engagement-monitor');
	const home = path.join(scratch, 'home');
	mkdirSync(home);
	copyCheckout(clone);
	// Asynchronous, as every long step here: the tier's other parts run in this process.
	await promisify(execFile)('cp', ['-al', path.join(root, 'node_modules'), path.join(clone, 'node_modules')]);
	const script = recipe(readFileSync(path.join(root, 'README.md'), 'utf8'), '**From a tarball**');
	const started = Date.now();
	// The user's shell: their PATH (the machine's Node and npm), their home; nothing of this run's npm.
	const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('npm_') && key !== 'INIT_CWD'));
	try {
		const run = promisify(execFile)('bash', ['-e', '-c', script], { cwd: clone, env: { ...env, HOME: home }, encoding: 'utf8', timeout: 900_000, maxBuffer: 64 * 2 ** 20 });
		runInBackground(run.child.pid);
		await run;
	} catch (error) {
		const failure = error as { code?: number | string; signal?: string; stdout?: string; stderr?: string };
		return record(NAME, `the recipe failed (${String(failure.code ?? failure.signal)}): ${`${failure.stdout ?? ''}${failure.stderr ?? ''}`.slice(-1500)}`);
	}
	const seconds = Math.round((Date.now() - started) / 1000);

	const logFile = path.join(scratch, 'n8n.log');
	let n8n: StartedN8n | undefined;
	try {
		n8n = await startWithEditor(home, logFile, 480_000, { background: true });
		if (!n8n) return record(NAME, `n8n did not start; its log: ${readFileSync(logFile, 'utf8').slice(-1500)}`);
		const nodeTypes = (await n8n.editor.getJson('/types/nodes.json')) as Array<{ name: string }>;
		// Every node the build declares (dist/known/nodes.json of the clone), by n8n's name for it.
		const built = Object.keys(JSON.parse(readFileSync(path.join(clone, 'dist', 'known', 'nodes.json'), 'utf8')) as object);
		const missing = built.filter((node) => !nodeTypes.some((type) => type.name === `n8n-nodes-engagement-monitor.${node}`));
		record(`${NAME} (${seconds} s)`, built.length > 0 && missing.length === 0 ? undefined : `the build declares ${JSON.stringify(built)}; n8n's node types lack ${missing.join(', ')}`);
	} catch (error) {
		record(NAME, (error as Error).message.slice(0, 600));
	} finally {
		await stopProcess(n8n?.child);
		rmSync(scratch, { recursive: true, force: true });
	}
}
