/**
 * The triggers as users run them (part of the end-to-end tier): every event of both triggers
 * in one n8n, each workflow activated from the editor and polled by n8n on its own minute
 * schedule, under the in-memory scheduler or the durable one (DURABLE_SCHEDULER). Each
 * trigger polls a stand-in server of its own, so its requests are counted alone; each item it
 * emits adds a note on a separate sink server.
 *
 * Per trigger: record A right after its activation poll, B right after its first scheduled
 * poll, C while n8n is stopped after the second; each must be emitted exactly once. New Flip
 * for All Checks reads every check once (1 + N), then the list plus the checks that changed.
 */
import { type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { IDataObject } from 'n8n-workflow';
import { CheckMonitorServer, CM_KEY } from '../../harness/servers/checkMonitorServer';
import { CE_TOKEN, CustomerEngagementServer } from '../../harness/servers/customerEngagementServer';
import { installPublished } from '../release/communityInstall';
import { editorSession, setUpOwner, type EditorSession } from '../shared/editorSession';
import { N8N_VERSION, n8nDir, startN8nReady } from '../shared/n8nRuntime';
import { waitUntil } from '../shared/progress';
import { stopProcess } from '../shared/services';
import { PollLog, startsPoll, type Poll } from './pollLog';
import { runAlone } from './runAlone';

type Check = (name: string, message?: string) => void;
export type SchedulerMode = 'in-memory' | 'durable';

/** n8n's durable scheduler for poll triggers, with durable cursors (opt-in from 2.36, default from 2.45). */
export const DURABLE_SCHEDULER = {
	N8N_SCHEDULER_ENABLED: 'true',
	N8N_SCHEDULER_POLL_TRIGGERS_ENABLED: 'true',
	N8N_USE_WORKFLOW_PUBLICATION_SERVICE: 'true',
	N8N_POLLER_DURABLE_CURSORS_ENABLED: 'true',
};

/** Poll triggers go through the durable scheduler from n8n 2.41 on (read in 2.41.1). */
export function durableSchedulerAvailable(version = N8N_VERSION): boolean {
	const [major, minor] = version.split('.').map(Number);
	return major > 2 || (major === 2 && minor >= 41);
}

const PKG = 'n8n-nodes-engagement-monitor';
/** Checks New Flip for All Checks watches: its activation reads each once. */
const ALL_CHECKS = 20;
/** A poll is over when its server has had no request of it for this long. */
const SETTLED_MS = 3000;
const PHASE_MS = 150_000;

type Phase = 'A' | 'B' | 'C';
interface Trigger {
	/** The workflow's name, also the note's tag. */
	id: string;
	event: string;
	server: CustomerEngagementServer | CheckMonitorServer;
	log: PollLog;
	/** The workflow's id in n8n, once made. */
	workflow: string;
	parameters: IDataObject;
	/** The note's text after the tag: an expression over the emitted item. */
	key: string;
	/** Makes the record of a phase on the trigger's server; the keys its notes must carry. */
	make: (phase: Phase) => string[];
	/** Whether Fetch Test Event, run right after B, showed the newest record: its key, and B's keys. */
	testEvent: (key: string, b: string[]) => boolean;
}

interface Progress {
	phase: 'activating' | 'A made' | 'B made' | 'polled twice';
	pollsAtStop?: number;
	expected: string[];
	b?: string[];
	testEvent?: Promise<string | undefined>;
}

export async function schedulerChecks(mode: SchedulerMode, record: Check): Promise<void> {
	const label = `triggers (${mode} scheduler)`;
	const started = Date.now();
	const say = (line: string) => console.log(`  [${label}, ${Math.round((Date.now() - started) / 1000)} s] ${line}`);
	const extraEnv: { [name: string]: string } = mode === 'durable' ? DURABLE_SCHEDULER : {};
	const sink = await new CustomerEngagementServer().start();
	const sinkContact = String(sink.seedContact({ firstName: 'Sink' }).id);
	const { triggers, allChecks } = await triggerSet();
	let n8n: ChildProcess | undefined;
	try {
		const work = mkdtempSync(path.join(os.tmpdir(), 'n8n-triggers-'));
		const folder = (await installPublished(n8nDir, mkdtempSync(path.join(work, 'user-')))).folder;
		const logFile = path.join(folder, 'n8n.log');
		const start = async () => {
			const started = await startN8nReady(folder, logFile, 240_000, { extraEnv });
			n8n = started?.child;
			return started?.url;
		};
		const url = await start();
		if (!url) {
			record(`${label} › n8n starts`, `not up within 240 s; see ${logFile}`);
			return;
		}
		say('n8n is up');
		await setUpOwner(url);
		const editor = await editorSession(url);
		// Credentials and workflows made in the editor, as a user makes them.
		const credential = async (name: string, type: string, data: IDataObject) => ({ id: ((await editor.call('POST', '/credentials', { name, type, data })) as { id: string }).id, name });
		const sinkCredential = await credential('sink', 'customerEngagementApi', { baseUrl: sink.url, accessToken: CE_TOKEN });
		for (const t of triggers) {
			const own =
				t.server instanceof CustomerEngagementServer
					? await credential(t.id, 'customerEngagementApi', { baseUrl: t.server.url, accessToken: CE_TOKEN })
					: await credential(t.id, 'checkMonitorApi', { baseUrl: t.server.url, apiKey: CM_KEY });
			t.workflow = ((await editor.call('POST', '/workflows', workflow(t, own, sinkCredential, sinkContact))) as { id: string }).id;
		}
		const progress = new Map<Trigger, Progress>(triggers.map((t) => [t, { phase: 'activating', expected: [] }]));
		const notes = () => sink.state.notes.map((n) => String(n.text));
		const production = (t: Trigger) => notes().filter((n) => !n.startsWith('test: ') && n.includes(` ${t.id} `)).map((n) => n.slice(n.indexOf(` ${t.id} `) + t.id.length + 2));
		const tests = (t: Trigger) => notes().filter((n) => n.startsWith(`test: ${t.id} `)).map((n) => n.slice(`test: ${t.id} `.length));
		const settled = (t: Trigger, count: number) => t.log.settled(count, SETTLED_MS);

		// Activated as a user publishes them: one after the other, from the editor.
		const activationErrors: string[] = [];
		// Once more after a pause when refused: on a machine loaded far beyond its cores, n8n 2.41.1
		// once refused to publish with "Error validating node parameters" and no issue named.
		for (const t of triggers) {
			await activate(editor, t.workflow)
				.catch(async () => {
					await new Promise((resolve) => setTimeout(resolve, 5000));
					await activate(editor, t.workflow);
				})
				.catch((error: Error) => activationErrors.push(`${t.id}: ${error.message.slice(0, 300)}`));
		}
		record(`${label} › every trigger workflow is activated from the editor`, activationErrors.length ? activationErrors.join('; ') : undefined);
		if (activationErrors.length) return;

		// Each trigger on its own second of the minute: A once its activation poll is over, B
		// once its first scheduled poll is (then Fetch Test Event, in memory), until each has
		// polled twice on schedule.
		const end = Date.now() + PHASE_MS + 60_000;
		while (Date.now() < end && triggers.some((t) => progress.get(t)!.phase !== 'polled twice')) {
			for (const t of triggers) {
				const p = progress.get(t)!;
				if (p.phase === 'activating' && settled(t, 1)) {
					p.expected.push(...t.make('A'));
					p.phase = 'A made';
				} else if (p.phase === 'A made' && settled(t, 2)) {
					p.b = t.make('B');
					p.expected.push(...p.b);
					p.phase = 'B made';
					if (mode === 'in-memory') p.testEvent = fetchTestEvent(editor, t, () => tests(t).length > 0);
				} else if (p.phase === 'B made' && settled(t, 3)) {
					p.phase = 'polled twice';
				}
			}
			await new Promise((resolve) => setTimeout(resolve, 250));
		}
		const testEventErrors = new Map(await Promise.all(triggers.map(async (t) => [t, await progress.get(t)!.testEvent] as const)));
		say(`polled twice on schedule: ${triggers.filter((t) => progress.get(t)!.phase === 'polled twice').length} of ${triggers.length}; restarting n8n`);
		// A restart between two polls: C is made while n8n is down.
		await stopProcess(n8n);
		for (const t of triggers) {
			const p = progress.get(t)!;
			p.pollsAtStop = t.log.polls().length;
			p.expected.push(...t.make('C'));
		}
		if (!(await start())) {
			record(`${label} › n8n starts again`, `not up within 240 s; see ${logFile}`);
			return;
		}
		// In memory, n8n's start activates each workflow again with a poll, which emits C; the
		// durable scheduler keeps its jobs and polls on schedule only, so C comes from the first
		// scheduled poll. Either way the next poll must repeat nothing.
		say('n8n is up again');
		await waitUntil(() => triggers.every((t) => settled(t, progress.get(t)!.pollsAtStop! + 2)), PHASE_MS);
		say('polled twice after the restart');

		for (const t of triggers) {
			const p = progress.get(t)!;
			const got = production(t);
			const count = (key: string) => got.filter((g) => g === key).length;
			const problems = [
				...(p.phase !== 'polled twice' ? [`${p.phase} when n8n was stopped`] : []),
				...p.expected.map((key, i) => (count(key) === p.expected.filter((k) => k === key).length ? '' : `${recordName(p, i)} "${key}" emitted ${count(key)} times`)).filter(Boolean),
				...[...new Set(got.filter((g) => !p.expected.includes(g)))].map((g) => `unexpected "${g}"`),
			];
			// One check's flips go down, up, down: only their order tells them apart.
			if (t.id === 'flipOneCheck' && problems.length === 0 && JSON.stringify(got) !== JSON.stringify(p.expected)) problems.push(`emitted ${JSON.stringify(got)}, expected ${JSON.stringify(p.expected)}`);
			record(
				`${label} › ${t.event}: made after activation, between two polls and across a restart, each emitted once`,
				problems.length ? `${problems.join('; ')}; emitted ${JSON.stringify(got)}; polls (requests @ seconds from the start) ${t.log.polls().map((q) => `${q.requests.length}@${Math.round((q.firstAt - started) / 1000)}`).join(', ')}` : undefined,
			);
			if (mode === 'in-memory') {
				const shown = tests(t);
				record(
					`${label} › ${t.event}: Fetch Test Event shows the newest record and leaves the cursor`,
					shown.length === 1 && t.testEvent(shown[0], p.b ?? []) ? undefined : `test-event notes: ${JSON.stringify(shown)}${testEventErrors.get(t) ? `; ${testEventErrors.get(t)}` : ''}`,
				);
			}
		}
		const flipAll = triggers.find((t) => t.id === 'flipAllChecks')!;
		record(`${label} › New Flip for All Checks, ${allCheckCosts(flipAll.log.polls(), allChecks)}`, allChecksProblem(flipAll.log.polls(), allChecks));
	} catch (error) {
		record(`${label} › runs`, (error as Error).message.slice(0, 1500));
	} finally {
		await stopProcess(n8n);
		for (const server of [sink, ...triggers.map((t) => t.server)]) await server.stop();
	}
}


function recordName(p: Progress, index: number): string {
	return p.expected.length === 3 ? ['A (made after activation)', 'B (made between two polls)', 'C (made while n8n was stopped)'][index] : `record ${index + 1}`;
}

interface CredentialRef {
	id: string;
	name: string;
}

/** Trigger → Note (on the sink's contact), the note naming the workflow and the item. */
function workflow(t: Trigger, own: CredentialRef, sink: CredentialRef, sinkContact: string): IDataObject {
	const credential = t.server instanceof CustomerEngagementServer ? 'customerEngagementApi' : 'checkMonitorApi';
	const type = t.server instanceof CustomerEngagementServer ? 'customerEngagementTrigger' : 'checkMonitorTrigger';
	return {
		name: t.id,
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			{
				id: `${t.id}-trigger`,
				name: 'Trigger',
				type: `${PKG}.${type}`,
				typeVersion: 1,
				position: [0, 0],
				parameters: { ...t.parameters, pollTimes: { item: [{ mode: 'everyMinute' }] } },
				credentials: { [credential]: own },
			},
			{
				id: `${t.id}-note`,
				name: 'Note',
				type: `${PKG}.customerEngagement`,
				typeVersion: 1,
				position: [200, 0],
				// "production"/"trigger" from the active workflow, "test" from Fetch Test Event.
				parameters: { resource: 'note', operation: 'create', contactId: { __rl: true, mode: 'id', value: sinkContact }, text: `={{ $execution.mode }}: ${t.id} ${t.key}` },
				credentials: { customerEngagementApi: sink },
			},
		],
		connections: { Trigger: { main: [[{ node: 'Note', type: 'main', index: 0 }]] } },
	};
}

