/**
 * Push and poll, each change once (part of the end-to-end tier): the example
 * examples/check-change-once.json (the Webhook Trigger and New Flip for All Checks joined by
 * n8n's Remove Duplicates, then a note) made and published in the editor, against stand-ins of
 * its own. Before the poll after them: a check goes down and its push arrives; another goes
 * down and every attempt of its push fails (n8n unreachable); 50 more go down within a second.
 * Checked: each change adds one note, the pushed one's within seconds and the poll that reads
 * it adds none, the lost one's from that poll within one poll interval. Run in the tier's own
 * n8n (webhookTrigger.ts beside it) and in queue mode with an `n8n webhook` process
 * (queueMode.ts).
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { IDataObject } from 'n8n-workflow';
import {
	CheckMonitorServer,
	CM_KEY,
	type StoredCheck,
} from '../../harness/servers/checkMonitorServer';
import { CE_TOKEN, CustomerEngagementServer } from '../../harness/servers/customerEngagementServer';
import { installPublished } from '../release/communityInstall';
import { startWithEditor, type EditorSession } from '../shared/editorSession';
import { n8nDir, WITHOUT_EDITOR_UI } from '../shared/n8nRuntime';
import { stopProcess } from '../shared/services';
import { runAlone } from './runAlone';
import { freePort } from '../shared/ports';
import { waitForAsync, waitUntil } from '../shared/progress';
import { attemptsOf, panelIntegration, WEBHOOK_SECRET, webhookRegistered } from './webhookTrigger';

type Record = (name: string, message?: string) => void;
type Credential = { id: string; name: string };

export const PUSH_POLL_EXAMPLE = path.join(
	__dirname,
	'..',
	'..',
	'examples',
	'check-change-once.json',
);
/** The tier's webhook ID for it (another than the example's, which npm start's n8n serves). */
export const PUSH_POLL_WEBHOOK_ID = '5d2e8f14-7a3b-4c9d-8e1f-0a6b4c2d9e73';

/** The example with this run's credentials, webhook ID and contact (what a user picks after importing it). */
export function pushPollWorkflow(
	id: string,
	webhookId: string,
	contactId: string,
	credentials: { [type: string]: Credential },
	pollOptions: IDataObject = {},
): IDataObject {
	const example = JSON.parse(readFileSync(PUSH_POLL_EXAMPLE, 'utf8')) as IDataObject & {
		nodes: IDataObject[];
	};
	const nodes = example.nodes.map((node) => {
		const copy: IDataObject = { ...node };
		if (copy.webhookId) copy.webhookId = webhookId;
		if (copy.credentials)
			copy.credentials = Object.fromEntries(
				Object.keys(copy.credentials as IDataObject).map((type) => [type, credentials[type]]),
			);
		const parameters = copy.parameters as IDataObject;
		if (parameters.resource === 'note')
			copy.parameters = { ...parameters, contactId: { __rl: true, mode: 'id', value: contactId } };
		if (parameters.event === 'newFlip')
			copy.parameters = {
				...parameters,
				options: { ...(parameters.options as IDataObject), ...pollOptions },
			};
		return copy;
	});
	return { ...example, id, name: `${String(example.name)} (${id})`, active: false, nodes };
}

/** Where an n8n takes the workflow's pushes, and how it is named in the results. */
export interface PushPollTarget {
	label: string;
	editor: EditorSession;
	/** The n8n URL the server's integration calls (in queue mode: the `n8n webhook` process). */
	pushTo: string;
	workflowId: string;
	webhookId: string;
	/** How many checks go down within a second, besides the two above (0: none). */
	burst: number;
}

/** "Once: check "<name>" went <to> at <timestamp> (pushed|from the poll)." as the example writes it. */
const NOTE = /^Once: check "(.+)" went (\S+) at (\S+) \((pushed|from the poll)\)\.$/;

