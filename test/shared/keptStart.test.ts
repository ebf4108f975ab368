/**
 * Every event of both triggers exactly once when n8n keeps the state of the poll it runs at
 * activation (the in-memory scheduler) and when it does not (the durable scheduler with
 * durable cursors, nodes/shared/keptStart.ts): a record made right after activation and one
 * made between scheduled polls, an abandoned poll, a restart, a start that hung; a poll that
 * starts while another one runs (the activation, an overrunning or abandoned poll; here or on
 * another main), and one handed the state another already emitted from; what All Checks costs.
 * test/support/n8nScheduler.ts runs the polls as n8n 2.41.1 does.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';
import { startOfEarlierVersion } from '../support/allChecksFlipTrigger';
import { byId } from '../../harness/engine';
import { isoSeconds } from '../../harness/servers/checkMonitorServer';
import { activeTrigger, type Batches, type Scheduler } from '../support/n8nScheduler';
import { useCheckMonitorServer, useCustomerEngagementServer } from '../support/setup';
import { useVirtualClock } from '../support/virtualClock';

const cm = useCheckMonitorServer();
const ce = useCustomerEngagementServer();
const FAST = { requestsPerMinute: 600_000 };
const SCHEDULERS: Scheduler[] = ['in-memory', 'durable', 'durable without cursors'];

interface Event {
	type: 'checkMonitorTrigger' | 'customerEngagementTrigger';
	/** The trigger's parameters, once the records it watches exist. */
	setUp(): Record<string, unknown>;
	/** A new record; what its item is known by. */
	make(): string;
	identity(item: INodeExecutionData): string;
}

const seconds = (date: unknown) => Math.floor(Date.parse(String(date)) / 1000);
const flipOf = (uuid: string) => {
	const flip = cm.server.checks.get(uuid)!.flips.at(-1)!;
	return `${uuid} ${flip.up} ${Math.floor(flip.created.getTime() / 1000)}`;
};
const flipItem = ({ json }: INodeExecutionData) =>
	`${(json.check as { id: string }).id} ${String(json.up)} ${seconds(json.timestamp)}`;
const pingItem = ({ json }: INodeExecutionData) =>
	`${(json.check as { id: string }).id} ${String(json.n)}`;
/** Pings that flip the check each time: success (up), fail (down), success... */
const flipping = (uuid: string) => {
	const check = cm.server.checks.get(uuid)!;
	cm.server.receivePing(uuid, check.status === 'up' ? 'fail' : '');
	return flipOf(uuid);
};

/**
 * A check late now after a new ping: pinged at a second of its own an hour ago (the pings of
 * a test an hour back, a second apart), with a minute's timeout and a day's grace.
 */
let pingedFrom = 0;
let latePings = 0;
const lateCheck = (name: string) => cm.server.seedCheck({ name, timeout: 60, grace: 86_400 }).uuid;
const lateAgain = (uuid: string) => {
	const now = cm.server.now;
	cm.server.now = () => new Date(pingedFrom + ++latePings * 1000);
	cm.server.receivePing(uuid);
	cm.server.now = now;
	return `${uuid} ${isoSeconds(cm.server.checks.get(uuid)!.last_ping)}`;
};
const lateItem = ({ json }: INodeExecutionData) =>
	`${(json.check as { id: string }).id} ${String(json.lastPing)}`;

