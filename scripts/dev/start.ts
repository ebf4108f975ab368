/**
 * `npm start`: real n8n with this package installed as a community package, the local
 * stand-in APIs with demo data, credentials pointing at them, and the example workflows.
 * `npm run dev` (`--dev`) also rebuilds the package on every change of its sources and
 * puts it into the running n8n, which reloads it (rebuildOnChange.ts).
 *
 * Safe next to an n8n the user already runs: every port is checked (by binding it, never
 * by talking to it) before anything starts, and the only n8n it talks to is the one it
 * started, once that process says it is ready. The n8n user folder is kept between starts
 * (`npm start -- --reset` clears it), lives in this checkout (`.sandbox/`), and is locked
 * while an `npm start` uses it. Ports and folder come from the environment:
 * N8N_PORT (5678), N8N_RUNNERS_BROKER_PORT (N8N_PORT + 1), CE_PORT (4010), CM_PORT (4020),
 * SANDBOX_FOLDER (.sandbox).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CM_KEY, CM_PING_KEY } from '../../harness/servers/checkMonitorServer';
import { CE_TOKEN } from '../../harness/servers/customerEngagementServer';
import {
	connectInstantExample,
	describeKeys,
	playFromKeyboard,
	SANDBOX_WEBHOOK_SECRET,
	startSandbox,
	type Sandbox,
} from '../../harness/servers/sandbox';
import { ensureN8n, importWorkflows, N8N_VERSION, n8nCli, startN8n } from '../shared/n8nRuntime';
import { installTarball } from '../release/manualInstall';
import { LOGIN } from '../shared/editorSession';
import { busyPorts } from '../shared/ports';
import { phase } from '../shared/progress';
import { rebuildOnChange } from './rebuildOnChange';

const root = path.join(__dirname, '..', '..');
const PACKAGE = 'n8n-nodes-engagement-monitor';
/** Marks a folder as made by this script: --reset deletes nothing else. */
const MARKER = '.engagement-monitor-sandbox';

export class StartRefused extends Error {}

export interface StartConfig {
	n8nPort: number;
	brokerPort: number;
	cePort: number;
	cmPort: number;
	folder: string;
	reset: boolean;
	/** `npm run dev`: n8n reloads the package when its files change (N8N_DEV_RELOAD). */
	dev: boolean;
	log: (line: string) => void;
}

function portFrom(env: NodeJS.ProcessEnv, variable: string, fallback: number): number {
	const raw = env[variable];
	if (raw === undefined || raw === '') return fallback;
	const port = Number(raw);
	if (!Number.isInteger(port) || port < 1 || port > 65535)
		throw new StartRefused(`${variable} must be a port number from 1 to 65535, not "${raw}".`);
	return port;
}

export function configFrom(
	env: NodeJS.ProcessEnv,
	argv: string[],
	log: (line: string) => void = console.log,
): StartConfig {
	const n8nPort = portFrom(env, 'N8N_PORT', 5678);
	return {
		n8nPort,
		brokerPort: portFrom(env, 'N8N_RUNNERS_BROKER_PORT', n8nPort + 1),
		cePort: portFrom(env, 'CE_PORT', 4010),
		cmPort: portFrom(env, 'CM_PORT', 4020),
		folder: path.resolve(env.SANDBOX_FOLDER || path.join(root, '.sandbox')),
		reset: argv.includes('--reset'),
		dev: argv.includes('--dev'),
		log,
	};
}

function pidAlive(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch {
		return false;
	}
}

/** Lock the folder for this process; refuses when a running `npm start` holds it. */
function lockFolder(folder: string): () => void {
	const lock = path.join(folder, 'start.pid');
	if (existsSync(lock)) {
		const pid = Number(readFileSync(lock, 'utf8'));
		if (pid !== process.pid && pidAlive(pid)) {
			throw new StartRefused(
				`${folder} is in use by another npm start (pid ${pid}). Stop it first, or set SANDBOX_FOLDER to another folder.`,
			);
		}
	}
	writeFileSync(lock, String(process.pid));
	return () => rmSync(lock, { force: true });
}

/** A folder this script may use: empty/new, or made by it before. Never someone's ~/.n8n. */
function prepareFolder(config: StartConfig): void {
	const { folder } = config;
	if (
		existsSync(folder) &&
		readdirSync(folder).length > 0 &&
		!existsSync(path.join(folder, MARKER))
	) {
		throw new StartRefused(
			`${folder} is not empty and was not made by npm start; it is left alone. Set SANDBOX_FOLDER to a new folder.`,
		);
	}
	if (config.reset && existsSync(folder)) {
		const lock = path.join(folder, 'start.pid');
		const pid = existsSync(lock) ? Number(readFileSync(lock, 'utf8')) : 0;
		if (pid && pid !== process.pid && pidAlive(pid)) {
			throw new StartRefused(
				`${folder} is in use by another npm start (pid ${pid}); not reset. Stop it first.`,
			);
		}
		rmSync(folder, { recursive: true, force: true });
		config.log(
			`  --reset: removed ${folder} (workflows, credentials and executions of earlier starts)`,
		);
	}
	mkdirSync(folder, { recursive: true });
	writeFileSync(
		path.join(folder, MARKER),
		'Made by `npm start` of n8n-nodes-engagement-monitor; `npm start -- --reset` deletes this folder.\n',
	);
}

