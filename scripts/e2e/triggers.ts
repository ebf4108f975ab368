/**
 * The triggers as users run them (part of the end-to-end tier): every event of both triggers
 * in one n8n, each workflow activated from the editor and polled by n8n on its own minute
 * schedule, under the in-memory scheduler or the durable one (DURABLE_SCHEDULER). Each
 * trigger polls a stand-in server of its own, so its requests are counted alone; each item it
 * emits adds a note on a separate sink server, naming the execution that emitted it and the
 * item's place in it: one execution is one poll that emitted.
 *
 * Per trigger: record A once its start is taken (n8n saved the start the trigger keeps in the
 * workflow's static data after the activation poll; one trigger makes A during that poll), B
 * once A is emitted, C while n8n is stopped after B is emitted. Each must be emitted exactly
 * once, and in the order made: oldest first within a poll, polls in order. New Flip for All
 * Checks (20 checks, and 150 at the default pace) starts with one request, then reads the
 * list plus the checks that changed. Late Check's records are latenesses (a check pinged its
 * timeout and a second ago); for All Checks (20 and 150 checks) every poll is the list alone. What decides when to act is what n8n did (the saved
 * start, the executions); the requests at the stand-ins only measure what each poll cost and
 * tell that a poll has run since.
 */
import { type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { IDataObject } from 'n8n-workflow';
import {
	CheckMonitorServer,
	CM_KEY,
	isoSeconds,
	type StoredCheck,
} from '../../harness/servers/checkMonitorServer';
import { KEPT_STARTS } from '../../nodes/shared/keptStart';
import { CE_TOKEN, CustomerEngagementServer } from '../../harness/servers/customerEngagementServer';
import { installPublished } from '../release/communityInstall';
import {
	editorSession,
	parseRunData,
	setUpOwner,
	type EditorSession,
} from '../shared/editorSession';
import { N8N_VERSION, n8nDir, startN8nReady, WITHOUT_EDITOR_UI } from '../shared/n8nRuntime';
import { waitForAsync, waitUntil } from '../shared/progress';
import { stopProcess } from '../shared/services';
import type { LoggedRequest } from '../../harness/servers/apiServer';
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
/** Checks New Flip for All Checks watches: unpaced, and at the default pace (100 requests a minute). */
const ALL_CHECKS = 20;
const MANY_CHECKS = 150;
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
	/** Makes the records of a phase on the trigger's server, oldest first; the keys their notes must carry. */
	make: (phase: Phase) => Promise<string[]>;
	/** Whether Fetch Test Event, run right after B, showed the newest record: its key, and B's keys. */
	testEvent: (key: string, b: string[]) => boolean;
	/** A is made during the activation poll: as soon as its check list is answered. */
	aDuringActivation?: boolean;
	/** A's records are ones only the sweep finds: B does not wait for them. */
	aBySweep?: boolean;
	/** New Flip for All Checks: the checks it watches, and those its records flipped. */
	allChecks?: { checks: string[]; flipped: Set<string> };
	/** Late Check for All Checks: the number of checks it watches; every poll must be the list alone. */
	listAlone?: number;
	/** What starts a poll at its server, when not the check list (All Checks) or a check's flips or pings. */
	startsPoll?: (request: LoggedRequest) => boolean;
}

interface Progress {
	phase: 'activating' | 'A made' | 'B made' | 'B emitted';
	/** The keys made, oldest first, with their phase. */
	made: Array<{ key: string; phase: Phase }>;
	b?: string[];
	testEvent?: Promise<string | undefined>;
	/** When every key made was first seen emitted (ms since the epoch). */
	allEmittedAt?: number;
	/** When the start the trigger keeps was first seen saved in the workflow's static data. */
	startSavedAt?: number;
}

/** A note the sink received: the execution that emitted its item, the item's place in it, the key. */
interface Emitted {
	execution: number;
	index: number;
	key: string;
}