let checks: string[] = [];
let contact = '';
let records = 0;
const EVENTS: Record<string, Event> = {
	'New Visit': {
		type: 'customerEngagementTrigger',
		setUp: () => {
			contact = String(ce.server.seedContact().id);
			ce.server.seedVisit({ contactId: contact });
			return { event: 'newVisit' };
		},
		make: () => String(ce.server.seedVisit({ contactId: contact }).id),
		identity: ({ json }) => String(json.id),
	},
	'New Contact': {
		type: 'customerEngagementTrigger',
		setUp: () => {
			ce.server.seedContact();
			return { event: 'newContact' };
		},
		make: () => String(ce.server.seedContact().id),
		identity: ({ json }) => String(json.id),
	},
	'New Redeem': {
		type: 'customerEngagementTrigger',
		setUp: () => {
			ce.server.seedRedeem({ loyaltyRewardId: 'rw_1', contactId: 'ct_old' });
			return { event: 'newRedeem' };
		},
		make: () =>
			String(
				ce.server.seedRedeem({ loyaltyRewardId: 'rw_1', contactId: `ct_${++records}` }).contactId,
			),
		identity: ({ json }) => String(json.contactId),
	},
	'New Loyalty Reward': {
		type: 'customerEngagementTrigger',
		setUp: () => {
			reward('old');
			return { event: 'newLoyaltyReward' };
		},
		make: () => reward(`r${++records}`),
		identity: ({ json }) => String(json.id),
	},
	'New Flip, one check': {
		type: 'checkMonitorTrigger',
		setUp: () => {
			checks = [cm.server.seedCheck({ name: 'one' }).uuid];
			cm.server.receivePing(checks[0]);
			return { event: 'newFlip', scope: 'one', checkId: byId(checks[0]), options: FAST };
		},
		make: () => flipping(checks[0]),
		identity: flipItem,
	},
	'New Flip, all checks': {
		type: 'checkMonitorTrigger',
		setUp: () => {
			checks = [cm.server.seedCheck({ name: 'a' }).uuid, cm.server.seedCheck({ name: 'b' }).uuid];
			cm.server.receivePing(checks[0]);
			return { event: 'newFlip', scope: 'all', options: FAST };
		},
		make: () => flipping(checks[++records % 2]),
		identity: flipItem,
	},
	'New Ping, one check': {
		type: 'checkMonitorTrigger',
		setUp: () => {
			checks = [cm.server.seedCheck({ name: 'one' }).uuid];
			cm.server.receivePing(checks[0]);
			return { event: 'newPing', checkId: byId(checks[0]) };
		},
		make: () => `${checks[0]} ${cm.server.receivePing(checks[0]).n}`,
		identity: pingItem,
	},
	'New Ping, all checks': {
		type: 'checkMonitorTrigger',
		setUp: () => {
			checks = [cm.server.seedCheck({ name: 'a' }).uuid, cm.server.seedCheck({ name: 'b' }).uuid];
			cm.server.receivePing(checks[0]);
			return { event: 'newPing', scope: 'all', options: FAST };
		},
		make: () => {
			const uuid = checks[++records % 2];
			return `${uuid} ${cm.server.receivePing(uuid).n}`;
		},
		identity: pingItem,
	},
	'Late Check, one check': {
		type: 'checkMonitorTrigger',
		setUp: () => {
			[pingedFrom, latePings] = [Date.now() - 3_600_000, 0];
			checks = [lateCheck('one')];
			lateAgain(checks[0]);
			return { event: 'lateCheck', scope: 'one', checkId: byId(checks[0]) };
		},
		make: () => lateAgain(checks[0]),
		identity: lateItem,
	},
	'Late Check, all checks': {
		type: 'checkMonitorTrigger',
		setUp: () => {
			[pingedFrom, latePings] = [Date.now() - 3_600_000, 0];
			checks = [lateCheck('a'), lateCheck('b')];
			lateAgain(checks[0]);
			return { event: 'lateCheck', scope: 'all' };
		},
		make: () => lateAgain(checks[++records % 2]),
		identity: lateItem,
	},
};

function reward(title: string): string {
	const id = `rw_${title}`;
	ce.server.state.rewards.set(id, {
		id,
		title,
		points: 10,
		quantity: { total: null, perContact: null },
		startDate: null,
		expiredDate: null,
		expires: false,
		type: 'ITEM',
		value: null,
		itemId: null,
		itemName: null,
	});
	return id;
}

function started(name: string, scheduler: Scheduler) {
	records = 0;
	const event = EVENTS[name];
	const parameters = event.setUp();
	const credentials = event.type === 'checkMonitorTrigger' ? cm.credentials() : ce.credentials();
	const trigger = activeTrigger({ type: event.type, parameters, credentials, scheduler });
	const identities = (batches: Batches) => (batches?.[0] ?? []).map(event.identity);
	/** Every item of every execution the trigger started, by identity. */
	const everyItem = () =>
		trigger.db.executions.flatMap((batches) => batches[0].map(event.identity));
	return { trigger, make: event.make, identities, everyItem };
}