/** Import the examples whose file changed since the last import (new folder: all of them). */
async function importExamples(folder: string, log: (line: string) => void): Promise<void> {
	const recordFile = path.join(folder, 'imported-examples.json');
	const record: Record<string, string> = existsSync(recordFile)
		? (JSON.parse(readFileSync(recordFile, 'utf8')) as Record<string, string>)
		: {};
	const examples = path.join(root, 'examples');
	const changed: unknown[] = [];
	const next: Record<string, string> = {};
	for (const file of readdirSync(examples).filter((f) => f.endsWith('.json'))) {
		const text = readFileSync(path.join(examples, file), 'utf8');
		next[file] = createHash('sha256').update(text).digest('hex');
		if (record[file] !== next[file]) changed.push(JSON.parse(text));
	}
	if (changed.length > 0) await importWorkflows(folder, changed as object[]);
	writeFileSync(recordFile, JSON.stringify(next, null, 1));
	log(
		changed.length > 0
			? `  imported ${changed.length} example workflow(s); your own workflows are kept`
			: '  example workflows unchanged since the last start; your own workflows are kept',
	);
}

/** Wait until our n8n logs that it is ready; fails as soon as it exits. */
async function waitUntilReady(
	logFile: string,
	exited: Promise<number | null>,
	timeoutMs = 180_000,
): Promise<void> {
	let exitCode: number | null | undefined;
	void exited.then((code) => (exitCode = code ?? -1));
	const end = Date.now() + timeoutMs;
	while (Date.now() < end) {
		if (exitCode !== undefined)
			throw new Error(
				`n8n exited (${exitCode}) before it was ready; the end of its log (${logFile}):\n${tail(logFile)}`,
			);
		if (existsSync(logFile) && /Editor is now accessible via/.test(readFileSync(logFile, 'utf8')))
			return;
		await new Promise((resolve) => setTimeout(resolve, 500));
	}
	throw new Error(`n8n did not get ready in ${timeoutMs / 1000} s; see ${logFile}`);
}

function tail(file: string, lines = 25): string {
	return existsSync(file)
		? readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n')
		: '(no log)';
}

export interface Environment {
	url: string;
	sandbox: Sandbox;
	logFile: string;
	stop: () => Promise<void>;
	exited: Promise<number | null>;
}