export async function schedulerChecks(mode: SchedulerMode, record: Check): Promise<void> {
	const label = `triggers (${mode} scheduler)`;
	const started = Date.now();
	const say = (line: string) =>
		console.log(`  [${label}, ${Math.round((Date.now() - started) / 1000)} s] ${line}`);
	const extraEnv: { [name: string]: string } = {
		...WITHOUT_EDITOR_UI,
		...(mode === 'durable' ? DURABLE_SCHEDULER : {}),
	};
	const sink = await new CustomerEngagementServer().start();
	const sinkContact = String(sink.seedContact({ firstName: 'Sink' }).id);
	const triggers = await triggerSet();
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
		const sinkCredential = await editor.createCredential('sink', 'customerEngagementApi', {
			baseUrl: sink.url,
			accessToken: CE_TOKEN,
		});
		for (const t of triggers) {
			const own =
				t.server instanceof CustomerEngagementServer
					? await editor.createCredential(t.id, 'customerEngagementApi', {
							baseUrl: t.server.url,
							accessToken: CE_TOKEN,
						})
					: await editor.createCredential(t.id, 'checkMonitorApi', {
							baseUrl: t.server.url,
							apiKey: CM_KEY,
						});
			t.workflow = (
				(await editor.call(
					'POST',
					'/workflows',
					workflow(t, own, sinkCredential, sinkContact),
				)) as { id: string }
			).id;
		}
		const progress = new Map<Trigger, Progress>(
			triggers.map((t) => [t, { phase: 'activating', made: [] }]),
		);
		const notes = () => sink.state.notes.map((n) => String(n.text));
		/** What the active workflow emitted, by execution and place. */
		const emitted = (t: Trigger): Emitted[] =>
			notes()
				.filter((n) => !n.startsWith('test: ') && n.includes(` ${t.id} `))
				.map((n) => /^(\d+)\/(\d+) (.*)$/.exec(n.slice(n.indexOf(` ${t.id} `) + t.id.length + 2)))
				.map((m) => ({ execution: Number(m?.[1]), index: Number(m?.[2]), key: m?.[3] ?? '' }));
		const tests = (t: Trigger) =>
			notes()
				.filter((n) => n.startsWith(`test: ${t.id} `))
				.map((n) => n.slice(`test: ${t.id} `.length).replace(/^\S+\/\S+ /, ''));
		const emittedAll = (t: Trigger, phase: Phase) => {
			const got = emitted(t).map((e) => e.key);
			return progress
				.get(t)!
				.made.filter((m) => m.phase === phase)
				.every((m) => got.includes(m.key));
		};
		const make = async (t: Trigger, phase: Phase) => {
			const keys = await t.make(phase);
			progress.get(t)!.made.push(...keys.map((key) => ({ key, phase })));
			return keys;
		};

		// One trigger makes A while its activation poll runs: right after its check list is
		// answered (setImmediate: once the stand-in has sent the answer).
		for (const t of triggers.filter((t) => t.aDuringActivation)) {
			t.server.whenRequested(startsPoll.checkList, () =>
				setImmediate(() => {
					void make(t, 'A').then(() => (progress.get(t)!.phase = 'A made'));
				}),
			);
		}
		// Activated as a user publishes them: one after the other, from the editor.
		const activationErrors: string[] = [];
		const startsSaved: Array<Promise<void>> = [];
		for (const t of triggers) {
			// Once more after a pause when refused: on a machine loaded far beyond its cores, n8n 2.41.1
			// once refused to publish with "Error validating node parameters" and no issue named.
			await editor
				.publish(t.workflow)
				.catch(async () => {
					await new Promise((resolve) => setTimeout(resolve, 5000));
					await editor.publish(t.workflow);
				})
				.catch((error: Error) => activationErrors.push(`${t.id}: ${error.message.slice(0, 300)}`));
			// Watched from here: how long after its first request n8n has saved the start.
			startsSaved.push(
				waitForAsync(async () => await startKept(editor, t), 120_000).then((saved) => {
					if (saved) progress.get(t)!.startSavedAt = Date.now();
				}),
			);
		}
		record(
			`${label} › every trigger workflow is activated from the editor`,
			activationErrors.length ? activationErrors.join('; ') : undefined,
		);
		if (activationErrors.length) return;

		// Each trigger on its own second of the minute: A once n8n has saved its start, B once
		// A is emitted (then Fetch Test Event, in memory), until B is emitted.
		const end = Date.now() + PHASE_MS + 60_000;
		while (Date.now() < end && triggers.some((t) => progress.get(t)!.phase !== 'B emitted')) {
			for (const t of triggers) {
				const p = progress.get(t)!;
				if (p.phase === 'activating' && !t.aDuringActivation && p.startSavedAt !== undefined) {
					p.phase = 'A made';
					await make(t, 'A');
				} else if (p.phase === 'A made' && (t.aBySweep || emittedAll(t, 'A'))) {
					p.phase = 'B made';
					p.b = await make(t, 'B');
					if (mode === 'in-memory')
						p.testEvent = fetchTestEvent(editor, t, () => tests(t).length > 0);
				} else if (p.phase === 'B made' && emittedAll(t, 'B')) {
					p.phase = 'B emitted';
				}
			}
			await new Promise((resolve) => setTimeout(resolve, 250));
		}
		const testEventErrors = new Map(
			await Promise.all(triggers.map(async (t) => [t, await progress.get(t)!.testEvent] as const)),
		);
		await Promise.all(startsSaved);
		// The window a restart during the activation poll leaves (docs/n8n-schedulers.md, "What to expect").
		for (const t of triggers) {
			const activation = t.log.polls()[0];
			const savedAt = progress.get(t)!.startSavedAt;
			say(
				`${t.id}: the activation poll made ${activation?.requests.length ?? 0} request(s); n8n had saved its start ${activation && savedAt ? `${((savedAt - activation.firstAt) / 1000).toFixed(1)} s` : '(not seen)'} after the first`,
			);
		}
		say(
			`B emitted: ${triggers.filter((t) => progress.get(t)!.phase === 'B emitted').length} of ${triggers.length}; restarting n8n`,
		);
		const phaseAtStop = new Map(triggers.map((t) => [t, progress.get(t)!.phase]));
		// A restart between two polls: C is made while n8n is down.
		await stopProcess(n8n);
		for (const t of triggers) await make(t, 'C');
		if (!(await start())) {
			record(`${label} › n8n starts again`, `not up within 240 s; see ${logFile}`);
			return;
		}
		// In memory, n8n's start activates each workflow again with a poll, which emits C; the
		// durable scheduler keeps its jobs and polls on schedule only, so C comes from the first
		// scheduled poll. Either way a poll after it must repeat nothing.
		say('n8n is up again');
		const doneOf = (t: Trigger) => {
			const p = progress.get(t)!;
			if (
				p.allEmittedAt === undefined &&
				['A', 'B', 'C'].every((phase) => emittedAll(t, phase as Phase))
			)
				p.allEmittedAt = Date.now();
			return p.allEmittedAt !== undefined && t.log.pollSince(p.allEmittedAt, SETTLED_MS);
		};
		// Every trigger asked each time (not `every`, which stops at the first not done): when its
		// records were all emitted is noted as soon as they were.
		const done = await waitUntil(() => triggers.map(doneOf).every(Boolean), PHASE_MS + 60_000);
		// Time for an execution a poll started to reach the sink.
		await new Promise((resolve) => setTimeout(resolve, SETTLED_MS));
		const waiting = triggers
			.filter((t) => !doneOf(t))
			.map(
				(t) =>
					`${t.id} (${progress.get(t)!.allEmittedAt === undefined ? 'not every record emitted' : 'no poll since'})`,
			);
		say(
			done ? 'every record emitted, and a poll since' : `still waiting for ${waiting.join(', ')}`,
		);

		for (const t of triggers) {
			const p = progress.get(t)!;
			const got = emitted(t);
			const inOrder = [...got].sort((a, b) => a.execution - b.execution || a.index - b.index);
			const made = p.made.map((m) => m.key);
			const count = (key: string) => got.filter((g) => g.key === key).length;
			const problems = [
				...(phaseAtStop.get(t) !== 'B emitted'
					? [`${phaseAtStop.get(t)} when n8n was stopped`]
					: []),
				...(p.allEmittedAt !== undefined && !doneOf(t)
					? ['no poll after the last record was emitted']
					: []),
				...p.made
					.map((m) =>
						count(m.key) === made.filter((k) => k === m.key).length
							? ''
							: `${m.phase} "${m.key}" emitted ${count(m.key)} times`,
					)
					.filter(Boolean),
				...[...new Set(got.filter((g) => !made.includes(g.key)).map((g) => g.key))].map(
					(key) => `unexpected "${key}"`,
				),
			];
			// Oldest first within a poll (an execution), polls in order (executions by id).
			if (
				problems.length === 0 &&
				JSON.stringify(inOrder.map((g) => g.key)) !== JSON.stringify(made)
			)
				problems.push('not in the order made');
			const byPoll = inOrder.map((g) => `${g.key} @${g.execution}.${g.index}`).join(', ');
			say(`${t.id}: ${byPoll || 'nothing emitted'}`);
			record(
				`${label} › ${t.event}: made after activation, between two polls and across a restart, each emitted once, in the order made`,
				problems.length
					? `${problems.join('; ')}; made ${JSON.stringify(made)}; emitted (key @execution.item) ${byPoll}; polls (requests @ seconds from the start) ${t.log
							.polls()
							.map((q) => `${q.requests.length}@${Math.round((q.firstAt - started) / 1000)}`)
							.join(', ')}; ${await whatN8nKept(editor, t)}`
					: undefined,
			);
			if (mode === 'in-memory') {
				const shown = tests(t);
				record(
					`${label} › ${t.event}: Fetch Test Event shows the newest record and leaves the cursor`,
					shown.length === 1 && t.testEvent(shown[0], p.b ?? [])
						? undefined
						: `test-event notes: ${JSON.stringify(shown)}${testEventErrors.get(t) ? `; ${testEventErrors.get(t)}` : ''}`,
				);
			}
		}
		for (const t of triggers.filter((t) => t.allChecks)) {
			const { checks, flipped } = t.allChecks!;
			record(
				`${label} › ${t.event}, ${allCheckCosts(t.log.polls(), checks)}`,
				allChecksProblem(t.log.polls(), flipped),
			);
		}
		for (const t of triggers.filter((t) => t.listAlone)) {
			const polls = t.log.polls();
			const sizes = polls.map((q) => q.requests.length);
			say(`${t.id}: requests per poll ${sizes.join(', ')}`);
			record(
				`${label} › ${t.event}: every poll is the list alone, 1 request, when nothing changed and when a check became late`,
				polls.length < 2 ||
					sizes.some((n) => n !== 1) ||
					!polls.every((q) => q.requests.every(isList))
					? `requests per poll ${sizes.join(', ')}`
					: undefined,
			);
		}
	} catch (error) {
		record(`${label} › runs`, (error as Error).message.slice(0, 1500));
	} finally {
		await stopProcess(n8n);
		for (const server of [sink, ...triggers.map((t) => t.server)]) await server.stop();
	}
}