/** The eight trigger workflows, each with a stand-in server of its own and its records. */
async function triggerSet() {
	const ce = async () => await new CustomerEngagementServer().start();
	const cm = async () => await new CheckMonitorServer().start();
	const [visits, contacts, redeems, rewards] = [await ce(), await ce(), await ce(), await ce()];
	const [flipOne, flipAll, pingOne, pingAll, sweep] = [await cm(), await cm(), await cm(), await cm(), await cm()];

	const visitor = String(visits.seedContact({ firstName: 'Visitor' }).id);
	visits.seedVisit({ contactId: visitor });
	contacts.seedContact({ firstName: 'Existing' });
	const redeemer = String(redeems.seedContact({ firstName: 'Redeemer' }).id);
	redeems.seedRedeem({ loyaltyRewardId: 'rw_old', contactId: redeemer });
	const reward = (id: string, title: string, points: number) =>
		rewards.state.rewards.set(id, { id, title, points, quantity: { total: null, perContact: null }, startDate: null, expiredDate: null, expires: false, type: 'ITEM', value: null, itemId: null, itemName: null });
	reward('rw_old', 'Old reward', 10);
	// Every check has pinged (is up), so a fail ping is a flip.
	const up = (server: CheckMonitorServer, name: string) => {
		const check = server.seedCheck({ name });
		server.receivePing(check.uuid);
		return check;
	};
	const watched = up(flipOne, 'Watched');
	const checks = Array.from({ length: ALL_CHECKS }, (_, i) => up(flipAll, `check ${i + 1}`));
	const pinged = up(pingOne, 'Pinged');
	const pingedAll = [up(pingAll, 'first'), up(pingAll, 'second'), up(pingAll, 'third')];
	// Never pinged: a pause and a resume leave its row in the check list as it was.
	const swept = [up(sweep, 'one'), up(sweep, 'two'), sweep.seedCheck({ name: 'quiet' })];
	const at = { A: 0, B: 1, C: 2 } as const;

	const triggers: Array<Omit<Trigger, 'log' | 'workflow'>> = [
		{
			id: 'newVisit',
			event: 'New Visit',
			server: visits,
			parameters: { event: 'newVisit' },
			key: 'visit {{ $json.id }}',
			make: () => [`visit ${String(visits.seedVisit({ contactId: visitor }).id)}`],
			testEvent: (key, b) => key === b[0],
		},
		{
			id: 'newContact',
			event: 'New Contact',
			server: contacts,
			parameters: { event: 'newContact' },
			key: 'contact {{ $json.id }}',
			make: (phase) => [`contact ${String(contacts.seedContact({ firstName: `Registered ${phase}` }).id)}`],
			testEvent: (key, b) => key === b[0],
		},
		{
			id: 'newRedeem',
			event: 'New Redeem',
			server: redeems,
			parameters: { event: 'newRedeem' },
			key: 'redeem {{ $json.loyaltyRewardId }} {{ $json.contactId }}',
			make: (phase) => [`redeem ${String(redeems.seedRedeem({ loyaltyRewardId: `rw_${phase}`, contactId: redeemer }).loyaltyRewardId)} ${redeemer}`],
			testEvent: (key, b) => key === b[0],
		},
		{
			id: 'newLoyaltyReward',
			event: 'New Loyalty Reward',
			server: rewards,
			parameters: { event: 'newLoyaltyReward' },
			key: 'reward {{ $json.id }}',
			make: (phase) => {
				reward(`rw_${phase}`, `Reward ${phase}`, 20 + at[phase]);
				return [`reward rw_${phase}`];
			},
			testEvent: (key) => key.startsWith('reward rw_'),
		},
		{
			id: 'flipOneCheck',
			event: 'New Flip (one check)',
			server: flipOne,
			parameters: { event: 'newFlip', scope: 'one', checkId: { __rl: true, mode: 'id', value: watched.uuid } },
			// Down, up, down: the order of the notes tells the three flips apart (a down flip's name,
			// "down" or "not up", depends on when the check was read: not this test's business).
			key: "flip {{ $json.up === 1 ? 'up' : 'down' }}",
			make: (phase) => {
				flipOne.receivePing(watched.uuid, phase === 'B' ? '' : 'fail');
				return [phase === 'B' ? 'flip up' : 'flip down'];
			},
			testEvent: (key, b) => key === b[0],
		},
		{
			id: 'flipAllChecks',
			event: 'New Flip (all checks)',
			server: flipAll,
			// Unpaced (a self-hosted server has no rate limit): the activation's 21 requests fit any poll budget.
			parameters: { event: 'newFlip', scope: 'all', options: { requestsPerMinute: 6000 } },
			key: 'flip {{ $json.check.name }} {{ $json.to }}',
			// A: two checks at once; B and C: one each.
			make: (phase) => {
				const down = phase === 'A' ? checks.slice(0, 2) : [checks[at[phase] + 1]];
				for (const check of down) flipAll.receivePing(check.uuid, 'fail');
				return down.map((check) => `flip ${check.name} down`);
			},
			testEvent: (key) => /^flip check \d+ (up|down)$/.test(key),
		},
		{
			id: 'pingOneCheck',
			event: 'New Ping (one check)',
			server: pingOne,
			parameters: { event: 'newPing', scope: 'one', checkId: { __rl: true, mode: 'id', value: pinged.uuid } },
			key: 'ping {{ $json.n }}',
			make: () => [`ping ${pingOne.receivePing(pinged.uuid, 'log').n}`],
			testEvent: (key, b) => key === b[0],
		},
		{
			id: 'pingAllChecks',
			event: 'New Ping (all checks)',
			server: pingAll,
			parameters: { event: 'newPing', scope: 'all' },
			key: 'ping {{ $json.check.name }} {{ $json.n }}',
			make: (phase) => {
				const check = pingedAll[at[phase]];
				return [`ping ${check.name} ${pingAll.receivePing(check.uuid, 'log').n}`];
			},
			testEvent: (key) => /^ping (first|second|third) \d+$/.test(key),
		},
		{
			id: 'sweepAllChecks',
			event: 'New Flip (all checks), a pause and a resume the check list cannot show',
			server: sweep,
			// Full Sweep Every 2 minutes: the sweep that reads every check's flips comes within the run.
			parameters: { event: 'newFlip', scope: 'all', options: { fullSweepMinutes: 2, requestsPerMinute: 6000 } },
			key: 'flip {{ $json.check.name }} {{ $json.to }}',
			make: (phase) => {
				if (phase !== 'A') return [];
				sweep.pause(swept[2].uuid);
				sweep.resume(swept[2].uuid);
				return ['flip quiet paused', 'flip quiet new'];
			},
			testEvent: (key) => /^flip (one|two|quiet) \w+$/.test(key),
		},
	];
	return { triggers: triggers.map((t) => ({ ...t, workflow: '', log: new PollLog(t.server, t.server instanceof CustomerEngagementServer ? startsPoll.list : t.id.endsWith('AllChecks') ? startsPoll.checkList : startsPoll.oneCheck) })), allChecks: checks.map((c) => c.uuid) };
}