describe.each(Object.keys(EVENTS))('%s', (name) => {
	describe.each(SCHEDULERS)('%s scheduler', (scheduler) => {
		test('a record made right after activation and one between scheduled polls: each emitted once, at the next poll', async () => {
			const { trigger, make, identities, everyItem } = started(name, scheduler);
			expect(await trigger.activate()).toBeNull();
			const first = make();
			expect(identities(await trigger.poll())).toEqual([first]);
			expect(await trigger.poll()).toBeNull();
			const second = make();
			expect(identities(await trigger.poll())).toEqual([second]);
			expect(await trigger.poll()).toBeNull();
			expect(everyItem()).toEqual([first, second]);
		});

		test('a restart right after activation, and one between two polls: nothing lost, nothing twice', async () => {
			const { trigger, make, everyItem } = started(name, scheduler);
			await trigger.activate();
			const first = make();
			await trigger.restart();
			await trigger.poll();
			const second = make();
			await trigger.restart();
			await trigger.poll();
			await trigger.poll();
			expect(everyItem()).toEqual([first, second]);
		});
	});

	test.each(['durable', 'durable without cursors'] as const)(
		'%s scheduler: a poll abandoned at its timeout commits nothing; the next one covers its window, once',
		async (scheduler) => {
			const { trigger, make, identities, everyItem } = started(name, scheduler);
			await trigger.activate();
			const first = make();
			expect(await trigger.poll({ abandoned: true })).toBeNull();
			expect(identities(await trigger.poll())).toEqual([first]);
			const second = make();
			expect(await trigger.poll({ abandoned: true })).toBeNull();
			expect(await trigger.poll({ abandoned: true })).toBeNull();
			expect(identities(await trigger.poll())).toEqual([second]);
			expect(await trigger.poll()).toBeNull();
			expect(everyItem()).toEqual([first, second]);
		},
	);
});

/** Checks whose ids sort in the order they are made: the order a poll reads them in. */
const seedChecks = (n: number) =>
	Array.from(
		{ length: n },
		(_, i) =>
			cm.server.seedCheck({
				uuid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
				name: `c${i}`,
			}).uuid,
	);
const isList = (req: { path: string }) => req.path === '/api/v3/checks/';
const flipsReadsOf = () => cm.server.requests.filter((r) => r.path.endsWith('/flips/')).length;
const listReadsOf = () => cm.server.requests.filter(isList).length;
const allChecks = (options: Record<string, unknown> = FAST) => ({
	event: 'newFlip',
	scope: 'all',
	options,
});
const flipsOf = (...batches: Batches[]) =>
	batches.flatMap((batch) => (batch?.[0] ?? []).map(flipItem));

describe('New Flip for All Checks: the start is the list alone', () => {
	const requestsOf = async (poll: Promise<Batches>) => {
		cm.server.clearLog();
		await poll;
		return cm.server.requests.length;
	};

	test.each(SCHEDULERS.flatMap((scheduler) => [20, 150, 1000].map((n) => [n, scheduler] as const)))(
		'%i checks, %s scheduler: 1 request at activation, then 1 at the first scheduled poll and at each quiet one',
		async (n, scheduler) => {
			seedChecks(n);
			const trigger = activeTrigger({
				type: 'checkMonitorTrigger',
				parameters: allChecks(),
				credentials: cm.credentials(),
				scheduler,
			});
			expect(await requestsOf(trigger.activate())).toBe(1);
			expect(await requestsOf(trigger.poll())).toBe(1);
			expect(await requestsOf(trigger.poll())).toBe(1);
		},
	);

	test.each(SCHEDULERS.flatMap((scheduler) => [20, 150].map((n) => [n, scheduler] as const)))(
		'Late Check for All Checks, %i checks, %s scheduler: the list alone at activation, at each quiet poll and at the poll that finds a check late',
		async (n, scheduler) => {
			const uuids = seedChecks(n);
			for (const uuid of uuids)
				Object.assign(cm.server.checks.get(uuid)!, { timeout: 3600, grace: 86_400 });
			[pingedFrom, latePings] = [Date.now() - 600_000, 0];
			for (const uuid of uuids) lateAgain(uuid);
			const trigger = activeTrigger({
				type: 'checkMonitorTrigger',
				parameters: { event: 'lateCheck', scope: 'all' },
				credentials: cm.credentials(),
				scheduler,
			});
			expect(await requestsOf(trigger.activate())).toBe(1);
			expect(await requestsOf(trigger.poll())).toBe(1);
			cm.server.checks.get(uuids[7])!.timeout = 60;
			cm.server.clearLog();
			expect((await trigger.poll())?.[0].map(lateItem)).toEqual([
				`${uuids[7]} ${isoSeconds(cm.server.checks.get(uuids[7])!.last_ping)}`,
			]);
			expect(cm.server.requests).toHaveLength(1);
			expect(await requestsOf(trigger.poll())).toBe(1);
		},
	);

	test.each(SCHEDULERS)(
		'New Ping for All Checks, 150 checks, %s scheduler: the list alone at activation and at every quiet poll',
		async (scheduler) => {
			seedChecks(150);
			const trigger = activeTrigger({
				type: 'checkMonitorTrigger',
				parameters: { event: 'newPing', scope: 'all', options: FAST },
				credentials: cm.credentials(),
				scheduler,
			});
			expect(await requestsOf(trigger.activate())).toBe(1);
			expect(await requestsOf(trigger.poll())).toBe(1);
			expect(await requestsOf(trigger.poll())).toBe(1);
		},
	);
});