/** Whether n8n has saved the start the trigger took at activation, in the workflow's static data. */
async function startKept(editor: EditorSession, t: Trigger): Promise<boolean> {
	const data = (await editor.staticData(t.workflow)) as { global?: IDataObject } | null;
	return Boolean((data?.global?.[KEPT_STARTS] as IDataObject | undefined)?.[`${t.id}-trigger`]);
}

interface CredentialRef {
	id: string;
	name: string;
}

/** Trigger → Note (on the sink's contact), the note naming the workflow and the item. */
function workflow(
	t: Trigger,
	own: CredentialRef,
	sink: CredentialRef,
	sinkContact: string,
): IDataObject {
	const credential =
		t.server instanceof CustomerEngagementServer ? 'customerEngagementApi' : 'checkMonitorApi';
	const type =
		t.server instanceof CustomerEngagementServer
			? 'customerEngagementTrigger'
			: 'checkMonitorTrigger';
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
				// "production"/"trigger" from the active workflow, "test" from Fetch Test Event; then the
				// execution that emitted the item (one a poll) and the item's place in it. The contact as
				// picked from the list: n8n checks an ID typed By ID with a regular expression under a
				// 250 ms wall-clock limit before every execution, which a machine loaded far beyond its
				// cores exceeded (a Fetch Test Event answered "Regular expression execution timed out").
				parameters: {
					resource: 'note',
					operation: 'create',
					contactId: { __rl: true, mode: 'list', value: sinkContact },
					text: `={{ $execution.mode }}: ${t.id} {{ $execution.id }}/{{ $itemIndex }} ${t.key}`,
				},
				credentials: { customerEngagementApi: sink },
			},
		],
		connections: { Trigger: { main: [[{ node: 'Note', type: 'main', index: 0 }]] } },
	};
}

