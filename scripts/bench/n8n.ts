/**
 * `npm run bench:n8n`: the node against what a user would use instead, n8n's HTTP Request
 * node, doing exactly the same requests against the same stand-in server, in one real n8n
 * process (the end-to-end tier's n8n, N8N_VERSION) per case.
 *
 * Each case is one workflow: a Code node emits N items, then 1 warm-up and REPS
 * repetitions of each side hang off it, sides rotated (A B C, B C A, C A B, ...). n8n runs
 * them one after another in the same `n8n execute`; each node's own execution time comes
 * from the run data. Sides: our node; HTTP Request with a Header Auth credential; HTTP
 * Request with a plain header. Also: the n8n process's peak memory (VmHWM) and the
 * expressions n8n evaluated per item on each side (counted inside n8n by
 * scripts/bench/countExpressions.cjs). Both expression engines (N8N_EXPRESSION_ENGINE vm
 * and legacy; 1.x has only legacy).
 *
 * Options: BENCH_N="100,1000" (sizes for the per-item cases), BENCH_REPS=5,
 * BENCH_ENGINES="vm,legacy", BENCH_CASES="Get Many" (only the cases whose name contains
 * one of these, comma-separated), BENCH_CPU_PROFILE=<folder> (n8n's CPU profile of each
 * case there, for Chrome DevTools), BENCH_FDS=1 (the n8n process's open file descriptors
 * and sockets when each side starts and ends, sampled by scripts/bench/sampleFds.cjs; the
 * timings of such a run include the sampling), BENCH_PACKAGE=<tarball> (measure that build of
 * the package instead of this working tree's, for example an earlier commit's `npm pack`),
 * `-- --write` puts the tables into their block of BENCHMARKS.md, one block per n8n version. With BENCH_CPU_PROFILE each case is
 * followed by where our node's CPU time went (scripts/bench/profileSummary.ts).
 */
