/**
 * `npm run bench:triggers`: what the Check Monitor Trigger's All Checks events cost
 * per poll at 100 and 1,000 checks, this checkout against an earlier one (BENCH_BEFORE_REF,
 * default the commit before 3f3ceb6, which made All Checks read only what changed), both run in n8n's engine (the test harness) against
 * the stand-in, on a virtual clock (polls a minute apart). Prints a markdown table.
 *
 * Requests are counted unpaced (Max Requests per Minute very high): the earlier trigger's
 * pacing (100 a minute, a 40 s reading budget) then caps each of its polls at 67 requests
 * and spreads one round over ceil(N / 66) polls, which the table states beside the count.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { INodeType } from 'n8n-workflow';
import { createPoller, registerTestNode } from '../../harness/engine';
import { CheckMonitorServer, CM_KEY } from '../../harness/servers/checkMonitorServer';

// The trigger before All Checks read only what changed (the commit before 3f3ceb6).
const BEFORE_REF = process.env.BENCH_BEFORE_REF ?? '3f3ceb6^';
const FAST = { requestsPerMinute: 600_000 };

/** The trigger as committed at BEFORE_REF, with every node module as committed then (shared ones change). */
async function triggerBefore(): Promise<INodeType> {
	const commit = execFileSync('git', ['rev-parse', BEFORE_REF], { encoding: 'utf8' }).trim();
	const folder = path.join(
		__dirname,
		'..',
		'..',
		'node_modules',
		'.cache',
		`bench-trigger-before-${commit}`,
	);
	if (!existsSync(path.join(folder, 'nodes'))) {
		mkdirSync(folder, { recursive: true });
		execFileSync('tar', ['-x', '-C', folder], {
			input: execFileSync('git', ['archive', '--format=tar', commit, 'nodes'], {
				maxBuffer: 256 * 1024 * 1024,
			}),
		});
	}
	const module = (await import(
		path.join(folder, 'nodes', 'CheckMonitorTrigger', 'CheckMonitorTrigger.node.ts')
	)) as { CheckMonitorTrigger: new () => INodeType };
	return new module.CheckMonitorTrigger();
}

async function main() {
	registerTestNode('checkMonitorTriggerBefore', await triggerBefore());
	const cm = await new CheckMonitorServer().start();
	const credentials = { checkMonitorApi: { baseUrl: cm.url, apiKey: CM_KEY } };
	let now = Date.UTC(2026, 10, 27, 0, 0, 0);
	Date.now = () => now;
	cm.now = () => new Date(now);
	const nextMinute = () => {
		now += 60_000;
		cm.clearLog();
	};
	const rows: string[][] = [];

	for (const n of [100, 1000]) {
		for (const [version, type] of [
			['before', 'checkMonitorTriggerBefore'],
			['now', 'checkMonitorTrigger'],
		]) {
			// New Flip, All Checks.
			cm.reset();
			cm.now = () => new Date(now);
			const checks = Array.from({ length: n }, (_, i) => cm.seedCheck({ name: `c${i}` }));
			// Every check pinged but the last: a pause and a resume of a check never pinged leave its row as it was.
			for (const check of checks.slice(0, -1)) cm.receivePing(check.uuid);
			const flips = createPoller({
				type,
				parameters: { event: 'newFlip', scope: 'all', options: FAST } as never,
				credentials,
			});
			cm.clearLog();
			await flips.poll();
			const activation = cm.requests.length;
			nextMinute();
			await flips.poll();
			const quiet = cm.requests.length;
			now += 10_000;
			for (const check of checks.slice(0, 10)) cm.receivePing(check.uuid, 'fail');
			nextMinute();
			const downEmitted = (await flips.poll())?.[0].length ?? 0;
			const down = cm.requests.length;
			now += 10_000;
			for (const check of checks.slice(0, 10)) cm.receivePing(check.uuid);
			nextMinute();
			const upEmitted = (await flips.poll())?.[0].length ?? 0;
			const up = cm.requests.length;
			// A pause and a resume between two polls, with no ping between them.
			now += 10_000;
			cm.pause(checks[n - 1].uuid);
			cm.resume(checks[n - 1].uuid);
			let minutes = 0;
			let emitted = 0;
			while (emitted < 2 && minutes < 120) {
				nextMinute();
				minutes++;
				emitted += (await flips.poll())?.[0].length ?? 0;
			}
			// An hour of polls with nothing happening.
			let idleHour = 0;
			for (let i = 0; i < 60; i++) {
				nextMinute();
				await flips.poll();
				idleHour += cm.requests.length;
			}
			// At 100 a minute a poll makes at most 67 requests (a 40 s budget): more are spread over polls.
			const paced = (requests: number) =>
				requests > 67
					? `${requests} (over ${Math.ceil((requests - 1) / 66)} polls)`
					: String(requests);
			rows.push([
				String(n),
				`New Flip, ${version}`,
				paced(activation),
				paced(quiet),
				`${paced(down)} (${downEmitted} emitted)`,
				`${paced(up)} (${upEmitted} emitted)`,
				version === 'before'
					? `the round that reaches it: within ${Math.ceil(n / 66)} polls`
					: `the first sweep, ${minutes} polls later (60 min after activation)`,
				`${idleHour}${version === 'before' ? ' (paced: 4020, 67 a poll)' : ''}`,
			]);

			// New Ping: before, one trigger per check (it watched one check); now, one for all.
			cm.reset();
			cm.now = () => new Date(now);
			const pinged = Array.from({ length: n }, (_, i) => cm.seedCheck({ name: `p${i}` }));
			const pollers =
				version === 'before'
					? pinged.map((check) =>
							createPoller({
								type,
								parameters: {
									event: 'newPing',
									checkId: { __rl: true, mode: 'id', value: check.uuid },
								} as never,
								credentials,
							}),
						)
					: [
							createPoller({
								type,
								parameters: { event: 'newPing', scope: 'all', options: FAST } as never,
								credentials,
							}),
						];
			const pollAll = async () => {
				let items = 0;
				for (const poller of pollers) items += (await poller.poll())?.[0].length ?? 0;
				return items;
			};
			cm.clearLog();
			await pollAll();
			const pingActivation = cm.requests.length;
			nextMinute();
			await pollAll();
			const pingQuiet = cm.requests.length;
			now += 10_000;
			for (const check of pinged.slice(0, 10)) cm.receivePing(check.uuid, 'fail');
			nextMinute();
			const pingEmitted = await pollAll();
			const pingPoll = cm.requests.length;
			rows.push([
				String(n),
				`New Ping, ${version}${version === 'before' ? ` (${n} One Check triggers)` : ' (All Checks)'}`,
				String(pingActivation),
				String(pingQuiet),
				`${pingPoll} (${pingEmitted} emitted)`,
				'-',
				'-',
				'-',
			]);
		}
	}
	await cm.stop();
	console.log(
		`Before: ${BEFORE_REF} (${execFileSync('git', ['rev-parse', '--short', BEFORE_REF], { encoding: 'utf8' }).trim()}); polls a minute apart; requests counted unpaced; (over k polls): at the default 100 requests a minute a poll makes at most 67, the rest at the next polls.\n`,
	);
	console.log(
		'| checks | trigger | activation | quiet poll | poll after 10 checks went down | after 10 came back up | a pause + resume between two polls is reported at | requests in an idle hour |',
	);
	console.log('|---|---|---|---|---|---|---|---|');
	for (const row of rows) console.log(`| ${row.join(' | ')} |`);
	process.exit(0);
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