/** The trigger workflows (every event, and New Flip for All Checks twice more), each with a stand-in server of its own and its records. */
async function triggerSet(): Promise<Trigger[]> {
	const ce = async () => await new CustomerEngagementServer().start();
	const cm = async () => await new CheckMonitorServer().start();
	const [visits, contacts, redeems, rewards] = [await ce(), await ce(), await ce(), await ce()];
	const [flipOne, flipAll, flipMany, pingOne, pingAll, sweep] = [
		await cm(),
		await cm(),
		await cm(),
		await cm(),
		await cm(),
		await cm(),
	];
	const [lateOne, lateAll, lateMany] = [await cm(), await cm(), await cm()];

	const visitor = String(visits.seedContact({ firstName: 'Visitor' }).id);
	visits.seedVisit({ contactId: visitor });
	contacts.seedContact({ firstName: 'Existing' });
	const redeemer = String(redeems.seedContact({ firstName: 'Redeemer' }).id);
	redeems.seedRedeem({ loyaltyRewardId: 'rw_old', contactId: redeemer });
	const reward = (id: string, title: string, points: number) =>
		rewards.state.rewards.set(id, {
			id,
			title,
			points,
			quantity: { total: null, perContact: null },
			startDate: null,
			expiredDate: null,
			expires: false,
			type: 'ITEM',
			value: null,
			itemId: null,
			itemName: null,
		});
	reward('rw_old', 'Old reward', 10);
	// Every check has pinged (is up), so a fail ping is a flip.
	const up = (server: CheckMonitorServer, name: string) => {
		const check = server.seedCheck({ name });
		server.receivePing(check.uuid);
		return check;
	};
	const watched = up(flipOne, 'Watched');
	const checks = Array.from({ length: ALL_CHECKS }, (_, i) => up(flipAll, `check ${i + 1}`));
	const many = Array.from({ length: MANY_CHECKS }, (_, i) => up(flipMany, `many ${i + 1}`));
	const pinged = up(pingOne, 'Pinged');
	const pingedAll = [up(pingAll, 'first'), up(pingAll, 'second'), up(pingAll, 'third')];
	// Never pinged: a pause and a resume leave its row in the check list as it was.
	const swept = [up(sweep, 'one'), up(sweep, 'two'), sweep.seedCheck({ name: 'quiet' })];
	const at = { A: 0, B: 1, C: 2 } as const;
	/** Two checks, the later in id order first: a poll that emits both must put the first made first. */
	const byIdDescending = <T extends { uuid: string }>(a: T, b: T): [T, T] =>
		a.uuid > b.uuid ? [a, b] : [b, a];
	/** A second between two records, so that their whole-second dates tell which is older. */
	const aSecond = async () => await new Promise((resolve) => setTimeout(resolve, 1100));
	// Late Check: every check pinged (up), due in an hour, an hour's grace: none late within the run unless made so.
	const lateUp = (server: CheckMonitorServer, name: string) => {
		const check = server.seedCheck({ name, timeout: 3600, grace: 3600 });
		server.receivePing(check.uuid);
		return check;
	};
	const overdue = lateUp(lateOne, 'Overdue');
	const lateChecks = Array.from({ length: ALL_CHECKS }, (_, i) => lateUp(lateAll, `late ${i + 1}`));
	const manyLate = Array.from({ length: MANY_CHECKS }, (_, i) =>
		lateUp(lateMany, `many late ${i + 1}`),
	);
	/** A check late from a second ago: its last ping came its timeout and a second ago (a new ping ends a lateness it was in). */
	const lateNow = (server: CheckMonitorServer, check: StoredCheck) => {
		const now = server.now;
		server.now = () => new Date(Date.now() - (check.timeout + 1) * 1000);
		server.receivePing(check.uuid);
		server.now = now;
		return `late ${check.name} ${isoSeconds(new Date(check.last_ping!.getTime() + check.timeout * 1000))}`;
	};
	const flippedAll = new Set<string>();
	const flippedMany = new Set<string>();

	const triggers: Array<Omit<Trigger, 'log' | 'workflow'>> = [
		{
			id: 'newVisit',
			event: 'New Visit',
			server: visits,
			parameters: { event: 'newVisit' },
			key: 'visit {{ $json.id }}',
			make: async () => [`visit ${String(visits.seedVisit({ contactId: visitor }).id)}`],
			testEvent: (key, b) => key === b[0],
		},
		{
			id: 'newContact',
			event: 'New Contact',
			server: contacts,
			parameters: { event: 'newContact' },
			key: 'contact {{ $json.id }}',
			make: async (phase) => [
				`contact ${String(contacts.seedContact({ firstName: `Registered ${phase}` }).id)}`,
			],
			testEvent: (key, b) => key === b[0],
		},
		{
			id: 'newRedeem',
			event: 'New Redeem',
			server: redeems,
			parameters: { event: 'newRedeem' },
			key: 'redeem {{ $json.loyaltyRewardId }} {{ $json.contactId }}',
			make: async (phase) => [
				`redeem ${String(redeems.seedRedeem({ loyaltyRewardId: `rw_${phase}`, contactId: redeemer }).loyaltyRewardId)} ${redeemer}`,
			],
			testEvent: (key, b) => key === b[0],
		},
		{
			id: 'newLoyaltyReward',
			event: 'New Loyalty Reward',
			server: rewards,
			parameters: { event: 'newLoyaltyReward' },
			key: 'reward {{ $json.id }}',
			make: async (phase) => {
				reward(`rw_${phase}`, `Reward ${phase}`, 20 + at[phase]);
				return [`reward rw_${phase}`];
			},
			testEvent: (key) => key.startsWith('reward rw_'),
		},
		{
			id: 'flipOneCheck',
			event: 'New Flip (one check)',
			server: flipOne,
			parameters: {
				event: 'newFlip',
				scope: 'one',
				checkId: { __rl: true, mode: 'id', value: watched.uuid },
			},
			// Down, up, down: only their order tells the three flips apart (a down flip's name,
			// "down" or "not up", depends on when the check was read: not this test's business).
			key: "flip {{ $json.up === 1 ? 'up' : 'down' }}",
			make: async (phase) => {
				flipOne.receivePing(watched.uuid, phase === 'B' ? '' : 'fail');
				return [phase === 'B' ? 'flip up' : 'flip down'];
			},
			testEvent: (key, b) => key === b[0],
		},
		{
			id: 'flipAllChecks',
			event: 'New Flip (all checks)',
			server: flipAll,
			// Unpaced (a self-hosted server has no rate limit).
			parameters: { event: 'newFlip', scope: 'all', options: { requestsPerMinute: 6000 } },
			key: 'flip {{ $json.check.name }} {{ $json.to }}',
			// A: two checks a second apart, the later one first in id order; B and C: one each.
			make: async (phase) => {
				const down = phase === 'A' ? byIdDescending(checks[0], checks[1]) : [checks[at[phase] + 1]];
				for (const [i, check] of down.entries()) {
					if (i > 0) await aSecond();
					flipAll.receivePing(check.uuid, 'fail');
					flippedAll.add(check.uuid);
				}
				return down.map((check) => `flip ${check.name} down`);
			},
			testEvent: (key) => /^flip check \d+ (up|down)$/.test(key),
			allChecks: { checks: checks.map((c) => c.uuid), flipped: flippedAll },
		},
		{
			id: 'flipManyChecks',
			event: `New Flip (all checks), ${MANY_CHECKS} checks at the default pace, a flip made during the activation`,
			server: flipMany,
			// Max Requests per Minute as the node has it by default: 100.
			parameters: { event: 'newFlip', scope: 'all' },
			key: 'flip {{ $json.check.name }} {{ $json.to }}',
			make: async (phase) => {
				const check = many[[7, 77, 147][at[phase]]];
				flipMany.receivePing(check.uuid, 'fail');
				flippedMany.add(check.uuid);
				return [`flip ${check.name} down`];
			},
			testEvent: (key) => /^flip many \d+ (up|down)$/.test(key),
			aDuringActivation: true,
			allChecks: { checks: many.map((c) => c.uuid), flipped: flippedMany },
		},
		{
			id: 'pingOneCheck',
			event: 'New Ping (one check)',
			server: pingOne,
			parameters: {
				event: 'newPing',
				scope: 'one',
				checkId: { __rl: true, mode: 'id', value: pinged.uuid },
			},
			key: 'ping {{ $json.n }}',
			make: async () => [`ping ${pingOne.receivePing(pinged.uuid, 'log').n}`],
			testEvent: (key, b) => key === b[0],
		},
		{
			id: 'pingAllChecks',
			event: 'New Ping (all checks)',
			server: pingAll,
			parameters: { event: 'newPing', scope: 'all' },
			key: 'ping {{ $json.check.name }} {{ $json.n }}',
			// A: two checks a second apart, the later one first in id order; B and C: one each.
			make: async (phase) => {
				const keys: string[] = [];
				for (const check of phase === 'A'
					? byIdDescending(pingedAll[0], pingedAll[1])
					: [pingedAll[at[phase]]]) {
					if (keys.length) await aSecond();
					keys.push(`ping ${check.name} ${pingAll.receivePing(check.uuid, 'log').n}`);
				}
				return keys;
			},
			testEvent: (key) => /^ping (first|second|third) \d+$/.test(key),
		},
		{
			id: 'sweepAllChecks',
			event: 'New Flip (all checks), a pause and a resume the check list cannot show',
			server: sweep,
			// Full Sweep Every 2 minutes: the sweep that reads every check's flips comes within the run.
			parameters: {
				event: 'newFlip',
				scope: 'all',
				options: { fullSweepMinutes: 2, requestsPerMinute: 6000 },
			},
			key: 'flip {{ $json.check.name }} {{ $json.to }}',
			make: async (phase) => {
				if (phase !== 'A') return [];
				sweep.pause(swept[2].uuid);
				sweep.resume(swept[2].uuid);
				return ['flip quiet paused', 'flip quiet new'];
			},
			testEvent: (key) => /^flip (one|two|quiet) \w+$/.test(key),
			aBySweep: true,
		},
		{
			id: 'lateOneCheck',
			event: 'Late Check (one check)',
			server: lateOne,
			parameters: {
				event: 'lateCheck',
				scope: 'one',
				checkId: { __rl: true, mode: 'id', value: overdue.uuid },
			},
			key: 'late {{ $json.check.name }} {{ $json.lateSince }}',
			// Each phase a new lateness of the one check: a ping, then late again.
			make: async () => [lateNow(lateOne, overdue)],
			testEvent: (key, b) => key === b[0],
			startsPoll: startsPoll.check,
		},
		{
			id: 'lateAllChecks',
			event: 'Late Check (all checks)',
			server: lateAll,
			parameters: { event: 'lateCheck', scope: 'all' },
			key: 'late {{ $json.check.name }} {{ $json.lateSince }}',
			// A: two checks a second apart, the later one first in id order; B another; C the first of
			// A's again: pinged while late and late again, a new lateness.
			make: async (phase) => {
				const keys: string[] = [];
				const [first, second] = byIdDescending(lateChecks[0], lateChecks[1]);
				for (const check of phase === 'A'
					? [first, second]
					: phase === 'B'
						? [lateChecks[2]]
						: [first]) {
					if (keys.length) await aSecond();
					keys.push(lateNow(lateAll, check));
				}
				return keys;
			},
			// The newest lateness: B's (A's checks are still late, since earlier).
			testEvent: (key, b) => key === b[0],
			listAlone: ALL_CHECKS,
		},
		{
			id: 'lateManyChecks',
			event: `Late Check (all checks), ${MANY_CHECKS} checks, a check late during the activation`,
			server: lateMany,
			parameters: { event: 'lateCheck', scope: 'all' },
			key: 'late {{ $json.check.name }} {{ $json.lateSince }}',
			make: async (phase) => [lateNow(lateMany, manyLate[[7, 77, 147][at[phase]]])],
			testEvent: (key, b) => key === b[0],
			aDuringActivation: true,
			listAlone: MANY_CHECKS,
		},
	];
	return triggers.map((t) => ({
		...t,
		workflow: '',
		log: new PollLog(
			t.server,
			t.startsPoll ??
				(t.server instanceof CustomerEngagementServer
					? startsPoll.list
					: t.id.endsWith('AllChecks') || t.allChecks || t.listAlone
						? startsPoll.checkList
						: startsPoll.oneCheck),
		),
	}));
}

