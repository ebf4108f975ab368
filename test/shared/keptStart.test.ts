/**
 * Every event of both triggers exactly once when n8n keeps the state of the poll it runs at
 * activation (the in-memory scheduler) and when it does not (the durable scheduler with
 * durable cursors, nodes/shared/keptStart.ts): a record made right after activation and one
 * made between scheduled polls, an abandoned poll, a restart, a start that hung; what All
 * Checks costs.
 * test/support/n8nScheduler.ts runs the polls as n8n 2.41.1 does.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';
import { byId } from '../../harness/engine';
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
const flipItem = ({ json }: INodeExecutionData) => `${(json.check as { id: string }).id} ${String(json.up)} ${seconds(json.timestamp)}`;
const pingItem = ({ json }: INodeExecutionData) => `${(json.check as { id: string }).id} ${String(json.n)}`;
/** Pings that flip the check each time: success (up), fail (down), success... */
const flipping = (uuid: string) => {
	const check = cm.server.checks.get(uuid)!;
	cm.server.receivePing(uuid, check.status === 'up' ? 'fail' : '');
	return flipOf(uuid);
};

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
		make: () => String(ce.server.seedRedeem({ loyaltyRewardId: 'rw_1', contactId: `ct_${++records}` }).contactId),
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
};

function reward(title: string): string {
	const id = `rw_${title}`;
	ce.server.state.rewards.set(id, { id, title, points: 10, quantity: { total: null, perContact: null }, startDate: null, expiredDate: null, expires: false, type: 'ITEM', value: null, itemId: null, itemName: null });
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
	const everyItem = () => trigger.db.executions.flatMap((batches) => batches[0].map(event.identity));
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

	test.each(['durable', 'durable without cursors'] as const)('%s scheduler: a poll abandoned at its timeout commits nothing; the next one covers its window, once', async (scheduler) => {
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
	});
});

/** Checks whose ids sort in the order they are made: the order a poll reads them in. */
const seedChecks = (n: number) =>
	Array.from({ length: n }, (_, i) => cm.server.seedCheck({ uuid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, name: `c${i}` }).uuid);
const flipsReadsOf = () => cm.server.requests.filter((r) => r.path.endsWith('/flips/')).length;

