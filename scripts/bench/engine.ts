/**
 * `npm run bench`: figures, not pass/fail. Runs the nodes in n8n's engine (the test
 * harness) against the local API servers and prints markdown tables:
 *   1. request economy of Get Many and of the triggers,
 *   2. overhead of the node vs plain axios for 1000 requests,
 *   3. rate-limited throughput for 1000 writes,
 *   4. a fault matrix: succeeded / failed clearly / lost / duplicated.
 * `-- --write` puts the output into its block of BENCHMARKS.md (benchmarksFile.ts).
 */
import axios from 'axios';
import os from 'node:os';
import { byId, createPoller, runNode } from '../../harness/engine';
import { CheckMonitorServer, CM_KEY } from '../../harness/servers/checkMonitorServer';
import { CE_TOKEN, CustomerEngagementServer } from '../../harness/servers/customerEngagementServer';
import { policy as resiliencePolicy } from '../../nodes/shared/apiRequest';
import { writeBenchmarks } from './benchmarksFile';

const out: string[] = [];
const print = (line = '') => {
	out.push(line);
	console.log(line);
};
const table = (head: string[], rows: Array<Array<string | number>>) => {
	print(`| ${head.join(' | ')} |`);
	print(`|${head.map(() => '---').join('|')}|`);
	for (const row of rows) print(`| ${row.join(' | ')} |`);
	print();
};