/** Fetch Test Event as the editor sends it; its requests are set apart from the polls. Resolves with what went wrong. */
async function fetchTestEvent(
	editor: EditorSession,
	t: Trigger,
	shown: () => boolean,
): Promise<string | undefined> {
	const from = t.log.count;
	let problem: string | undefined;
	try {
		const execution = await editor.runFromTrigger(t.workflow, 'Trigger');
		if (!(await waitUntil(shown, 60_000)))
			problem = `no note from execution ${execution} within 60 s: ${await executionError(editor, execution)}`;
		await new Promise((resolve) => setTimeout(resolve, 500));
	} catch (error) {
		problem = (error as Error).message.slice(0, 300);
	}
	t.log.skip(from);
	return problem;
}

/**
 * For a failed check: the workflow's executions that ended in an error (with their messages)
 * and the trigger's static data as n8n kept it, so that a failure tells an execution that
 * failed after the trigger emitted from a record the trigger did not emit.
 */
async function whatN8nKept(editor: EditorSession, t: Trigger): Promise<string> {
	let failed: string;
	try {
		const filter = encodeURIComponent(
			JSON.stringify({ workflowId: t.workflow, status: ['error', 'crashed'] }),
		);
		const page = (await editor.call('GET', `/executions?filter=${filter}&limit=10`)) as {
			results?: Array<{ id: string }>;
		};
		const ids = (page.results ?? []).map((e) => String(e.id));
		failed = ids.length
			? (
					await Promise.all(ids.map(async (id) => `${id}: ${await executionError(editor, id)}`))
				).join(' | ')
			: 'none';
	} catch (error) {
		failed = `not read (${(error as Error).message.slice(0, 200)})`;
	}
	let kept: string;
	try {
		kept = JSON.stringify(await editor.staticData(t.workflow)).slice(0, 1500);
	} catch (error) {
		kept = `not read (${(error as Error).message.slice(0, 200)})`;
	}
	return `failed executions: ${failed}; static data: ${kept}`;
}