describe('New Flip for All Checks: activation reads every check once', () => {
	const requestsOf = async (poll: Promise<Batches>) => {
		cm.server.clearLog();
		await poll;
		return cm.server.requests.length;
	};

	test.each(SCHEDULERS)('150 checks, %s scheduler: 1 + 150 requests at activation, then 1 at the first scheduled poll and at each quiet one', async (scheduler) => {
		seedChecks(150);
		const trigger = activeTrigger({ type: 'checkMonitorTrigger', parameters: { event: 'newFlip', scope: 'all', options: FAST }, credentials: cm.credentials(), scheduler });
		expect(await requestsOf(trigger.activate())).toBe(151);
		expect(await requestsOf(trigger.poll())).toBe(1);
		expect(await requestsOf(trigger.poll())).toBe(1);
		expect(await requestsOf(trigger.poll())).toBe(1);
	});

	test.each(SCHEDULERS)('New Ping for All Checks, 150 checks, %s scheduler: the list alone at activation and at every quiet poll', async (scheduler) => {
		seedChecks(150);
		const trigger = activeTrigger({ type: 'checkMonitorTrigger', parameters: { event: 'newPing', scope: 'all', options: FAST }, credentials: cm.credentials(), scheduler });
		expect(await requestsOf(trigger.activate())).toBe(1);
		expect(await requestsOf(trigger.poll())).toBe(1);
		expect(await requestsOf(trigger.poll())).toBe(1);
	});

	/** A paced activation of 20 checks (100 ms a request) and a scheduled poll that starts while it reads. */
	async function pollDuringActivation(more: { scheduledPollBudgetMs?: number; otherProcess?: boolean; restartFirst?: boolean } = {}) {
		const uuids = seedChecks(20);
		const trigger = activeTrigger({
			type: 'checkMonitorTrigger',
			parameters: { event: 'newFlip', scope: 'all', options: { requestsPerMinute: 300 } },
			credentials: cm.credentials(),
			scheduler: 'durable',
			scheduledPollBudgetMs: more.scheduledPollBudgetMs,
		});
		cm.server.clearLog();
		let during = '';
		cm.server.whenRequested(
			(req) => req.path === `/api/v3/checks/${uuids[3]}/flips/`,
			() => {
				// The activation has read three checks: a flip of one of those, then a scheduled poll.
				during = flipping(uuids[0]);
				scheduled = trigger.poll({ otherProcess: more.otherProcess });
			},
		);
		let scheduled: Promise<Batches> | undefined;
		if (more.restartFirst) await trigger.restart();
		expect(await trigger.activate()).toBeNull();
		const emittedWhileActivating = await scheduled!;
		const flipsReads = flipsReadsOf();
		return { trigger, uuids, during, emittedWhileActivating, flipsReads };
	}

	test('durable scheduler: a scheduled poll that starts while the activation reads waits for it and goes on from its start: every check read once, the flip made meanwhile emitted', async () => {
		const { trigger, during, emittedWhileActivating, flipsReads } = await pollDuringActivation();
		expect(flipsReads).toBe(21);
		const later = await trigger.poll();
		const emitted = [...(emittedWhileActivating?.[0] ?? []), ...(later?.[0] ?? [])].map(flipItem);
		expect(emitted).toEqual([during]);
		expect(await trigger.poll()).toBeNull();
	});

	test('durable scheduler, after a restart: the new process keeps its activation\'s start likewise; a scheduled poll that starts while it reads waits for it', async () => {
		// The node's module is loaded again in this test: its module-level values (the time a
		// start is waited for) are those of the process the polls run in.
		const { trigger, during, emittedWhileActivating, flipsReads } = await pollDuringActivation({ restartFirst: true });
		expect(flipsReads).toBe(21);
		const later = await trigger.poll();
		expect([...(emittedWhileActivating?.[0] ?? []), ...(later?.[0] ?? [])].map(flipItem)).toEqual([during]);
	});

	test('durable scheduler: a scheduled poll whose time ends before the activation does emits and commits nothing; the next goes on from the start', async () => {
		const { trigger, uuids, during, emittedWhileActivating, flipsReads } = await pollDuringActivation({ scheduledPollBudgetMs: 0 });
		expect(emittedWhileActivating).toBeNull();
		// The activation's 20 reads, none by the poll that gave up waiting.
		expect(flipsReads).toBe(20);
		expect(trigger.db.cursor).toEqual({});
		cm.server.clearLog();
		expect((await trigger.poll())?.[0].map(flipItem)).toEqual([during]);
		// The list, and the flips of the one check whose row changed since the activation's list.
		expect(cm.server.requests.map((r) => r.path)).toEqual(['/api/v3/checks/', `/api/v3/checks/${uuids[0]}/flips/`]);
		expect(await trigger.poll()).toBeNull();
	});

	test('durable scheduler, the window n8n leaves: a scheduled poll on another main while the activation reads takes a start of its own (1 + N again); a flip made before it is not emitted', async () => {
		const { trigger, during, emittedWhileActivating, flipsReads } = await pollDuringActivation({ otherProcess: true });
		expect(flipsReads).toBe(40);
		expect(emittedWhileActivating).toBeNull();
		expect(during).not.toBe('');
		expect(await trigger.poll()).toBeNull();
	});
});