/** Activate (publish) a workflow as the editor does: 2.x publishes its current version, 1.x sets it active. */
async function activate(editor: EditorSession, id: string): Promise<void> {
	const workflow = (await editor.call('GET', `/workflows/${id}`)) as { versionId: string };
	if (N8N_VERSION.startsWith('1.')) await editor.call('PATCH', `/workflows/${id}`, { active: true, versionId: workflow.versionId });
	else await editor.call('POST', `/workflows/${id}/activate`, { versionId: workflow.versionId });
}

/** Fetch Test Event as the editor sends it; its requests are set apart from the polls. Resolves with what went wrong. */
async function fetchTestEvent(editor: EditorSession, t: Trigger, shown: () => boolean): Promise<string | undefined> {
	const from = t.log.count;
	let problem: string | undefined;
	try {
		const execution = await editor.runFromTrigger(t.workflow, 'Trigger');
		if (!(await waitUntil(shown, 60_000))) problem = `no note from execution ${execution} within 60 s: ${await executionError(editor, execution)}`;
		await new Promise((resolve) => setTimeout(resolve, 500));
	} catch (error) {
		problem = (error as Error).message.slice(0, 300);
	}
	t.log.skip(from);
	return problem;
}

/** An execution's status and error, as the editor shows them. */
async function executionError(editor: EditorSession, execution: string): Promise<string> {
	try {
		const data = (await editor.call('GET', `/executions/${execution}`)) as { status?: string; data?: string };
		return `status ${String(data.status)}${data.data?.includes('"message"') ? `, ${/"message":"([^"]*)"/.exec(data.data)?.[1] ?? ''}` : ''}`;
	} catch (error) {
		return (error as Error).message.slice(0, 200);
	}
}