/**
 * A scheduled poll that starts while the activation poll still reads, under the durable
 * scheduler with durable cursors, 20 checks. The first two tests are what CI saw on n8n 2.41.1
 * (the activation then read every check's flips after the list): a scheduled poll started
 * while the activation read, and the flip the end-to-end tier made as soon as that poll asked
 * for the check list, on a check the activation had not reached, was never emitted.
 */
describe('a scheduled poll that starts while the activation reads', () => {
	/**
	 * The activation's list request starts a scheduled poll (in this n8n unless said), and is
	 * answered `answerAfterMs` later; `atScheduledList` runs when that poll asks for the list.
	 */
	async function pollDuringActivation(
		more: {
			otherProcess?: boolean;
			restartFirst?: boolean;
			scheduledPollBudgetMs?: number;
			answerAfterMs?: number;
			atScheduledList?: () => void;
		} = {},
	) {
		const trigger = activeTrigger({
			type: 'checkMonitorTrigger',
			parameters: allChecks({ requestsPerMinute: 300 }),
			credentials: cm.credentials(),
			scheduler: 'durable',
			scheduledPollBudgetMs: more.scheduledPollBudgetMs,
		});
		let scheduled: Promise<Batches> | undefined;
		cm.server.whenRequested(isList, () => {
			if (more.answerAfterMs) cm.server.injectFault({ kind: 'delay', ms: more.answerAfterMs });
			scheduled = trigger.poll({ otherProcess: more.otherProcess });
			if (more.atScheduledList) cm.server.whenRequested(isList, more.atScheduledList);
		});
		if (more.restartFirst) await trigger.restart();
		cm.server.clearLog();
		expect(await trigger.activate()).toBeNull();
		return { trigger, emittedWhileActivating: await scheduled! };
	}

	/** The flip made when the scheduled poll asks for the list: on c10, which the earlier activation read after c0 to c9. */
	async function flipAtTheScheduledList(otherProcess: boolean) {
		const uuids = seedChecks(20);
		let made = '';
		const { trigger, emittedWhileActivating } = await pollDuringActivation({
			otherProcess,
			atScheduledList: () => (made = flipping(uuids[10])),
		});
		const emitted = flipsOf(
			emittedWhileActivating,
			await trigger.poll(),
			await trigger.poll(),
			await trigger.poll({ otherProcess: true }),
		);
		return { made, emitted };
	}

	test('the scheduled poll in this n8n: the flip is emitted once', async () => {
		const { made, emitted } = await flipAtTheScheduledList(false);
		expect(made).not.toBe('');
		expect(emitted).toEqual([made]);
	});

	test("the scheduled poll on another main: the flip is emitted once (the next poll goes on from the activation's start, the earlier one)", async () => {
		const { made, emitted } = await flipAtTheScheduledList(true);
		expect(made).not.toBe('');
		expect(emitted).toEqual([made]);
	});

	test('in this n8n the scheduled poll waits for the start and goes on from it: the list read twice, no flips; a flip after the start, once', async () => {
		const uuids = seedChecks(20);
		const { trigger, emittedWhileActivating } = await pollDuringActivation({ answerAfterMs: 300 });
		expect(emittedWhileActivating).toBeNull();
		expect([listReadsOf(), flipsReadsOf()]).toEqual([2, 0]);
		// The scheduled poll committed the start it went on from: a new process goes on from it too.
		expect(trigger.db.cursor).toMatchObject({ state: { key: 'all:' } });
		const made = flipping(uuids[3]);
		expect(flipsOf(await trigger.poll({ otherProcess: true }), await trigger.poll())).toEqual([
			made,
		]);
	});

	test("after a restart, the new process keeps its activation's start likewise: the scheduled poll that starts while it reads waits for it", async () => {
		// The node's module is loaded again in this test: its module-level state is that of the
		// process the polls run in.
		const uuids = seedChecks(20);
		const { trigger, emittedWhileActivating } = await pollDuringActivation({
			restartFirst: true,
			answerAfterMs: 300,
		});
		expect(emittedWhileActivating).toBeNull();
		expect([listReadsOf(), flipsReadsOf()]).toEqual([2, 0]);
		const made = flipping(uuids[3]);
		expect(flipsOf(await trigger.poll())).toEqual([made]);
	});

	test("a scheduled poll whose time ends before the activation's does emits and commits nothing; the next goes on from the start", async () => {
		const uuids = seedChecks(20);
		const { trigger, emittedWhileActivating } = await pollDuringActivation({
			answerAfterMs: 300,
			scheduledPollBudgetMs: 0,
		});
		expect(emittedWhileActivating).toBeNull();
		// The activation's list alone: the scheduled poll read nothing.
		expect(cm.server.requests).toHaveLength(1);
		expect(trigger.db.cursor).toEqual({});
		const made = flipping(uuids[0]);
		cm.server.clearLog();
		expect(flipsOf(await trigger.poll())).toEqual([made]);
		// The list, and the flips of the one check whose row changed since the activation's list.
		expect(cm.server.requests.map((r) => r.path)).toEqual([
			'/api/v3/checks/',
			`/api/v3/checks/${uuids[0]}/flips/`,
		]);
		expect(await trigger.poll()).toBeNull();
	});

	test("on another main, a scheduled poll whose list is answered before the activation's: its start is the earlier one and stands; a flip made between the two lists is emitted once", async () => {
		const uuids = seedChecks(20);
		const trigger = activeTrigger({
			type: 'checkMonitorTrigger',
			parameters: allChecks(),
			credentials: cm.credentials(),
			scheduler: 'durable',
		});
		let otherMain!: Promise<Batches>;
		let made = '';
		// The activation's list is answered once the other main's poll has taken its start and a flip came after it.
		const flipped = new Promise<void>((resolve) =>
			cm.server.whenRequested(isList, () => {
				otherMain = trigger.poll({ otherProcess: true });
				void otherMain.then(() => {
					made = flipping(uuids[5]);
					resolve();
				});
			}),
		);
		cm.server.injectFault({ kind: 'delay', ms: 0, until: flipped }, 1, isList);
		expect(await trigger.activate()).toBeNull();
		expect(await otherMain).toBeNull();
		expect(made).not.toBe('');
		expect(
			flipsOf(
				await trigger.poll(),
				await trigger.poll({ otherProcess: true }),
				await trigger.poll(),
			),
		).toEqual([made]);
	});
});