async function main() {
	const ce = await new CustomerEngagementServer().start();
	const cm = await new CheckMonitorServer().start();
	const ceCredentials = { customerEngagementApi: { baseUrl: ce.url, accessToken: CE_TOKEN } };
	const cmCredentials = { checkMonitorApi: { baseUrl: cm.url, apiKey: CM_KEY } };
	const run = (parameters: Record<string, unknown>, items?: object[]) =>
		runNode({
			type: 'customerEngagement',
			parameters: parameters as never,
			credentials: ceCredentials,
			items: items as never,
			continueOnFail: true,
		});

	print(
		`Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${new Date().toISOString()}`,
	);
	print();

	// 1. Request economy
	print('### Request economy: Get Many (contacts)');
	const economy: Array<Array<string | number>> = [];
	for (const n of [0, 1, 100, 101, 1000, 5000]) {
		ce.reset();
		for (let i = 0; i < n; i++) ce.seedContact();
		const all = await run({ resource: 'contact', operation: 'getAll', returnAll: true });
		const allRequests = ce.requests.length;
		ce.clearLog();
		const limited = await run({
			resource: 'contact',
			operation: 'getAll',
			returnAll: false,
			limit: 150,
		});
		economy.push([
			n,
			all.items.length,
			allRequests,
			Math.max(1, Math.ceil(n / 100)),
			limited.items.length,
			ce.requests.length,
			Math.max(1, Math.ceil(Math.min(n, 150) / 100)),
		]);
	}
	table(
		[
			'N',
			'Return All: items',
			'requests',
			'ceil(N/100)',
			'Limit 150: items',
			'requests',
			'expected',
		],
		economy,
	);

	print('### Request economy: triggers (per poll, k new over H history)');
	const triggerRows: Array<Array<string | number>> = [];
	for (const history of [1000, 5000]) {
		ce.reset();
		let clock = Date.UTC(2026, 0, 1);
		ce.now = () => new Date(clock);
		const contact = ce.seedContact();
		for (let i = 0; i < history; i++)
			ce.seedVisit({
				contactId: contact.id as string,
				date: new Date(clock - 48 * 3_600_000 - i * 1000).toISOString(),
			});
		const poller = createPoller({
			type: 'customerEngagementTrigger',
			parameters: { event: 'newVisit' } as never,
			credentials: ceCredentials,
		});
		await poller.poll();
		for (const k of [0, 1, 99, 100, 101, 250]) {
			for (let i = 0; i < k; i++) {
				clock += 1000;
				ce.seedVisit({ contactId: contact.id as string, date: new Date(clock).toISOString() });
			}
			ce.clearLog();
			const emitted = (await poller.poll())?.[0].length ?? 0;
			triggerRows.push([
				'newVisit',
				history,
				k,
				emitted,
				ce.requests.length,
				Math.ceil((k + 1) / 100),
			]);
		}
		ce.now = () => new Date();
	}
	cm.reset();
	const watched = cm.seedCheck({ name: 'watched' });
	for (let i = 0; i < 500; i++)
		cm.seedFlip(watched.uuid, new Date(Date.now() - 86_400_000 - i * 1000), (i % 2) as 0 | 1);
	const flipPoller = createPoller({
		type: 'checkMonitorTrigger',
		parameters: { event: 'newFlip', scope: 'one', checkId: byId(watched.uuid) } as never,
		credentials: cmCredentials,
	});
	await flipPoller.poll();
	for (const k of [0, 1, 5]) {
		const before = watched.flips.length;
		for (let i = 0; watched.flips.length - before < k; i++)
			cm.receivePing(watched.uuid, i % 2 ? '' : 'fail');
		cm.clearLog();
		const emitted = (await flipPoller.poll())?.[0].length ?? 0;
		triggerRows.push([
			'newFlip (one check)',
			500,
			k,
			emitted,
			cm.requests.length,
			k ? '2 (flips + check name)' : 1,
		]);
	}
	table(
		['trigger', 'history H', 'new k', 'emitted', 'requests', 'expected ceil((k+1)/100)'],
		triggerRows,
	);

	// 2. Overhead
	print('### Overhead: 1000 GET requests on loopback');
	ce.reset();
	ce.state.labels.set('lb_1', { id: 'lb_1', name: 'VIP', color: 'GREY' });
	const items = Array.from({ length: 1000 }, () => ({ id: 'lb_1' }));
	const client = axios.create({
		baseURL: ce.url,
		headers: { Authorization: `Bearer ${CE_TOKEN}`, Accept: 'application/json' },
	});
	const timed = async <T>(fn: () => Promise<T>) => {
		await fn(); // warm-up run (JIT, connection setup), not counted
		const start = performance.now();
		const value = await fn();
		return { value, ms: performance.now() - start };
	};
	const { value: nodeRun, ms: nodeMs } = await timed(() =>
		run(
			{
				resource: 'label',
				operation: 'get',
				labelId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
			},
			items,
		),
	);
	const { ms: sequentialMs } = await timed(async () => {
		for (let i = 0; i < 1000; i++) await client.get('/v1/labels/lb_1');
	});
	const { ms: concurrentMs } = await timed(async () => {
		let next = 0;
		await Promise.all(
			Array.from({ length: resiliencePolicy.maxConcurrent }, async () => {
				while (next < 1000) {
					next++;
					await client.get('/v1/labels/lb_1');
				}
			}),
		);
	});
	table(
		['client', 'items ok', 'wall ms', 'vs axios (same concurrency)'],
		[
			[
				`node in n8n engine (${resiliencePolicy.maxConcurrent} in flight)`,
				nodeRun.items.filter((i) => !i.json.error).length,
				Math.round(nodeMs),
				`${(nodeMs / concurrentMs).toFixed(2)}x`,
			],
			[
				`axios, ${resiliencePolicy.maxConcurrent} in flight`,
				1000,
				Math.round(concurrentMs),
				'1.00x',
			],
			[
				'axios, one at a time',
				1000,
				Math.round(sequentialMs),
				`${(sequentialMs / concurrentMs).toFixed(2)}x`,
			],
		],
	);
	print(
		`Per item, the node costs ${((nodeMs - concurrentMs) / 1000).toFixed(2)} ms more than a bare request: n8n's engine builds an execution context and resolves every parameter expression for each item.`,
	);
	print(
		'The node beside n8n\'s HTTP Request node, in real n8n, is `npm run bench:n8n` ("Per item").',
	);
	print();

	// 3. Rate-limited throughput
	print('### Rate-limited throughput: 1000 writes (notes) at 100 requests/s, 429 beyond');
	ce.reset();
	const contact = ce.seedContact();
	ce.setRateLimit({ requests: 100, windowMs: 1000 });
	const writes = Array.from({ length: 1000 }, (_, i) => ({ text: `n${i}` }));
	const started = performance.now();
	const written = await run(
		{
			resource: 'note',
			operation: 'create',
			contactId: byId(contact.id as string),
			text: '={{ $json.text }}',
		},
		writes,
	);
	const wallS = (performance.now() - started) / 1000;
	const tally = countNotes(
		ce,
		writes.map((w) => w.text),
		written.items,
	);
	table(
		[
			'N',
			'rate',
			'completed',
			'failed clearly',
			'lost',
			'duplicated',
			'wall s',
			'N/rate s',
			'ratio',
		],
		[
			[
				1000,
				'100/s',
				tally.succeeded,
				tally.failed,
				tally.lost,
				tally.duplicated,
				wallS.toFixed(1),
				10,
				(wallS / 10).toFixed(2),
			],
		],
	);
	ce.setRateLimit(undefined);

	// 4. Fault matrix
	print('### Fault matrix (200 items each, 20 % of requests hit)');
	const rows: Array<Array<string | number>> = [];
	const cases: Array<{
		name: string;
		fault: Parameters<typeof ce.injectFault>[0] | 'storm';
		write: boolean;
		timeoutMs?: number;
	}> = [
		{ name: '429 storm (rate limit 20/s)', fault: 'storm', write: true },
		{ name: '500 on reads', fault: { kind: 'status', status: 500 }, write: false },
		{ name: '500 on writes (not processed)', fault: { kind: 'status', status: 500 }, write: true },
		{ name: '500 on writes (processed)', fault: { kind: 'statusAfter', status: 500 }, write: true },
		{ name: 'timeouts on reads', fault: { kind: 'delay', ms: 1500 }, write: false, timeoutMs: 500 },
		{ name: 'timeouts on writes', fault: { kind: 'delay', ms: 1500 }, write: true, timeoutMs: 500 },
		{ name: 'dropped connections on reads', fault: { kind: 'drop' }, write: false },
		{
			name: 'dropped connections on writes (processed)',
			fault: { kind: 'dropAfter' },
			write: true,
		},
	];
	for (const c of cases) {
		ce.reset();
		const target = ce.seedContact();
		ce.state.labels.set('lb_1', { id: 'lb_1', name: 'VIP', color: 'GREY' });
		if (c.fault === 'storm') ce.setRateLimit({ requests: 20, windowMs: 1000 });
		else ce.randomFault = { fault: c.fault, probability: 0.2 };
		const texts = Array.from({ length: 200 }, (_, i) => `f${i}`);
		const requestOptions = c.timeoutMs ? { requestOptions: { timeout: c.timeoutMs } } : {};
		const result = c.write
			? await run(
					{
						resource: 'note',
						operation: 'create',
						contactId: byId(target.id as string),
						text: '={{ $json.text }}',
						...requestOptions,
					},
					texts.map((text) => ({ text })),
				)
			: await run(
					{ resource: 'label', operation: 'get', labelId: byId('lb_1'), ...requestOptions },
					texts.map(() => ({})),
				);
		ce.clearFaults();
		ce.setRateLimit(undefined);
		await new Promise((resolve) => setTimeout(resolve, c.timeoutMs ? 1600 : 0));
		if (c.write) {
			const t = countNotes(ce, texts, result.items);
			rows.push([c.name, t.succeeded, t.failed, t.failedButHappened, t.lost, t.duplicated]);
		} else {
			const ok = result.items.filter((i) => !i.json.error).length;
			const failed = result.items.filter((i) => i.json.error).length;
			rows.push([c.name, ok, failed, '-', 200 - ok - failed, 0]);
		}
	}
	table(
		[
			'case',
			'succeeded',
			'failed clearly',
			'of which happened (user told to check)',
			'lost',
			'duplicated',
		],
		rows,
	);

	await ce.stop();
	await cm.stop();
	return out.join('\n');
}

/** Items vs what the server holds: success must exist once; a failure may exist at most once. */
function countNotes(
	server: CustomerEngagementServer,
	texts: string[],
	items: Array<{ json: Record<string, unknown> }>,
) {
	const stored = new Map<string, number>();
	for (const note of server.state.notes)
		stored.set(String(note.text), (stored.get(String(note.text)) ?? 0) + 1);
	let succeeded = 0;
	let failed = 0;
	let failedButHappened = 0;
	let lost = 0;
	texts.forEach((text, i) => {
		const item = items[i];
		const count = stored.get(text) ?? 0;
		if (!item) lost++;
		else if (item.json.error) {
			failed++;
			if (count > 0) failedButHappened++;
		} else if (count === 0) lost++;
		else succeeded++;
	});
	const duplicated = [...stored.values()].filter((n) => n > 1).length;
	return { succeeded, failed, failedButHappened, lost, duplicated };
}

main()
	.then(async (report) => {
		if (process.argv.includes('--write')) writeBenchmarks('npm run bench', report);
		process.exit(0);
	})
	.catch((error) => {
		console.error(error);
		process.exit(1);
	});