import { spawn } from 'node:child_process';
import {
	closeSync,
	existsSync,
	mkdtempSync,
	openSync,
	readdirSync,
	readFileSync,
	rmSync,
	statSync,
	writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { IDataObject } from 'n8n-workflow';
import { CheckMonitorServer, CM_KEY } from '../../harness/servers/checkMonitorServer';
import { CE_TOKEN, CustomerEngagementServer } from '../../harness/servers/customerEngagementServer';
import { ourNodeProfile, profileTable } from './profileSummary';
import {
	ensureN8n,
	importWorkflows,
	N8N_VERSION,
	n8nBin,
	n8nCli,
	n8nDir,
	runtimeEnv,
} from '../shared/n8nRuntime';
import { installTarball } from '../release/manualInstall';
import { freePort } from '../shared/ports';
import { writeBenchmarks } from './benchmarksFile';

const PKG = 'n8n-nodes-engagement-monitor';
const REPS = Number(process.env.BENCH_REPS ?? 5);
const SIZES = (process.env.BENCH_N ?? '100,1000,10000').split(',').map(Number);
const CASE_FILTER = (process.env.BENCH_CASES ?? '')
	.split(',')
	.map((s) => s.trim())
	.filter(Boolean);
const CPU_PROFILE = process.env.BENCH_CPU_PROFILE
	? path.resolve(process.env.BENCH_CPU_PROFILE)
	: undefined;
const FDS = Boolean(process.env.BENCH_FDS);
const PACKAGE = process.env.BENCH_PACKAGE ? path.resolve(process.env.BENCH_PACKAGE) : undefined;
const ENGINES = (
	process.env.BENCH_ENGINES ?? (N8N_VERSION.startsWith('1.') ? 'legacy' : 'vm,legacy')
).split(',');
const CRED = {
	ce: { customerEngagementApi: { id: 'benchCeCred0001', name: 'CE bench' } },
	ceList: { customerEngagementApi: { id: 'benchCeList0001', name: 'CE bench (5000 contacts)' } },
	cm: { checkMonitorApi: { id: 'benchCmCred0001', name: 'CM bench' } },
	cmNew: { checkMonitorApi: { id: 'benchCmNewCred1', name: 'CM bench (creates)' } },
	ceHeader: { httpHeaderAuth: { id: 'benchCeHeader01', name: 'CE bearer header' } },
	cmHeader: { httpHeaderAuth: { id: 'benchCmHeader01', name: 'CM key header' } },
};

type Side = 'node' | 'httpCredential' | 'httpPlain';
const SIDES: Side[] = ['node', 'httpCredential', 'httpPlain'];
interface Case {
	name: string;
	n: number;
	/** Items the Code node emits (JSON). */
	items: IDataObject[];
	/** Our node's parameters, and the HTTP Request node's parameters without auth. */
	node: { type: string; parameters: IDataObject; credentials: IDataObject };
	http: IDataObject;
	/** The header the plain side sends, and the Header Auth credential to use. */
	header: { name: string; value: string; credentials: IDataObject };
	/** Per-item figures make no sense for one Get Many request: report per run. */
	perRun?: boolean;
	/** Items each side must return in a per-run case. */
	expectedItems?: number;
}

const median = (values: number[]) => {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted.length % 2
		? sorted[(sorted.length - 1) / 2]
		: (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
};

function workflow(benchCase: Case, id: string): IDataObject {
	const nodes: IDataObject[] = [
		{
			id: 'start',
			name: 'Start',
			type: 'n8n-nodes-base.manualTrigger',
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		},
		{
			id: 'items',
			name: 'Items',
			type: 'n8n-nodes-base.code',
			typeVersion: 2,
			position: [200, 0],
			parameters: {
				jsCode: `return ${JSON.stringify(benchCase.items.map((json) => ({ json })))};`,
			},
		},
	];
	const targets: Array<{ node: string; type: string; index: number }> = [];
	for (let rep = 0; rep <= REPS; rep++) {
		// Rotated (A B C, B C A, C A B, ...): each side takes each place in turn, and no side
		// runs twice in a row. Back to back, the HTTP Request node's plain side held two runs'
		// sockets at once: it opens one per item together and they close only when the server
		// ends the idle connections (5 s), so N = 10000 ran n8n out of descriptors (EMFILE).
		const order = SIDES.map((_, i) => SIDES[(i + rep) % SIDES.length]);
		order.forEach((side, i) => {
			const name = `${side} ${rep}`;
			// v1 execution order runs the branches top to bottom: y orders them.
			const position = [400 + 200 * i, (rep * SIDES.length + i) * 100];
			if (side === 'node') {
				nodes.push({ id: name, name, typeVersion: 1, position, ...benchCase.node });
			} else {
				const auth =
					side === 'httpCredential'
						? { authentication: 'genericCredentialType', genericAuthType: 'httpHeaderAuth' }
						: {
								sendHeaders: true,
								headerParameters: {
									parameters: [{ name: benchCase.header.name, value: benchCase.header.value }],
								},
							};
				nodes.push({
					id: name,
					name,
					type: 'n8n-nodes-base.httpRequest',
					typeVersion: 4.2,
					position,
					parameters: { ...benchCase.http, ...auth },
					...(side === 'httpCredential' ? { credentials: benchCase.header.credentials } : {}),
				});
			}
			targets.push({ node: name, type: 'main', index: 0 });
		});
	}
	return {
		id,
		name: `bench ${benchCase.name} ${benchCase.n}`,
		active: false,
		settings: { executionOrder: 'v1' },
		nodes,
		connections: {
			Start: { main: [[{ node: 'Items', type: 'main', index: 0 }]] },
			Items: { main: [targets] },
		},
	};
}

let runs = 0;

/**
 * Open descriptors (sockets) of the n8n process at each node's start and end, from the
 * samples nearest to them: a side that leaves them open is the one whose count grows.
 */
function printDescriptors(
	benchCase: Case,
	runData: Record<string, IDataObject[]>,
	samples: Array<[number, number, number]>,
) {
	const at = (time: number) =>
		samples.reduce(
			(best, row) => (Math.abs(row[0] - time) < Math.abs(best[0] - time) ? row : best),
			samples[0],
		);
	console.log(`open descriptors (sockets) of n8n, ${benchCase.name} N=${benchCase.n}:`);
	const tasks = Object.entries(runData)
		.map(([node, runs]) => ({
			node,
			start: Number(runs[0]?.startTime),
			time: Number(runs[0]?.executionTime),
		}))
		.filter((task) => Number.isFinite(task.start))
		.sort((a, b) => a.start - b.start);
	for (const task of tasks) {
		if (!samples.length) break;
		const [, openBefore, socketsBefore] = at(task.start);
		const [, openAfter, socketsAfter] = at(task.start + task.time);
		console.log(
			`  ${task.node.padEnd(20)} ${openBefore} (${socketsBefore}) -> ${openAfter} (${socketsAfter})`,
		);
	}
	if (samples.length)
		console.log(
			`  at exit: ${samples[samples.length - 1][1]} (${samples[samples.length - 1][2]}); most: ${Math.max(...samples.map((row) => row[1]))}`,
		);
	else console.log('  no samples (the process wrote none)');
}

/** `n8n execute` of the case's workflow; run data, peak memory and expression counts. */
async function runCase(userFolder: string, work: string, benchCase: Case, engine: string) {
	// A new id per run: each case is a workflow of its own.
	const id = `benchWorkflow${String(++runs).padStart(3, '0')}`;
	await importWorkflows(userFolder, [workflow(benchCase, id)]);
	const countsFile = path.join(work, 'counts.json');
	const outFile = path.join(work, 'out.json');
	// stdout to a file, not a pipe: n8n exits right after printing the run data, and only
	// writes to a file are complete by then (a large output through a pipe is cut short).
	const outFd = openSync(outFile, 'w');
	const child = spawn(n8nBin(), ['execute', `--id=${id}`, '--rawOutput'], {
		cwd: n8nDir,
		env: runtimeEnv({
			N8N_USER_FOLDER: userFolder,
			N8N_RUNNERS_BROKER_PORT: String(await freePort()),
			N8N_EXPRESSION_ENGINE: engine,
			NODE_OPTIONS: [
				`--require ${path.join(__dirname, 'countExpressions.cjs')} --max-old-space-size=8192`,
				...(FDS ? [`--require ${path.join(__dirname, 'sampleFds.cjs')}`] : []),
				...(CPU_PROFILE ? [`--cpu-prof --cpu-prof-dir=${CPU_PROFILE}`] : []),
			].join(' '),
			BENCH_EXPRESSION_COUNTS: countsFile,
			...(FDS ? { BENCH_FDS: path.join(work, 'fds.json') } : {}),
		}),
		stdio: ['ignore', outFd, 'inherit'],
	});
	let peakKb = 0;
	const sampler = setInterval(() => {
		try {
			const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
			peakKb = Math.max(peakKb, Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0));
		} catch {
			/* exited */
		}
	}, 200);
	await new Promise((resolve) => child.once('close', resolve));
	clearInterval(sampler);
	closeSync(outFd);
	// Read (and remove) this run's counts before anything can fail: a failed case's counts
	// were once added to the next case's.
	const counts = new Map<string, number>();
	for (const name of readdirSync(work).filter((f) => f.startsWith('counts.json.'))) {
		for (const [text, count] of JSON.parse(readFileSync(path.join(work, name), 'utf8')) as Array<
			[string, number]
		>)
			counts.set(text, (counts.get(text) ?? 0) + count);
		rmSync(path.join(work, name));
	}
	// The n8n process's own descriptor samples (its task runner writes a file of its own).
	const fdFile = path.join(work, `fds.json.${child.pid}`);
	const fdSamples =
		FDS && existsSync(fdFile)
			? (JSON.parse(readFileSync(fdFile, 'utf8')) as Array<[number, number, number]>)
			: [];
	for (const name of readdirSync(work).filter((f) => f.startsWith('fds.json.')))
		rmSync(path.join(work, name));
	const stdout = readFileSync(outFile, 'utf8');
	const start = stdout.search(/^\{$/m);
	const end = stdout.slice(start).search(/^\}$/m);
	if (start === -1 || end === -1)
		throw new Error(`n8n printed no run data for ${benchCase.name}: ${stdout.slice(-1500)}`);
	const run = JSON.parse(stdout.slice(start, start + end + 1)) as IDataObject;
	const runData = ((run.data as IDataObject).resultData as IDataObject).runData as Record<
		string,
		IDataObject[]
	>;
	if (FDS) printDescriptors(benchCase, runData, fdSamples);
	const times: Record<Side, number[]> = { node: [], httpCredential: [], httpPlain: [] };
	for (const side of SIDES) {
		for (let rep = 1; rep <= REPS; rep++) {
			const task = runData[`${side} ${rep}`]?.[0];
			if (!task || task.error) {
				// The first node that failed, its name and its error together (n8n's error JSON starts
				// with level, tags and context: only the parts a reader needs).
				const [node, tasks] = Object.entries(runData).find(([, t]) => t[0]?.error) ?? [
					`${side} ${rep}`,
					[task],
				];
				const error = tasks[0]?.error as IDataObject | undefined;
				const why = error
					? [
							error.message,
							error.description,
							error.httpCode,
							(error.context as IDataObject | undefined)?.itemIndex,
						]
							.filter((part) => part !== undefined && part !== null && part !== '')
							.join(' / ')
					: 'did not run';
				throw new Error(`${node} failed: ${why.slice(0, 600)}`);
			}
			const out = ((task.data as IDataObject).main as IDataObject[][])[0];
			const expected = benchCase.perRun ? benchCase.expectedItems : benchCase.n;
			if (expected !== undefined && out.length !== expected)
				throw new Error(`${side} ${rep} returned ${out.length} items, expected ${expected}`);
			times[side].push(Number(task.executionTime));
		}
	}
	return { times, peakMb: Math.round(peakKb / 1024), counts };
}

async function main() {
	const out: string[] = [];
	const print = (line = '') => {
		out.push(line);
		console.log(line);
	};
	await ensureN8n();
	const userFolder = await installTarball(undefined, () => undefined, PACKAGE);
	const work = mkdtempSync(path.join(os.tmpdir(), 'n8n-bench-'));
	const ce = await new CustomerEngagementServer().start();
	const cm = await new CheckMonitorServer().start();
	// Each side creates the same contacts (the same requests); uniqueness is not what is measured.
	ce.uniqueContacts = false;
	const contacts = Array.from({ length: Math.max(...SIZES) }, (_, i) =>
		ce.seedContact({ firstName: `Bench ${i}`, email: `bench${i}@example.com` }),
	);
	// Get Many lists a server of its own, with exactly 5000 contacts: the other cases' creates
	// must not grow the list it reads (they did: 23000 contacts after Contact Create at N=1000).
	const ceList = await new CustomerEngagementServer().start();
	for (let i = 0; i < 5000; i++)
		ceList.seedContact({ firstName: `Listed ${i}`, email: `listed${i}@example.com` });
	const checks = Array.from({ length: 1000 }, (_, i) => cm.seedCheck({ name: `bench ${i}` }));
	// Check Create writes to a server of its own, emptied before each run (and without the
	// stand-in's check limit): its creates must not grow the list Check Get reads.
	const cmNew = await new CheckMonitorServer().start();
	const file = path.join(work, 'credentials.json');
	writeFileSync(
		file,
		JSON.stringify([
			{
				...CRED.ce.customerEngagementApi,
				type: 'customerEngagementApi',
				data: { baseUrl: ce.url, accessToken: CE_TOKEN },
			},
			{
				...CRED.ceList.customerEngagementApi,
				type: 'customerEngagementApi',
				data: { baseUrl: ceList.url, accessToken: CE_TOKEN },
			},
			{
				...CRED.cm.checkMonitorApi,
				type: 'checkMonitorApi',
				data: { baseUrl: cm.url, apiKey: CM_KEY },
			},
			{
				...CRED.cmNew.checkMonitorApi,
				type: 'checkMonitorApi',
				data: { baseUrl: cmNew.url, apiKey: CM_KEY },
			},
			{
				...CRED.ceHeader.httpHeaderAuth,
				type: 'httpHeaderAuth',
				data: { name: 'Authorization', value: `Bearer ${CE_TOKEN}` },
			},
			{
				...CRED.cmHeader.httpHeaderAuth,
				type: 'httpHeaderAuth',
				data: { name: 'X-Api-Key', value: CM_KEY },
			},
		]),
	);
	await n8nCli(userFolder, ['import:credentials', `--input=${file}`]);
	const ceHeader = {
		name: 'Authorization',
		value: `Bearer ${CE_TOKEN}`,
		credentials: CRED.ceHeader,
	};
	const cmHeader = { name: 'X-Api-Key', value: CM_KEY, credentials: CRED.cmHeader };
	const cases: Case[] = [];
	// Each per-item case twice: every value the node is given an expression (as a workflow that
	// maps each item's fields), and every value fixed. The HTTP Request node gets the same values
	// the same way: one expression for the URL or the body (what a user writes there), or none.
	for (const n of SIZES) {
		const contact = String(contacts[0].id);
		cases.push(
			{
				name: 'Contact Get, every value an expression',
				n,
				items: contacts.slice(0, n).map((c) => ({ id: String(c.id) })),
				node: {
					type: `${PKG}.customerEngagement`,
					parameters: {
						resource: 'contact',
						operation: 'get',
						contactId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
					},
					credentials: CRED.ce,
				},
				http: { method: 'GET', url: `=${ce.url}/v1/contacts/{{ $json.id }}`, options: {} },
				header: ceHeader,
			},
			{
				name: 'Contact Get, fixed values',
				n,
				items: Array.from({ length: n }, () => ({})),
				node: {
					type: `${PKG}.customerEngagement`,
					parameters: {
						resource: 'contact',
						operation: 'get',
						contactId: { __rl: true, mode: 'id', value: contact },
					},
					credentials: CRED.ce,
				},
				http: { method: 'GET', url: `${ce.url}/v1/contacts/${contact}`, options: {} },
				header: ceHeader,
			},
			{
				name: 'Contact Create, every value an expression',
				n,
				items: Array.from({ length: n }, (_, i) => ({
					email: `new${i}@example.com`,
					first: `New ${i}`,
					last: 'Bench',
					note: 'benchmark',
				})),
				node: {
					type: `${PKG}.customerEngagement`,
					parameters: {
						resource: 'contact',
						operation: 'create',
						email: '={{ $json.email }}',
						additionalFields: {
							firstName: '={{ $json.first }}',
							lastName: '={{ $json.last }}',
							description: '={{ $json.note }}',
						},
					},
					credentials: CRED.ce,
				},
				http: {
					method: 'POST',
					url: `${ce.url}/v1/contacts`,
					sendBody: true,
					specifyBody: 'json',
					jsonBody:
						'={{ JSON.stringify({ email: $json.email, firstName: $json.first, lastName: $json.last, description: $json.note }) }}',
					options: {},
				},
				header: ceHeader,
			},
			{
				name: 'Contact Create, fixed values',
				n,
				items: Array.from({ length: n }, () => ({})),
				node: {
					type: `${PKG}.customerEngagement`,
					parameters: {
						resource: 'contact',
						operation: 'create',
						email: 'new@example.com',
						additionalFields: { firstName: 'New', lastName: 'Bench', description: 'benchmark' },
					},
					credentials: CRED.ce,
				},
				http: {
					method: 'POST',
					url: `${ce.url}/v1/contacts`,
					sendBody: true,
					specifyBody: 'json',
					jsonBody: JSON.stringify({
						email: 'new@example.com',
						firstName: 'New',
						lastName: 'Bench',
						description: 'benchmark',
					}),
					options: {},
				},
				header: ceHeader,
			},
			{
				name: 'Check Create, every value an expression',
				n,
				items: Array.from({ length: n }, (_, i) => ({
					name: `New check ${i}`,
					tags: 'bench',
					timeout: 3600,
				})),
				node: {
					type: `${PKG}.checkMonitor`,
					parameters: {
						resource: 'check',
						operation: 'create',
						additionalFields: {
							name: '={{ $json.name }}',
							tags: '={{ $json.tags }}',
							timeout: '={{ $json.timeout }}',
						},
					},
					credentials: CRED.cmNew,
				},
				http: {
					method: 'POST',
					url: `${cmNew.url}/api/v3/checks/`,
					sendBody: true,
					specifyBody: 'json',
					jsonBody:
						'={{ JSON.stringify({ name: $json.name, tags: $json.tags, timeout: $json.timeout }) }}',
					options: {},
				},
				header: cmHeader,
			},
			{
				name: 'Check Create, fixed values',
				n,
				items: Array.from({ length: n }, () => ({})),
				node: {
					type: `${PKG}.checkMonitor`,
					parameters: {
						resource: 'check',
						operation: 'create',
						additionalFields: { name: 'New check', tags: 'bench', timeout: 3600 },
					},
					credentials: CRED.cmNew,
				},
				http: {
					method: 'POST',
					url: `${cmNew.url}/api/v3/checks/`,
					sendBody: true,
					specifyBody: 'json',
					jsonBody: JSON.stringify({ name: 'New check', tags: 'bench', timeout: 3600 }),
					options: {},
				},
				header: cmHeader,
			},
		);
	}
	cases.push({
		name: 'Check Get',
		n: 1000,
		items: checks.map((c) => ({ uuid: c.uuid })),
		node: {
			type: `${PKG}.checkMonitor`,
			parameters: {
				resource: 'check',
				operation: 'get',
				checkId: { __rl: true, mode: 'id', value: '={{ $json.uuid }}' },
			},
			credentials: CRED.cm,
		},
		http: { method: 'GET', url: `=${cm.url}/api/v3/checks/{{ $json.uuid }}`, options: {} },
		header: cmHeader,
	});
	cases.push({
		name: 'Contact Get Many, Return All (5000 contacts)',
		n: 1,
		perRun: true,
		expectedItems: 5000,
		items: [{}],
		node: {
			type: `${PKG}.customerEngagement`,
			parameters: { resource: 'contact', operation: 'getAll', returnAll: true, simplify: false },
			credentials: CRED.ceList,
		},
		// What a user would configure: HTTP Request's own pagination over the same pages.
		http: {
			method: 'GET',
			url: `${ceList.url}/v1/contacts`,
			sendQuery: true,
			queryParameters: { parameters: [{ name: 'perPage', value: '100' }] },
			options: {
				pagination: {
					pagination: {
						parameters: { parameters: [{ name: 'page', value: '={{ $pageCount + 1 }}' }] },
						paginationCompleteWhen: 'responseIsEmpty',
						completeExpression: '',
						limitPagesFetched: true,
						maxRequests: 60,
					},
				},
			},
		},
		header: ceHeader,
	});

	print(
		`Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB; n8n ${N8N_VERSION}; ${new Date().toISOString()}`,
	);
	if (PACKAGE) print(`Package measured: ${PACKAGE}`);
	print(
		`Each figure: the median of ${REPS} runs (after 1 warm-up) of the node's own execution time in one n8n process, sides rotated; spread = min–max.`,
	);
	print();
	const profiles: Array<{ name: string; runs: number; unit: string; files: string[] }> = [];
	for (const engine of ENGINES) {
		print(`### Expression engine: ${engine}`);
		print();
		print(
			'| case | N | our node ms/item (spread) | HTTP Request + Header Auth credential | HTTP Request + plain header | ratio to credential side | ratio to plain side | expressions per item: ours / HTTP | n8n peak memory |',
		);
		print('|---|---|---|---|---|---|---|---|---|');
		for (const benchCase of cases) {
			if (CASE_FILTER.length && !CASE_FILTER.some((part) => benchCase.name.includes(part)))
				continue;
			ce.clearLog();
			cm.clearLog();
			cmNew.reset();
			cmNew.checkLimit = Infinity;
			const profilesBefore =
				CPU_PROFILE && existsSync(CPU_PROFILE)
					? new Set(readdirSync(CPU_PROFILE))
					: new Set<string>();
			let result;
			try {
				result = await runCase(userFolder, work, benchCase, engine);
			} catch (error) {
				print(
					`| ${benchCase.name} | ${benchCase.n} | failed: ${(error as Error).message.slice(0, 200).replace(/\|/g, '/')} | | | | | | |`,
				);
				continue;
			}
			const per = (side: Side) => median(result.times[side]) / (benchCase.perRun ? 1 : benchCase.n);
			const spread = (side: Side) =>
				`${(Math.min(...result.times[side]) / (benchCase.perRun ? 1 : benchCase.n)).toFixed(2)}–${(Math.max(...result.times[side]) / (benchCase.perRun ? 1 : benchCase.n)).toFixed(2)}`;
			const unit = benchCase.perRun ? 'ms/run' : 'ms/item';
			// Expressions by side: HTTP's texts name the server's address (or are its body, its
			// pagination and its Header Auth credential); the rest are ours.
			let ours = 0;
			let http = 0;
			for (const [text, count] of result.counts) {
				if (
					[
						ce.url,
						ceList.url,
						cm.url,
						cmNew.url,
						'JSON.stringify',
						'$pageCount',
						'$credentials.name',
						'$credentials.value',
					].some((part) => text.includes(part))
				)
					http += count;
				else ours += count;
			}
			const runs = (REPS + 1) * (benchCase.perRun ? 1 : benchCase.n);
			print(
				`| ${benchCase.name} | ${benchCase.n} | ${per('node').toFixed(2)} ${unit} (${spread('node')}) | ${per('httpCredential').toFixed(2)} (${spread('httpCredential')}) | ${per('httpPlain').toFixed(2)} (${spread('httpPlain')}) | ${(per('node') / per('httpCredential')).toFixed(2)}x | ${(per('node') / per('httpPlain')).toFixed(2)}x | ${(ours / runs).toFixed(1)} / ${(http / (2 * runs)).toFixed(1)} | ${result.peakMb} MB |`,
			);
			if (CPU_PROFILE)
				profiles.push({
					name: `${benchCase.name}, N = ${benchCase.n}, ${engine}`,
					runs,
					unit,
					files: readdirSync(CPU_PROFILE).filter((f) => !profilesBefore.has(f)),
				});
		}
		print();
	}
	// The n8n process's profile is the largest of a run's (its task runner writes one too).
	for (const { name, runs, unit, files } of profiles) {
		const largest = files
			.map((f) => path.join(CPU_PROFILE!, f))
			.sort((a, b) => statSync(b).size - statSync(a).size)[0];
		if (!largest) continue;
		print(
			`### CPU profile: ${name} (${path.basename(largest)}; ${runs} ${unit === 'ms/run' ? 'runs' : 'items'} of our node, warm-up included)`,
		);
		print();
		for (const line of profileTable(ourNodeProfile(largest, runs), unit)) print(line);
		print();
	}
	await ce.stop();
	await ceList.stop();
	await cm.stop();
	await cmNew.stop();
	if (process.argv.includes('--write'))
		writeBenchmarks(`npm run bench:n8n (n8n ${N8N_VERSION})`, out.join('\n'));
	process.exit(0);
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