/**
 * A poll that starts while a poll of the node that goes on from its state still runs in this
 * process: an in-memory schedule whose poll outlasted its interval, or the durable scheduler's
 * next occurrence while an abandoned poll runs on. It ends at once with nothing (its copy of
 * the state may be older than what the running poll commits); the next poll covers its window.
 */
describe('a poll that starts while another poll of the node still reads', () => {
	test.each(['in-memory', 'durable', 'durable without cursors'] as const)(
		'%s scheduler, New Flip for All Checks: the flips found by either are emitted once, in order',
		async (scheduler) => {
			const uuids = seedChecks(20);
			const trigger = activeTrigger({
				type: 'checkMonitorTrigger',
				parameters: allChecks({ requestsPerMinute: 600 }),
				credentials: cm.credentials(),
				scheduler,
			});
			await trigger.activate();
			// Five checks change; while the poll reads the first, another poll starts and c9 flips.
			const made = uuids.slice(0, 5).map((uuid) => flipping(uuid));
			let overlapping: Promise<Batches> | undefined;
			let late = '';
			cm.server.whenRequested(
				(req) => req.path === `/api/v3/checks/${uuids[0]}/flips/`,
				() => {
					overlapping = trigger.poll();
					late = flipping(uuids[9]);
				},
			);
			cm.server.clearLog();
			const first = await trigger.poll({ abandoned: scheduler !== 'in-memory' });
			const whileReading = await overlapping!;
			const listsRead = listReadsOf();
			const next = [await trigger.poll(), await trigger.poll()];
			// Abandoned (durable): the first poll's result is dropped and nothing committed.
			if (scheduler !== 'in-memory') expect(first).toBeNull();
			expect(flipsOf(first, whileReading, ...next)).toEqual([...made, late]);
			// The poll that started meanwhile ended at once: it did not even read the list.
			expect(whileReading).toBeNull();
			expect(listsRead).toBe(1);
		},
	);
});