/** Everything `npm start` starts; resolves when n8n is ready. Refusals throw StartRefused. */
export async function startEnvironment(config: StartConfig): Promise<Environment> {
	const { log, folder } = config;
	const busy = await busyPorts([
		{ purpose: 'n8n', variable: 'N8N_PORT', port: config.n8nPort },
		{ purpose: "n8n's task broker", variable: 'N8N_RUNNERS_BROKER_PORT', port: config.brokerPort },
		{ purpose: 'the Customer Engagement stand-in', variable: 'CE_PORT', port: config.cePort },
		{ purpose: 'the Check Monitor stand-in', variable: 'CM_PORT', port: config.cmPort },
	]);
	if (busy) throw new StartRefused(busy);
	prepareFolder(config);
	const unlock = lockFolder(folder);
	let sandbox: Sandbox | undefined;
	try {
		await ensureN8n(log);
		await phase(
			`Install this package into ${folder}`,
			() => installTarball(folder, () => undefined),
			log,
		);
		sandbox = await phase(
			'Start the stand-in APIs with demo data',
			() => startSandbox(config.cePort, config.cmPort),
			log,
		);
		for (const line of sandbox.describe()) log(`  ${line}`);
		const work = path.join(folder, 'import');
		mkdirSync(work, { recursive: true });
		const { ce, cm } = sandbox;
		await phase(
			'Import the credentials and the example workflows',
			async () => {
				// Same ids every start: the credentials are updated (ports may have changed), not duplicated.
				writeFileSync(
					path.join(work, 'credentials.json'),
					JSON.stringify([
						{
							id: 'ceSandboxCred01',
							name: 'Customer Engagement sandbox',
							type: 'customerEngagementApi',
							data: { baseUrl: ce.url, accessToken: CE_TOKEN },
						},
						{
							id: 'cmSandboxCred01',
							name: 'Check Monitor sandbox',
							type: 'checkMonitorApi',
							data: { baseUrl: cm.url, apiKey: CM_KEY, pingKey: CM_PING_KEY },
						},
						{
							id: 'cmWebhookSandbox1',
							name: 'Check Monitor Webhook sandbox',
							type: 'checkMonitorWebhook',
							data: { headerName: 'X-Check-Monitor-Secret', secret: SANDBOX_WEBHOOK_SECRET },
						},
					]),
				);
				await n8nCli(folder, [
					'import:credentials',
					`--input=${path.join(work, 'credentials.json')}`,
				]);
				await importExamples(folder, log);
			},
			log,
		);

		const logFile = path.join(folder, 'n8n.log');
		writeFileSync(logFile, '');
		const n8n = startN8n(folder, config.n8nPort, {
			brokerPort: config.brokerPort,
			logFile,
			extraEnv: config.dev ? { N8N_DEV_RELOAD: 'true' } : {},
		});
		const exited = new Promise<number | null>((resolve) => n8n.once('exit', resolve));
		await phase(
			`Start n8n ${N8N_VERSION} on http://127.0.0.1:${config.n8nPort} (its output: ${logFile})`,
			() => waitUntilReady(logFile, exited),
			log,
		);
		const url = `http://127.0.0.1:${config.n8nPort}`;
		// The stand-in pushes each check's change to "Check down, instantly" (once published).
		connectInstantExample(sandbox, url);
		// Only now, with our own n8n ready on the port we checked, is anything sent to it.
		if (!existsSync(path.join(folder, 'owner-set-up'))) {
			const setup = await fetch(`${url}/rest/owner/setup`, {
				method: 'POST',
				headers: { 'Content-Type': 'application/json' },
				body: JSON.stringify(LOGIN),
			});
			if (setup.ok) writeFileSync(path.join(folder, 'owner-set-up'), LOGIN.email);
			else
				log(`  (owner set-up answered ${setup.status}; log in with the account you made before)`);
		}
		const running = sandbox;
		const stop = async () => {
			n8n.kill('SIGTERM');
			await exited;
			await running.stop();
			unlock();
		};
		return { url, sandbox, logFile, stop, exited };
	} catch (error) {
		await sandbox?.stop();
		unlock();
		throw error;
	}
}

async function main() {
	const config = configFrom(process.env, process.argv.slice(2));
	const started = Date.now();
	const environment = await startEnvironment(config);
	const seconds = Math.round((Date.now() - started) / 1000);
	console.log(`\n✔ n8n is ready (${seconds} s): ${environment.url}`);
	console.log(`  Login: ${LOGIN.email} / ${LOGIN.password}`);
	console.log(
		`  Your workflows and credentials are kept in ${config.folder} (npm start -- --reset clears it).`,
	);
	console.log('  Examples are imported; the "… sandbox" credentials point at the stand-in APIs.');
	console.log(
		`  MCP server (examples/mcp-server.json; publish it first): ${environment.url}/mcp/engagement-monitor (read-only tools),`,
	);
	console.log(
		`    ${environment.url}/mcp/engagement-monitor-writes (the write tools); README, "Use with AI agents and MCP".`,
	);
	console.log('  Publish an example, then press a key to make it fire (within a minute):');
	for (const line of describeKeys()) console.log(line);
	console.log('  q or Ctrl+C stops n8n and the stand-ins.');
	const stopWatching = config.dev ? watchSources(config.folder) : () => undefined;
	let stopping = false;
	const stop = () => {
		if (stopping) return;
		stopping = true;
		stopWatching();
		stopKeys();
		void environment.stop().then(() => process.exit(0));
	};
	const stopKeys = playFromKeyboard(environment.sandbox, stop);
	process.on('SIGINT', stop);
	process.on('SIGTERM', stop);
	const code = await environment.exited;
	if (!stopping) {
		console.log(`n8n exited (${code}); the end of its log:\n${tail(environment.logFile)}`);
		stopKeys();
		await environment.sandbox.stop();
		process.exit(code ?? 1);
	}
}

/** `npm run dev`: the sources rebuilt into the package this n8n runs, on every change. */
function watchSources(folder: string): () => void {
	console.log(
		'  npm run dev: a change to nodes/, credentials/ or icons/ is rebuilt and reloaded by n8n; reload the editor page to see a changed node panel.',
	);
	return rebuildOnChange(path.join(folder, '.n8n', 'nodes', 'node_modules', PACKAGE), (line) =>
		console.log(line),
	);
}

if (require.main === module) {
	main().catch((error) => {
		console.error(error instanceof StartRefused ? `npm start: ${error.message}` : error);
		process.exit(1);
	});
}
