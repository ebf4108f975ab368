/**
 * `npm run test:scale` (about 9 minutes; the release workflow runs it): a published Check
 * Monitor Trigger, New Flip for All Checks, polled every minute by a started n8n
 * (N8N_VERSION) over 1,000 checks that the test creates through the stand-in's API (and
 * deletes after). Each flip it emits adds a note on the Customer Engagement stand-in, so
 * what it emitted can be seen there. `npm test` proves the same costs at 20 and 150 checks
 * (triggers.ts); this shows they hold at a thousand.
 *
 * Checks: the activation is one request (the list), and so is a quiet poll; a poll after 10
 * checks went down is 1 + 10 flips reads + 10 reads to name them; a pause and a resume between two polls (which
 * leave the list as it was) are reported by the sweep, within Full Sweep Every (2 minutes
 * here) and a poll. A poll is the requests from one list request to the next.
 */
import { type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CheckMonitorServer, CM_KEY } from '../../harness/servers/checkMonitorServer';
import { CE_TOKEN, CustomerEngagementServer } from '../../harness/servers/customerEngagementServer';
import { installPublished } from '../release/communityInstall';
import { importWorkflows, n8nCli, n8nDir, publishWorkflow, startN8n } from '../shared/n8nRuntime';
import { freePort } from '../shared/ports';
import { waitUntil } from '../shared/progress';
import { stopProcess } from '../shared/services';
import { runAlone } from './runAlone';

type Record = (name: string, message?: string) => void;
const PKG = 'n8n-nodes-engagement-monitor';
const CE_CREDENTIAL = { id: 'ceScaleCred00001', name: 'Customer Engagement (scale)' };
const CM_CREDENTIAL = { id: 'cmScaleCred00001', name: 'Check Monitor (scale)' };
const CHECKS = 1000;
const SWEEP_MINUTES = 2;