/**
 * n8n 2.41.1 after a restart, under the durable scheduler (seen in the end-to-end tier): the
 * occurrence missed while n8n was down and the current one are claimed together; each task
 * reads the cursor when it begins, and the second poll runs once the first has emitted, before
 * n8n committed that emit. Its copy is the state the first emitted from.
 */
describe('two tasks of one job that read the cursor together', () => {
	test.each(Object.keys(EVENTS))(
		'%s: the record is emitted once, by the first; the second ends with nothing',
		async (name) => {
			const { trigger, make, identities, everyItem } = started(name, 'durable');
			await trigger.activate();
			const made = make();
			const first = trigger.poll();
			const second = trigger.poll({ runsAfter: first });
			expect(identities(await first)).toEqual([made]);
			expect(await second).toBeNull();
			expect(await trigger.poll()).toBeNull();
			const later = make();
			expect(identities(await trigger.poll())).toEqual([later]);
			expect(everyItem()).toEqual([made, later]);
		},
	);

	test('the window n8n leaves: the second task on another main has no way to know the first emitted, and emits the record again', async () => {
		const { trigger, make, identities } = started('New Contact', 'durable');
		await trigger.activate();
		const made = make();
		const first = trigger.poll();
		const second = trigger.poll({ runsAfter: first, otherProcess: true });
		expect(identities(await first)).toEqual([made]);
		expect(identities(await second)).toEqual([made]);
	});

	test('a poll past its time whose result n8n dropped leaves its state unspent: the next poll, handed that state, emits', async () => {
		const { trigger, make, identities } = started('New Contact', 'durable');
		await trigger.activate();
		const made = make();
		expect(await trigger.poll({ abandoned: true })).toBeNull();
		expect(identities(await trigger.poll())).toEqual([made]);
	});
});

describe('a state a poll emitted from, on a clock the test moves', () => {
	const clock = useVirtualClock(cm.server);

	test('handed to a poll a minute later, it is not taken for one read before the commit: n8n did not commit that emit (a failed save), and the poll emits again', async () => {
		const uuids = seedChecks(2);
		const trigger = activeTrigger({
			type: 'checkMonitorTrigger',
			parameters: allChecks(),
			credentials: cm.credentials(),
			scheduler: 'durable',
		});
		await trigger.activate();
		clock.advance(10);
		const made = flipping(uuids[0]);
		const before = JSON.parse(JSON.stringify(trigger.db.cursor)) as IDataObject;
		expect(flipsOf(await trigger.poll())).toEqual([made]);
		// The emit's commit failed: the cursor is as it was.
		trigger.db.cursor = before;
		clock.advance(30);
		expect(await trigger.poll()).toBeNull();
		clock.advance(31);
		expect(flipsOf(await trigger.poll())).toEqual([made]);
	});
});