const isList = (request: { path: string }) => startsPoll.checkList(request as never);

/** The requests of each New Flip for All Checks poll, in words. */
function allCheckCosts(polls: Poll[], checks: string[]): string {
	return `${checks.length} checks: the activation reads all once (1 + ${checks.length}), then the list and the checks that changed; requests per poll ${polls.map((q) => q.requests.length).join(', ')}`;
}

/** The activation is the only full read; every later poll is the list plus requests of the checks flipped since. */
function allChecksProblem(polls: Poll[], checks: string[]): string | undefined {
	if (polls.length < 2) return `${polls.length} polls seen`;
	const flipped = new Set(checks.slice(0, 4));
	const problems: string[] = [];
	if (polls[0].requests.length !== 1 + checks.length) problems.push(`the activation made ${polls[0].requests.length} requests`);
	polls.slice(1).forEach((poll, i) => {
		const others = poll.requests.filter((r) => !isList(r));
		const strangers = others.filter((r) => ![...flipped].some((uuid) => r.path.includes(uuid)));
		if (poll.requests.length - others.length !== 1 || strangers.length > 0) problems.push(`scheduled poll ${i + 1} made ${poll.requests.length} requests (${strangers.length} on checks that did not change)`);
	});
	if (!polls.slice(1).some((poll) => poll.requests.length === 1)) problems.push('no quiet poll of 1 request');
	return problems.length ? problems.join('; ') : undefined;
}

/** Alone: `npx tsx scripts/e2e/triggers.ts [in-memory] [durable]` (default both), on N8N_VERSION. */
if (require.main === module) {
	const modes = (process.argv.slice(2).length ? process.argv.slice(2) : ['in-memory', 'durable']) as SchedulerMode[];
	void runAlone(`The triggers under the ${modes.join(' and ')} scheduler`, (record) => Promise.all(modes.map((mode) => schedulerChecks(mode, record))));
}