export async function scaleChecks(record: Record): Promise<void> {
	const ce = await new CustomerEngagementServer().start();
	const cm = await new CheckMonitorServer().start();
	let n8n: ChildProcess | undefined;
	const api = async (method: string, url: string, body?: object) => {
		const response = await fetch(`${cm.url}${url}`, {
			method,
			headers: { 'X-Api-Key': CM_KEY, 'Content-Type': 'application/json' },
			body: body ? JSON.stringify(body) : undefined,
		});
		return (await response.json()) as { uuid: string; name: string };
	};
	const created: string[] = [];
	try {
		for (let i = 0; i < CHECKS; i++)
			created.push(
				(await api('POST', '/api/v3/checks/', { name: `scale ${i}`, tags: 'scale' })).uuid,
			);
		// Every check but the last has pinged: a pause and a resume of the last leave its row as it was.
		for (const uuid of created.slice(0, -1)) cm.receivePing(uuid);
		const contact = ce.seedContact({ firstName: 'Scale', phone: '+15550400' });

		const work = mkdtempSync(path.join(os.tmpdir(), 'n8n-scale-'));
		const folder = (await installPublished(n8nDir, mkdtempSync(path.join(work, 'user-')))).folder;
		const file = path.join(work, 'credentials.json');
		writeFileSync(
			file,
			JSON.stringify([
				{
					...CE_CREDENTIAL,
					type: 'customerEngagementApi',
					data: { baseUrl: ce.url, accessToken: CE_TOKEN },
				},
				{ ...CM_CREDENTIAL, type: 'checkMonitorApi', data: { baseUrl: cm.url, apiKey: CM_KEY } },
			]),
		);
		await n8nCli(folder, ['import:credentials', `--input=${file}`]);
		await importWorkflows(folder, [
			{
				id: 'scaleFlipToNote1',
				name: 'scale: new flip of 1,000 checks → note',
				active: false,
				settings: { executionOrder: 'v1' },
				nodes: [
					{
						id: 't',
						name: 'Trigger',
						type: `${PKG}.checkMonitorTrigger`,
						typeVersion: 1,
						position: [0, 0],
						// A self-hosted server has no rate limit: no pacing, so a sweep reads all 1,000 at once.
						parameters: {
							event: 'newFlip',
							scope: 'all',
							tags: 'scale',
							options: { requestsPerMinute: 100_000, fullSweepMinutes: SWEEP_MINUTES },
							pollTimes: { item: [{ mode: 'everyMinute' }] },
						},
						credentials: { checkMonitorApi: CM_CREDENTIAL },
					},
					{
						id: 'n',
						name: 'Note',
						type: `${PKG}.customerEngagement`,
						typeVersion: 1,
						position: [200, 0],
						parameters: {
							resource: 'note',
							operation: 'create',
							contactId: { __rl: true, mode: 'id', value: String(contact.id) },
							text: '=flip {{ $json.check.name }} {{ $json.to }}',
						},
						credentials: { customerEngagementApi: CE_CREDENTIAL },
					},
				],
				connections: { Trigger: { main: [[{ node: 'Note', type: 'main', index: 0 }]] } },
			},
		]);
		await publishWorkflow(folder, 'scaleFlipToNote1');

		cm.clearLog();
		const port = await freePort();
		n8n = startN8n(folder, port, {
			brokerPort: await freePort(),
			logFile: path.join(folder, 'n8n.log'),
		});
		const lists = () => cm.requests.flatMap((r, i) => (r.path === '/api/v3/checks/' ? [i] : []));
		/** The requests of the poll that starts with the list request number `index` (0 = activation), once the next poll has started. */
		/**
		 * `changed`: the checks that changed before this poll. A poll sweeps when it reads the flips
		 * of any other check; a sweep round may stop at the poll's time budget and go on at the
		 * next poll, so a sweeping poll reads any number of flips.
		 */
		const poll = async (index: number, changed: string[] = []) => {
			if (!(await waitUntil(() => lists().length >= index + 2, 150_000))) return undefined;
			const requests = cm.requests.slice(lists()[index], lists()[index + 1]);
			const flips = requests.filter((r) => r.path.endsWith('/flips/'));
			return {
				requests: requests.length,
				flips: flips.length,
				sweep: flips.some((r) => !changed.some((uuid) => r.path.includes(uuid))),
			};
		};
		const activation = await poll(0);
		record(
			`scale › the activation over ${CHECKS} checks is the list alone: ${activation?.requests} request(s)`,
			activation?.requests === 1
				? undefined
				: `${JSON.stringify(activation)}; see ${folder}/n8n.log`,
		);
		if (!activation) return;

		// A sweep round every 2 minutes reads every check (1 + 1,000, or spread over polls that
		// run out of time: on a loaded machine two polls in a row swept): the quiet poll is one of
		// the others, looked for over up to four polls.
		const quiet: Array<Awaited<ReturnType<typeof poll>>> = [];
		for (let index = 1; index <= 4 && !quiet.some((q) => q && !q.sweep); index++)
			quiet.push(await poll(index));
		record(
			'scale › a quiet poll over 1,000 checks is 1 request; a sweep poll the list and flips only',
			quiet.every((q) => q && q.requests === 1 + q.flips && (q.sweep || q.flips === 0)) &&
				quiet.some((q) => q && !q.sweep)
				? undefined
				: `polls: ${JSON.stringify(quiet)}`,
		);

		const notes = () => ce.state.notes.map((n) => String(n.text));
		const down = created.slice(100, 110);
		// Between two polls: the next list request starts the poll that must report them. A
		// sweep poll reads every check's flips one after the other, so pings sent while one
		// runs can land before it reads those checks (it then reports them, and the next poll
		// finds nothing new: correct, but not the poll measured here). So wait for a poll to
		// start and then for the requests to stop.
		const pollsSoFar = lists().length;
		await waitUntil(() => lists().length > pollsSoFar, 90_000);
		for (let seen = -1; seen !== cm.requests.length; ) {
			seen = cm.requests.length;
			await new Promise((resolve) => setTimeout(resolve, 3000));
		}
		const flipsPollIndex = lists().length;
		for (const uuid of down) cm.receivePing(uuid, 'fail');
		const flipsPoll = await poll(flipsPollIndex, down);
		await waitUntil(() => notes().filter((t) => t.endsWith(' down')).length >= 10, 60_000);
		const downNotes = notes()
			.filter((t) => t.endsWith(' down'))
			.sort();
		const expectedNotes = down.map((uuid) => `flip ${cm.checks.get(uuid)!.name} down`).sort();
		record(
			'scale › 10 checks go down: the next poll is 1 + 10 + 10 requests (the list, their flips, each read to name it; + the flips of the others on a sweep poll) and emits each flip once',
			flipsPoll &&
				flipsPoll.requests === 1 + flipsPoll.flips + 10 &&
				(flipsPoll.sweep || flipsPoll.flips === 10) &&
				JSON.stringify(downNotes) === JSON.stringify(expectedNotes)
				? undefined
				: `poll: ${JSON.stringify(flipsPoll)}; notes: ${JSON.stringify(downNotes)}`,
		);

		const quietUuid = created[created.length - 1];
		await api('POST', `/api/v3/checks/${quietUuid}/pause`);
		await api('POST', `/api/v3/checks/${quietUuid}/resume`);
		const pausedAt = Date.now();
		const name = cm.checks.get(quietUuid)!.name;
		const reported = await waitUntil(
			() => notes().includes(`flip ${name} new`),
			(SWEEP_MINUTES + 2) * 60_000,
		);
		const delaySeconds = Math.round((Date.now() - pausedAt) / 1000);
		record(
			`scale › a pause and a resume between two polls (the list unchanged) are reported by the sweep within ${SWEEP_MINUTES} minutes and a poll (took ${delaySeconds} s)`,
			reported &&
				notes().filter((t) => t === `flip ${name} paused`).length === 1 &&
				notes().filter((t) => t === `flip ${name} new`).length === 1 &&
				delaySeconds <= (SWEEP_MINUTES + 1) * 60 + 10
				? undefined
				: `after ${delaySeconds} s, notes of ${name}: ${JSON.stringify(notes().filter((t) => t.includes(name)))}`,
		);
	} catch (error) {
		record('scale › runs', (error as Error).message.slice(0, 1500));
	} finally {
		await stopProcess(n8n);
		for (const uuid of created)
			if (cm.checks.has(uuid)) await api('DELETE', `/api/v3/checks/${uuid}`);
		record(
			'scale › the 1,000 checks are deleted after',
			cm.checks.size === 0 ? undefined : `${cm.checks.size} checks left`,
		);
		await ce.stop();
		await cm.stop();
	}
}

if (require.main === module)
	void runAlone(`New Flip for All Checks over ${CHECKS} checks`, scaleChecks);