describe("the kept start in the workflow's global static data", () => {
	/** As n8n saves it: a workflow saved by an earlier version, or by the other trigger of the same workflow, depends on the name. */
	const KEY = 'n8n-nodes-engagement-monitor.starts';
	const globalOf = (trigger: { db: { staticData: IDataObject } }) =>
		trigger.db.staticData.global as IDataObject | undefined;

	test("durable scheduler: saved under the package's key by node id; a restarted n8n goes on from it; dropped once the node has state of its own", async () => {
		const { trigger, make, identities } = started('New Contact', 'durable');
		await trigger.activate();
		expect(Object.keys(globalOf(trigger) ?? {})).toEqual([KEY]);
		expect(Object.keys(globalOf(trigger)![KEY] as IDataObject)).toEqual(['trigger-node']);
		const first = make();
		await trigger.restart();
		expect(identities(await trigger.poll())).toEqual([first]);
		const second = make();
		expect(identities(await trigger.poll())).toEqual([second]);
		expect(globalOf(trigger)?.[KEY]).toBeUndefined();
	});

	test('durable scheduler, New Flip for All Checks: a start kept by the version whose activation read every check goes on as it was (a late "down" flip dated within its Late Flip Window before it is reported, once)', async () => {
		const uuids = seedChecks(3);
		for (const uuid of uuids) cm.server.receivePing(uuid);
		const now = Math.floor(Date.now() / 1000);
		const earlier = startOfEarlierVersion(cm.server, now, { rows: true })[
			'node:Trigger'
		] as IDataObject;
		const trigger = activeTrigger({
			type: 'checkMonitorTrigger',
			parameters: allChecks(),
			credentials: cm.credentials(),
			scheduler: 'durable',
		});
		// Saved by that version's activation; no poll has committed a cursor since.
		trigger.db.staticData = {
			global: { [KEY]: { 'trigger-node': { key: 'all:', data: earlier } } },
		};
		cm.server.seedFlip(uuids[1], new Date((now - 300) * 1000), 0);
		cm.server.checks.get(uuids[1])!.status = 'down';
		expect(flipsOf(await trigger.poll())).toEqual([`${uuids[1]} 0 ${now - 300}`]);
		expect(await trigger.poll()).toBeNull();
	});

	test("durable scheduler: once the node's state has emitted, an earlier start kept for it is not gone back to (it would emit again what was emitted)", async () => {
		const uuids = seedChecks(3);
		const trigger = activeTrigger({
			type: 'checkMonitorTrigger',
			parameters: allChecks(),
			credentials: cm.credentials(),
			scheduler: 'durable',
		});
		await trigger.activate();
		const first = flipping(uuids[0]);
		expect(flipsOf(await trigger.poll())).toEqual([first]);
		// A start a second earlier than the node's, as another main's would be.
		const kept = (globalOf(trigger)![KEY] as Record<string, { moment: { at: number } }>)[
			'trigger-node'
		];
		kept.moment.at -= 1000;
		trigger.db.staticData = { global: { [KEY]: { 'trigger-node': kept } } };
		expect(await trigger.poll()).toBeNull();
		const second = flipping(uuids[1]);
		expect(flipsOf(await trigger.poll())).toEqual([second]);
	});

	test("durable scheduler: a kept start ten minutes or more before the node's own is not gone back to (no activation poll takes that long)", async () => {
		const uuids = seedChecks(3);
		const trigger = activeTrigger({
			type: 'checkMonitorTrigger',
			parameters: allChecks(),
			credentials: cm.credentials(),
			scheduler: 'durable',
		});
		await trigger.activate();
		const old = (globalOf(trigger)![KEY] as Record<string, { moment: { at: number } }>)[
			'trigger-node'
		];
		flipping(uuids[0]);
		// The workflow is activated anew in a new process (its earlier start forgotten), and the
		// earlier start is found kept, as from eleven minutes before the new one.
		await trigger.restart();
		trigger.db.staticData = {};
		trigger.db.cursor = null;
		await trigger.activate();
		const start = (globalOf(trigger)![KEY] as Record<string, { moment: { at: number } }>)[
			'trigger-node'
		];
		old.moment.at = start.moment.at - 11 * 60_000;
		expect(await trigger.poll()).toBeNull();
		trigger.db.staticData = { global: { [KEY]: { 'trigger-node': old } } };
		expect(await trigger.poll()).toBeNull();
		const made = flipping(uuids[1]);
		expect(flipsOf(await trigger.poll())).toEqual([made]);
	});

	test("durable scheduler, a workflow with two triggers: when one drops its kept start, the other's is kept", async () => {
		const { trigger, make, identities } = started('New Contact', 'durable');
		const other = {
			'other-trigger': { key: 'newContact', data: { key: 'newContact', feed: { at: 1 } } },
		};
		trigger.db.staticData = { global: { [KEY]: other } };
		await trigger.activate();
		expect(Object.keys(globalOf(trigger)![KEY] as IDataObject)).toEqual([
			'other-trigger',
			'trigger-node',
		]);
		const first = make();
		expect(identities(await trigger.poll())).toEqual([first]);
		const second = make();
		expect(identities(await trigger.poll())).toEqual([second]);
		expect(globalOf(trigger)?.[KEY]).toEqual(other);
	});
});

