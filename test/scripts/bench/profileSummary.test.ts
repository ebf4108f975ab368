/**
 * The bench's profile summary (scripts/bench/profileSummary.ts) on a made-up CPU profile:
 * which samples are our node's, and what each was doing.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ourNodeProfile, profileTable } from '../../../scripts/bench/profileSummary';

const N8N = 'file:///cache/n8n-2.41.1/node_modules';
const frame = (id: number, functionName: string, url: string, children: number[] = []) => ({
	id,
	callFrame: { functionName, url },
	children,
});

/** root → runNode → (expression | getCredentials → sqlite), root → HTTP Request node, idle, GC, a bare sqlite callback. */
const nodes = [
	frame(1, '(root)', '', [2, 5, 6, 7, 8, 9]),
	frame(2, 'runNode', `${N8N}/n8n-core/dist/execution-engine/routing-node.js`, [3, 4]),
	frame(3, 'evaluate', `${N8N}/@n8n/expression-runtime/dist/cjs/evaluator/expression-evaluator.js`),
	frame(
		4,
		'sendRequest',
		'file:///tmp/n8n-user-x/.n8n/nodes/node_modules/n8n-nodes-engagement-monitor/dist/nodes/shared/requestInterceptor.js',
	),
	frame(5, 'execute', `${N8N}/n8n-nodes-base/dist/nodes/HttpRequest/V3/HttpRequestV3.node.js`),
	frame(6, '(idle)', ''),
	frame(7, '(garbage collector)', ''),
	// An awaited callback: no frame says whose it is.
	frame(8, 'Statement.all', `${N8N}/sqlite3/lib/sqlite3.js`),
	frame(9, 'getDecrypted', `${N8N}/n8n/dist/credentials-helper.js`),
];

function profileFile(samples: number[]): string {
	const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'profile-')), 'p.cpuprofile');
	// 1 ms per sample.
	writeFileSync(file, JSON.stringify({ nodes, samples, timeDeltas: samples.map(() => 1000) }));
	return file;
}

test('samples between two sides belong to the side seen last; the kind is the first category any frame matches', () => {
	// ours: expression, package, sqlite (unmarked), idle, GC; then http: its node, sqlite, idle (not ours); then ours again: expression.
	const file = profileFile([3, 4, 8, 6, 7, 5, 8, 6, 3]);
	const rows = ourNodeProfile(file, 2);
	expect(Object.fromEntries(rows.map((row) => [row.kind, row.msPerItem]))).toEqual({
		'n8n evaluating expressions (isolate, data proxy, luxon)': 1,
		'n8n reading the credential for a request (database, decryption)': 0.5,
		'this package': 0.5,
		'idle (waiting for the server)': 0.5,
		'garbage collection': 0.5,
	});
	// Shares are of busy time (idle left out): 2 of 5 ms.
	expect(rows.find((row) => row.kind.startsWith('n8n evaluating'))?.share).toBe(0.4);
	expect(rows.find((row) => row.kind.startsWith('idle'))?.share).toBeNaN();
});

test("samples before our node's first frame are not ours; a frame of n8n's credential code counts as the credential read", () => {
	const file = profileFile([9, 5, 9, 3, 9]);
	expect(ourNodeProfile(file, 1).map((row) => [row.kind, row.msPerItem])).toEqual([
		['n8n evaluating expressions (isolate, data proxy, luxon)', 1],
		['n8n reading the credential for a request (database, decryption)', 1],
	]);
});

test('the table: a row per kind, busy time without idle, the unit given', () => {
	const lines = profileTable(ourNodeProfile(profileFile([3, 3, 6]), 1), 'ms/run');
	expect(lines).toEqual([
		"| our node's CPU time, by what it was doing | ms/run | share of busy time |",
		'|---|---|---|',
		'| n8n evaluating expressions (isolate, data proxy, luxon) | 2.00 | 100 % |',
		'| idle (waiting for the server) | 1.00 | - |',
		'| **busy (all but idle)** | **2.00** | 100 % |',
	]);
});