describe('the kept start in the workflow\'s global static data', () => {
	/** As n8n saves it: a workflow saved by an earlier version, or by the other trigger of the same workflow, depends on the name. */
	const KEY = 'n8n-nodes-engagement-monitor.starts';
	const globalOf = (trigger: { db: { staticData: IDataObject } }) => trigger.db.staticData.global as IDataObject | undefined;

	test('durable scheduler: saved under the package\'s key by node id; a restarted n8n goes on from it; dropped once the node has state of its own', async () => {
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

	test('durable scheduler, a workflow with two triggers: when one drops its kept start, the other\'s is kept', async () => {
		const { trigger, make, identities } = started('New Contact', 'durable');
		const other = { 'other-trigger': { key: 'newContact', data: { key: 'newContact', feed: { at: 1 } } } };
		trigger.db.staticData = { global: { [KEY]: other } };
		await trigger.activate();
		expect(Object.keys(globalOf(trigger)![KEY] as IDataObject)).toEqual(['other-trigger', 'trigger-node']);
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
	 * An activation of 20 checks paced at 200 ms whose fourth read hangs: `minutes` pass on
	 * the clock, a scheduled poll starts, and the read is answered a second later: time for
	 * that poll to reach its start, and not for it to take one (20 reads, 4 seconds);
	 * `failing`: answered with a 401, which ends the activation.
	 */
	async function hungActivation(more: { minutes: number; failing?: boolean; scheduledPollBudgetMs?: number }) {
		const uuids = seedChecks(20);
		const trigger = activeTrigger({
			type: 'checkMonitorTrigger',
			parameters: { event: 'newFlip', scope: 'all', options: { requestsPerMinute: 300 } },
			credentials: cm.credentials(),
			scheduler: 'durable',
			scheduledPollBudgetMs: more.scheduledPollBudgetMs,
		});
		let scheduled: Promise<Batches> | undefined;
		cm.server.whenRequested(
			(req) => req.path === `/api/v3/checks/${uuids[3]}/flips/`,
			() => {
				clock.advance(more.minutes * 60);
				cm.server.injectFault({ kind: 'delay', ms: 1000, then: more.failing ? { kind: 'status', status: 401 } : undefined });
				scheduled = trigger.poll();
			},
		);
		cm.server.clearLog();
		const activation = trigger.activate().then(
			() => 'activated',
			(error: Error) => error.message,
		);
		return { trigger, activation, scheduled: async () => await scheduled! };
	}

	test('a scheduled poll with no time left does not wait for the start being taken: it emits and commits nothing', async () => {
		const { trigger, activation, scheduled } = await hungActivation({ minutes: 0, scheduledPollBudgetMs: 0 });
		await activation;
		expect(await scheduled()).toBeNull();
		expect(trigger.db.cursor).toEqual({});
		expect(flipsReadsOf()).toBe(20);
	});

	test('ten minutes after it began, a scheduled poll gives it up and takes a start of its own: every check read again', async () => {
		const { activation, scheduled } = await hungActivation({ minutes: 10 });
		await activation;
		expect(await scheduled()).toBeNull();
		// The activation's four reads (its five minutes are over after the hung one), the poll's 20.
		expect(flipsReadsOf()).toBe(4 + 20);
	});

	test('ten minutes after it began, the hung activation then fails: a poll that starts while the scheduled one takes its start waits for that one and goes on from it', async () => {
		const { trigger, activation, scheduled } = await hungActivation({ minutes: 10, failing: true });
		expect(await activation).toMatch(/401|credentials|API key/i);
		const third = trigger.poll();
		await scheduled();
		expect(await third).toBeNull();
		// The activation's four reads, the scheduled poll's 20; the third poll read the list alone.
		expect(flipsReadsOf()).toBe(4 + 20);
		expect(cm.server.requests.filter((r) => r.path === '/api/v3/checks/')).toHaveLength(3);
	});
});

test('durable scheduler: a poll for another event, while the activation still takes its start, waits for that start to be taken, then takes its own', async () => {
	const uuids = seedChecks(20);
	const options = { requestsPerMinute: 600 };
	const trigger = activeTrigger({ type: 'checkMonitorTrigger', parameters: { event: 'newFlip', scope: 'all', options }, credentials: cm.credentials(), scheduler: 'durable' });
	let flipsReadWhenNewPingEnded: Promise<number> | undefined;
	cm.server.whenRequested(
		(req) => req.path === `/api/v3/checks/${uuids[3]}/flips/`,
		() => {
			// The workflow is published again with New Ping; its first scheduled poll starts while this read hangs.
			cm.server.injectFault({ kind: 'delay', ms: 1000 });
			trigger.republish({ event: 'newPing', scope: 'all', options });
			flipsReadWhenNewPingEnded = trigger.poll().then(() => flipsReadsOf());
		},
	);
	await trigger.activate();
	// New Ping ended once the activation had read every check, not while its read hung (4).
	expect(await flipsReadWhenNewPingEnded).toBe(20);
});
