/**
 * Where our node's CPU time goes in a bench run's CPU profile (BENCH_CPU_PROFILE): the
 * samples taken while our node ran, by what they were doing, in ms per item.
 *
 * Which node a sample belongs to: the sides run one after another, so a sample whose stack
 * shows n8n's routing engine or this package's code starts our node's time, one that shows
 * the HTTP Request node starts the other side's, and the samples in between (awaited
 * requests, the credential's database read) belong to the side seen last. A sample's kind
 * is the first of the categories below that any frame of its stack matches, so the time is
 * inclusive: an expression evaluated by our own code counts as expression evaluation; what is
 * left is the package's or the routing engine's by the innermost frame of either.
 *
 * Also runnable on its own: `npx tsx scripts/bench/profileSummary.ts <file.cpuprofile> <items>`.
 */
import { readFileSync } from 'node:fs';

interface CallFrame {
	functionName: string;
	url: string;
}
interface Profile {
	nodes: Array<{ id: number; callFrame: CallFrame; children?: number[] }>;
	samples: number[];
	timeDeltas: number[];
}

const categories: Array<[string, (frame: CallFrame) => boolean]> = [
	[
		'n8n evaluating expressions (isolate, data proxy, luxon)',
		(f) => /expression|tournament|luxon/.test(f.url),
	],
	['loading code (once per process)', (f) => f.url.startsWith('node:internal/modules')],
	[
		'n8n reading the credential for a request (database, decryption)',
		(f) =>
			/^(getCredentials|getDecrypted|getCredentialsEntity|applyDefaultsAndOverwrites)$/.test(
				f.functionName,
			) || /typeorm|sqlite3|encryption\//.test(f.url),
	],
	['the credential applied to a request (authenticate)', (f) => f.functionName === 'authenticate'],
	[
		'HTTP client (axios, sockets)',
		(f) => /axios|follow-redirects|node:_?https?|node:net|_http_/.test(f.url),
	],
];

/** Of the rest, the innermost of these frames decides: the package calls n8n's engine, and the engine the package. */
const innermost: Array<[string, (frame: CallFrame) => boolean]> = [
	['this package', (f) => f.url.includes('/.n8n/nodes/')],
	[
		"n8n's routing engine (walks, display rules, parameters)",
		(f) => /routing-node|node-helpers|node-execution-context/.test(f.url),
	],
];

function sideOf(stack: CallFrame[]): 'ours' | 'http' | undefined {
	for (const frame of stack) {
		if (frame.url.includes('routing-node') || frame.url.includes('/.n8n/nodes/')) return 'ours';
		if (frame.url.includes('/HttpRequest/')) return 'http';
	}
	return undefined;
}

/** Our node's CPU time by kind, in ms per item (items: how many our node handled in the run). */
export function ourNodeProfile(
	file: string,
	items: number,
): Array<{ kind: string; msPerItem: number; share: number }> {
	const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
	const byId = new Map(profile.nodes.map((node) => [node.id, node]));
	const parent = new Map<number, number>();
	for (const node of profile.nodes)
		for (const child of node.children ?? []) parent.set(child, node.id);
	const kindOf = new Map<number, { side?: 'ours' | 'http'; kind: string }>();
	const classify = (id: number) => {
		let known = kindOf.get(id);
		if (known) return known;
		const stack: CallFrame[] = [];
		for (let at: number | undefined = id; at !== undefined; at = parent.get(at))
			stack.push(byId.get(at)!.callFrame);
		const leaf = stack[0].functionName;
		const kind =
			leaf === '(idle)' || leaf === '(program)'
				? 'idle (waiting for the server)'
				: leaf === '(garbage collector)'
					? 'garbage collection'
					: (categories.find(([, matches]) => stack.some(matches))?.[0] ??
						stack
							.map((frame) => innermost.find(([, matches]) => matches(frame))?.[0])
							.find(Boolean) ??
						'other (n8n workflow execution, run data)');
		known = { side: sideOf(stack), kind };
		kindOf.set(id, known);
		return known;
	};
	const ms: Record<string, number> = {};
	let side: 'ours' | 'http' | undefined;
	profile.samples.forEach((sample, index) => {
		const { side: seen, kind } = classify(sample);
		side = seen ?? side;
		if (side === 'ours') ms[kind] = (ms[kind] ?? 0) + profile.timeDeltas[index] / 1000;
	});
	const busy = Object.entries(ms)
		.filter(([kind]) => !kind.startsWith('idle'))
		.reduce((sum, [, value]) => sum + value, 0);
	return Object.entries(ms)
		.sort((a, b) => b[1] - a[1])
		.map(([kind, value]) => ({
			kind,
			msPerItem: value / items,
			share: kind.startsWith('idle') ? NaN : value / busy,
		}));
}

/** The rows as a Markdown table. */
export function profileTable(rows: ReturnType<typeof ourNodeProfile>, unit = 'ms/item'): string[] {
	const busy = rows
		.filter((row) => !Number.isNaN(row.share))
		.reduce((sum, row) => sum + row.msPerItem, 0);
	return [
		`| our node's CPU time, by what it was doing | ${unit} | share of busy time |`,
		'|---|---|---|',
		...rows.map(
			(row) =>
				`| ${row.kind} | ${row.msPerItem.toFixed(2)} | ${Number.isNaN(row.share) ? '-' : `${(100 * row.share).toFixed(0)} %`} |`,
		),
		`| **busy (all but idle)** | **${busy.toFixed(2)}** | 100 % |`,
	];
}

if (require.main === module) {
	const [file, items] = process.argv.slice(2);
	if (!file || !Number(items)) {
		console.error(
			'usage: tsx scripts/bench/profileSummary.ts <file.cpuprofile> <items our node handled>',
		);
		process.exit(2);
	}
	console.log(profileTable(ourNodeProfile(file, Number(items))).join('\n'));
}