export async function pushPollChecks(target: PushPollTarget, record: Record): Promise<void> {
	const { label } = target;
	const cm = await new CheckMonitorServer().start();
	const sink = await new CustomerEngagementServer().start();
	try {
		const contact = String(sink.seedContact({ firstName: 'Once' }).id);
		const up = (name: string, uuid?: string) => {
			const check = cm.seedCheck({ name, ...(uuid ? { uuid } : {}) });
			cm.receivePing(check.uuid);
			return check;
		};
		// Every check up before the workflow is published: its activation poll starts from them.
		const pushed = up('pushed job');
		// Its UUID sorts first, so the poll reads it first: on a loaded machine the 52 changed
		// checks can outlast a poll's 40 s of reads, and the rest come a poll later.
		const lost = up('lost job', '00000000-0000-4000-8000-000000000001');
		const burst = Array.from({ length: target.burst }, (_, i) =>
			up(`burst job ${String(i + 1).padStart(2, '0')}`),
		);
		const credentials = {
			checkMonitorWebhook: await target.editor.createCredential(
				`Check Monitor Webhook (${target.workflowId})`,
				'checkMonitorWebhook',
				{ headerName: 'X-Check-Monitor-Secret', secret: WEBHOOK_SECRET },
			),
			checkMonitorApi: await target.editor.createCredential(
				`Check Monitor (${target.workflowId})`,
				'checkMonitorApi',
				{ baseUrl: cm.url, apiKey: CM_KEY },
			),
			customerEngagementApi: await target.editor.createCredential(
				`sink (${target.workflowId})`,
				'customerEngagementApi',
				{ baseUrl: sink.url, accessToken: CE_TOKEN },
			),
		};
		// The stand-in is a self-hosted server (no API limit): the poll reads the 52 changed checks
		// (two requests each) at 3,000 a minute, in one poll well within its 40 s of reads, also on
		// a loaded machine. At the hosted service's 100 a minute they take a minute of reads, two
		// polls (docs/webhook-trigger.md, "Push and poll").
		const workflow = pushPollWorkflow(
			target.workflowId,
			target.webhookId,
			contact,
			credentials,
			target.burst > 0 ? { requestsPerMinute: 3000 } : {},
		);
		// n8n 1.x gives the workflow an id of its own.
		const workflowId = (
			(await target.editor.call('POST', '/workflows', workflow)) as { id: string }
		).id;
		await target.editor.publish(workflowId);
		const production = `${target.pushTo}/webhook/${target.webhookId}/webhook`;
		const started = await waitForAsync(
			async () => Object.keys((await target.editor.staticData(workflowId)) ?? {}).length > 0,
			120_000,
		);
		if (!(await webhookRegistered(production)) || !started) {
			return record(
				`${label} › published: the push URL answers and the poll saved its start`,
				`push URL answers: ${await webhookRegistered(production, 1000)}, start saved: ${started}`,
			);
		}

		// Changes right after a scheduled poll (n8n picks a random second of the minute): the next
		// poll is a minute away, far from the pushes' executions (a push and a poll of one change at
		// the same instant is measured on its own, docs/webhook-trigger.md).
		const listReads = () =>
			cm.requests.filter((r) => r.method === 'GET' && r.path === '/api/v3/checks/').length;
		const readsBefore = listReads();
		if (!(await waitUntil(() => listReads() > readsBefore, 90_000)))
			return record(
				`${label} › published: the poll runs on schedule`,
				'no poll within 90 s of the start',
			);
		await new Promise((resolve) => setTimeout(resolve, 2000));

		// n8n as the server sees it: reachable for every check but one, for which no port listens.
		cm.webhooks.allowPrivateIps = true;
		const reachable = cm.addWebhookIntegration(
			{ name: 'n8n', ...panelIntegration(production) },
			'none',
		);
		const unreachable = cm.addWebhookIntegration(
			{
				name: 'n8n, unreachable',
				...panelIntegration(
					`http://127.0.0.1:${await freePort()}/webhook/${target.webhookId}/webhook`,
				),
			},
			'none',
		);
		for (const check of [pushed, ...burst]) check.channels = [reachable.id];
		lost.channels = [unreachable.id];

		const readBefore = cm.requests.length;
		// When each poll after the changes began (its list read), to within 100 ms.
		const pollsAt: number[] = [];
		let listsSeen = listReads();
		const watch = setInterval(() => {
			for (; listsSeen < listReads(); listsSeen++) pollsAt.push(Date.now());
		}, 100);
		const flipOf = (check: StoredCheck) => check.flips[check.flips.length - 1];
		const notes = () =>
			sink.state.notes.map((n) => ({
				match: NOTE.exec(String(n.text)),
				text: String(n.text),
				at: Date.parse(String(n.createdAt)),
			}));
		const notesOf = (check: StoredCheck) => notes().filter((n) => n.match?.[1] === check.name);
		// The lone pushed change first, on its own: 50 executions started beside it (the burst, on
		// n8n 1.123.81 in single mode) once left it with no run of its own, the poll then running it.
		cm.receivePing(pushed.uuid, 'fail');
		await waitUntil(() => notesOf(pushed).length > 0, 20_000);
		for (const check of [lost, ...burst]) cm.receivePing(check.uuid, 'fail');
		const changedWithin =
			flipOf(burst[burst.length - 1] ?? lost).created.getTime() -
			flipOf(burst[0] ?? lost).created.getTime();
		// The lost push's note comes from the first poll after the changes, in the execution that
		// reads all the others too; once that execution has ended, every note is in.
		const all = [pushed, lost, ...burst];
		const flipsRead = (check: StoredCheck) =>
			cm.requests
				.slice(readBefore)
				.some((r) => r.method === 'GET' && r.path === `/api/v3/checks/${check.uuid}/flips/`);
		await waitUntil(
			() => all.every((check) => notesOf(check).length > 0) && all.every(flipsRead),
			150_000,
		);
		const running = encodeURIComponent(JSON.stringify({ workflowId, status: ['new', 'running'] }));
		await waitForAsync(
			async () =>
				(
					(
						(await target.editor.call('GET', `/executions?filter=${running}&limit=1`)) as {
							results?: unknown[];
						}
					).results ?? []
				).length === 0,
			60_000,
		);
		clearInterval(watch);
		const seconds = (check: StoredCheck) =>
			((notesOf(check)[0]?.at - flipOf(check).created.getTime()) / 1000).toFixed(1);
		const expected = (check: StoredCheck, source: string) =>
			`Once: check "${check.name}" went down at ${flipOf(check).created.toISOString().slice(0, 19)}+00:00 (${source}).`;
		const once = (check: StoredCheck, source: string) =>
			JSON.stringify(notesOf(check).map((n) => n.text)) ===
			JSON.stringify([expected(check, source)]);

		record(
			`${label} › a change pushed: one run within seconds (${seconds(pushed)} s from the change to the note), and the poll that reads it adds none`,
			once(pushed, 'pushed') && flipsRead(pushed)
				? undefined
				: `notes ${JSON.stringify(notesOf(pushed).map((n) => n.text))}; the poll read its flips: ${flipsRead(pushed)}; attempts ${JSON.stringify(attemptsOf(cm, pushed.uuid))}`,
		);
		const lostAttempts = attemptsOf(cm, lost.uuid);
		const lostSeconds = Number(seconds(lost));
		// From the first poll after the change: before a second one began.
		const firstPoll =
			(notesOf(lost)[0]?.at ?? Infinity) < (pollsAt[1] ?? Infinity) && pollsAt.length > 0;
		record(
			`${label} › a change whose push is lost (all 3 attempts fail): one run, from the first poll after it (${lostSeconds} s from the change to the note; the poll began ${((pollsAt[0] - flipOf(lost).created.getTime()) / 1000).toFixed(1)} s after the change)`,
			once(lost, 'from the poll') &&
				firstPoll &&
				JSON.stringify(lostAttempts) ===
					JSON.stringify(['1:Connection failed', '2:Connection failed', '3:Connection failed'])
				? undefined
				: `notes ${JSON.stringify(notesOf(lost).map((n) => n.text))}; polls began ${JSON.stringify(pollsAt.map((at) => new Date(at).toISOString()))}; attempts ${JSON.stringify(lostAttempts)}`,
		);
		if (burst.length > 0) {
			// None may be lost; a change run twice is counted, not refused: n8n's Remove Duplicates
			// reads and writes its keys without a lock, so executions running at once can lose
			// one another's keys (docs/webhook-trigger.md, "Push and poll, each change once").
			const runs = burst.map((check) => notesOf(check).length);
			const twice = burst.filter((check) => notesOf(check).length > 1);
			const slowest = Math.max(...burst.map((check) => Number(seconds(check))));
			record(
				`${label} › ${burst.length} checks down within ${changedWithin} ms, pushed and polled: none lost, ${runs.filter((n) => n === 1).length} run once, ${twice.length} twice (the last note ${slowest} s after its change)`,
				runs.every((n) => n >= 1 && n <= 2) &&
					burst.every(flipsRead) &&
					twice.every((check) => notesOf(check).some((n) => n.match?.[4] === 'pushed'))
					? undefined
					: `runs per check ${JSON.stringify(runs)}; the poll read every check's flips: ${burst.every(flipsRead)}; ${JSON.stringify(twice.slice(0, 3).map((check) => notesOf(check).map((n) => n.text)))}`,
			);
		}
	} catch (error) {
		record(`${label} › runs`, (error as Error).message.slice(0, 1500));
	} finally {
		await cm.stop();
		await sink.stop();
	}
}

/** Alone: `npx tsx scripts/e2e/pushPoll.ts`, on N8N_VERSION, in an n8n of its own. */
if (require.main === module) {
	void runAlone('Push and poll, each change once', async (record) => {
		const folder = (
			await installPublished(n8nDir, mkdtempSync(path.join(os.tmpdir(), 'n8n-push-poll-')))
		).folder;
		const n8n = await startWithEditor(folder, path.join(folder, 'n8n.log'), 240_000, {
			extraEnv: WITHOUT_EDITOR_UI,
		});
		if (!n8n)
			return record('push and poll › n8n starts', `not up within 240 s; see ${folder}/n8n.log`);
		try {
			await pushPollChecks(
				{
					label: 'push and poll (single mode)',
					editor: n8n.editor,
					pushTo: n8n.url,
					workflowId: 'pushPollE2e00001',
					webhookId: PUSH_POLL_WEBHOOK_ID,
					burst: 50,
				},
				record,
			);
		} finally {
			await stopProcess(n8n.child);
		}
	});
}