describe('a start being taken, on a clock the test moves', () => {
	const clock = useVirtualClock(cm.server);

	/**
	 * An activation whose list request hangs: `minutes` pass on the clock, a scheduled poll
	 * starts, and the list is answered a second later: time for that poll to reach the start,
	 * and not for it to take one; `failing`: answered with a 401, which ends the activation.
	 */
	async function hungActivation(more: {
		minutes: number;
		failing?: boolean;
		scheduledPollBudgetMs?: number;
	}) {
		const uuids = seedChecks(20);
		const trigger = activeTrigger({
			type: 'checkMonitorTrigger',
			parameters: allChecks({ requestsPerMinute: 300 }),
			credentials: cm.credentials(),
			scheduler: 'durable',
			scheduledPollBudgetMs: more.scheduledPollBudgetMs,
		});
		let started!: (poll: Promise<Batches>) => void;
		const scheduled = new Promise<Batches>((resolve) => (started = (poll) => resolve(poll)));
		cm.server.whenRequested(isList, () => {
			clock.advance(more.minutes * 60);
			cm.server.injectFault({
				kind: 'delay',
				ms: 1000,
				then: more.failing ? { kind: 'status', status: 401 } : undefined,
			});
			started(trigger.poll());
		});
		cm.server.clearLog();
		const activation = trigger.activate().then(
			() => 'activated',
			(error: Error) => error.message,
		);
		return { trigger, uuids, activation, scheduled: async () => await scheduled };
	}

	test('a scheduled poll with no time left does not wait for the start being taken: it emits and commits nothing', async () => {
		const { trigger, activation, scheduled } = await hungActivation({
			minutes: 0,
			scheduledPollBudgetMs: 0,
		});
		await activation;
		expect(await scheduled()).toBeNull();
		expect(trigger.db.cursor).toEqual({});
		expect(listReadsOf()).toBe(1);
	});

	test('ten minutes after it began, a scheduled poll gives it up and takes a start of its own', async () => {
		const { trigger, activation, scheduled } = await hungActivation({ minutes: 10 });
		expect(await scheduled()).toBeNull();
		// Its own start, committed while the activation's list still hung.
		expect(listReadsOf()).toBe(2);
		expect(trigger.db.cursor).toMatchObject({ state: { key: 'all:' } });
		await activation;
	});

	test('ten minutes after it began, the hung activation then fails: a poll that starts while the scheduled one takes its start waits for that one and goes on from it', async () => {
		const { trigger, uuids, activation, scheduled } = await hungActivation({
			minutes: 10,
			failing: true,
		});
		// The third poll starts while the scheduled one's list is asked for; a flip comes after that list.
		let third: Promise<Batches> | undefined;
		let made = '';
		cm.server.whenRequested(isList, () => {
			third = trigger.poll();
			cm.server.whenRequested(isList, () => (made = flipping(uuids[4])));
		});
		expect(await activation).toMatch(/401|credentials|API key/i);
		await scheduled();
		expect(flipsOf(await third!)).toEqual([made]);
		expect(listReadsOf()).toBe(3);
	});
});

test('durable scheduler: a poll for another event, while the activation still takes its start, waits for that start to be taken, then takes its own', async () => {
	seedChecks(20);
	const options = { requestsPerMinute: 600 };
	const trigger = activeTrigger({
		type: 'checkMonitorTrigger',
		parameters: { event: 'newFlip', scope: 'all', options },
		credentials: cm.credentials(),
		scheduler: 'durable',
	});
	let newPing: Promise<Batches> | undefined;
	const listAskedAt: number[] = [];
	cm.server.whenRequested(isList, () => {
		listAskedAt.push(Date.now());
		// The workflow is published again with New Ping; its first scheduled poll starts while this list is answered a second late.
		cm.server.injectFault({ kind: 'delay', ms: 1000 });
		trigger.republish({ event: 'newPing', scope: 'all', options });
		newPing = trigger.poll();
		cm.server.whenRequested(isList, () => listAskedAt.push(Date.now()));
	});
	await trigger.activate();
	expect(await newPing).toBeNull();
	// New Ping asked for the list once the activation's had been answered.
	expect(listAskedAt[1] - listAskedAt[0]).toBeGreaterThanOrEqual(1000 - 5);
	expect(trigger.db.cursor).toMatchObject({ pingState: { key: 'ping:all:' } });
});