/** An execution's status and error, as the editor shows them. */
async function executionError(editor: EditorSession, execution: string): Promise<string> {
	try {
		const saved = (await editor.call('GET', `/executions/${execution}`)) as {
			status?: string;
			data?: string;
		};
		const run = saved.data ? parseRunData(saved.data) : undefined;
		const messages = [
			run?.resultData?.error?.message,
			...Object.entries(run?.resultData?.runData ?? {}).flatMap(([node, tasks]) =>
				tasks.map((task) =>
					task.error
						? `${node}: ${String((task.error as { message?: unknown }).message)}`
						: undefined,
				),
			),
		].filter(Boolean);
		return `status ${String(saved.status)}${messages.length ? `, ${messages.join('; ')}` : ''}`;
	} catch (error) {
		return (error as Error).message.slice(0, 200);
	}
}

const isList = (request: { path: string }) => startsPoll.checkList(request as never);

/** The requests of each New Flip for All Checks poll, in words. */
function allCheckCosts(polls: Poll[], checks: string[]): string {
	return `${checks.length} checks: the activation is the list alone (1 request), then the list and the checks that changed; requests per poll ${polls.map((q) => q.requests.length).join(', ')}`;
}

/**
 * The activation is the list alone; every later poll is the list plus requests of the checks
 * flipped (or none). Every poll of All Checks starts with the list, and the polls of one node
 * take turns: the requests from one list to the next are one poll's.
 */
function allChecksProblem(polls: Poll[], flipped: Set<string>): string | undefined {
	if (polls.length < 2) return `${polls.length} polls seen`;
	const problems: string[] = [];
	if (polls[0].requests.length !== 1)
		problems.push(`the activation made ${polls[0].requests.length} requests`);
	polls.slice(1).forEach((poll, i) => {
		const others = poll.requests.filter((r) => !isList(r));
		const strangers = others.filter((r) => ![...flipped].some((uuid) => r.path.includes(uuid)));
		if (poll.requests.length - others.length !== 1 || strangers.length > 0)
			problems.push(
				`scheduled poll ${i + 1} made ${poll.requests.length} requests (${strangers.length} on checks that did not change)`,
			);
	});
	if (!polls.slice(1).some((poll) => poll.requests.length === 1))
		problems.push('no quiet poll of 1 request');
	return problems.length ? problems.join('; ') : undefined;
}

/** Alone: `npx tsx scripts/e2e/triggers.ts [in-memory] [durable]` (default: every scheduler N8N_VERSION has), on N8N_VERSION. */
if (require.main === module) {
	const modes = (
		process.argv.slice(2).length
			? process.argv.slice(2)
			: durableSchedulerAvailable()
				? ['in-memory', 'durable']
				: ['in-memory']
	) as SchedulerMode[];
	void runAlone(`The triggers under the ${modes.join(' and ')} scheduler`, (record) =>
		Promise.all(modes.map((mode) => schedulerChecks(mode, record))),
	);
}
