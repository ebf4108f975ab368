/** Customer Engagement Trigger: each new visit (or contact) exactly once, at the cost of what is new. */
import fc from 'fast-check';
import { createPoller } from '../support/engine';
import { useCustomerEngagementServer } from '../support/setup';

const { server, credentials } = useCustomerEngagementServer();

const HOUR = 3_600_000;
const ids = (batches: Array<Array<{ json: { id?: unknown } }>> | null) => (batches?.[0] ?? []).map((i) => String(i.json.id));
const newVisitPoller = (parameters: Record<string, unknown> = {}) =>
	createPoller({ type: 'customerEngagementTrigger', parameters: { event: 'newVisit', ...parameters } as never, credentials: credentials() });

/** A clock the server uses for visit dates, moved by the test. */
function useClock(start = Date.UTC(2026, 10, 1)) {
	let now = start;
	server.now = () => new Date(now);
	return {
		tick: (ms = 1000) => (now += ms),
		at: (offsetMs = 0) => new Date(now + offsetMs).toISOString(),
	};
}

/** n new visits of a contact, one clock second apart; their ids, oldest first. */
function addVisits(contactId: string, clock: ReturnType<typeof useClock>, n: number): string[] {
	return Array.from({ length: n }, () => {
		clock.tick();
		return server.seedVisit({ contactId, date: clock.at() }).id as string;
	});
}

beforeEach(() => {
	server.now = () => new Date();
});

test('the first poll emits nothing old; new visits are emitted once, oldest first', async () => {
	const clock = useClock();
	const contact = server.seedContact();
	for (let i = 0; i < 5; i++) server.seedVisit({ contactId: contact.id as string, date: clock.at(-i * 1000) });
	const poller = newVisitPoller();
	expect(await poller.poll()).toBeNull();
	clock.tick();
	const a = server.seedVisit({ contactId: contact.id as string, date: clock.at() });
	clock.tick();
	const b = server.seedVisit({ contactId: contact.id as string, date: clock.at() });
	expect(ids(await poller.poll())).toEqual([a.id, b.id]);
	expect(await poller.poll()).toBeNull();
});

test('request economy: nothing new = 1 request; k new = ceil((k+1)/100), whatever the history', async () => {
	const clock = useClock();
	const contact = server.seedContact();
	for (let i = 0; i < 450; i++) server.seedVisit({ contactId: contact.id as string, date: clock.at(-48 * HOUR - i * 1000) });
	const poller = newVisitPoller();
	await poller.poll();
	for (const k of [0, 1, 99, 100, 101, 250]) {
		addVisits(contact.id as string, clock, k);
		server.clearLog();
		const emitted = ids(await poller.poll());
		expect([k, emitted.length]).toEqual([k, k]);
		expect([k, server.requests.length]).toEqual([k, Math.ceil((k + 1) / 100)]);
	}
});

test('visits sharing the boundary timestamp are neither lost nor repeated', async () => {
	const clock = useClock();
	const contact = server.seedContact();
	const t = clock.at();
	server.seedVisit({ contactId: contact.id as string, date: t });
	server.seedVisit({ contactId: contact.id as string, date: t });
	const poller = newVisitPoller();
	await poller.poll();
	const later = [server.seedVisit({ contactId: contact.id as string, date: t }), server.seedVisit({ contactId: contact.id as string, date: t })];
	expect(ids(await poller.poll()).sort()).toEqual(later.map((v) => v.id).sort());
	expect(await poller.poll()).toBeNull();
});

test('a page boundary of exactly 100 new visits', async () => {
	const clock = useClock();
	const contact = server.seedContact();
	server.seedVisit({ contactId: contact.id as string, date: clock.at() });
	const poller = newVisitPoller();
	await poller.poll();
	const created = addVisits(contact.id as string, clock, 100);
	server.clearLog();
	expect(ids(await poller.poll())).toEqual(created);
	expect(server.requestLines()).toEqual(['GET /v1/visits?page=1&perPage=100', 'GET /v1/visits?page=2&perPage=100']);
});

test('a back-dated visit inside the window is caught once; one older than the window is not', async () => {
	const clock = useClock();
	const contact = server.seedContact();
	for (let i = 0; i < 150; i++) server.seedVisit({ contactId: contact.id as string, date: clock.at(-i * 60_000) });
	const poller = newVisitPoller({ lookBackHours: 24 });
	await poller.poll();
	const backDated = server.seedVisit({ contactId: contact.id as string, date: clock.at(-2 * HOUR - 30_000) });
	server.seedVisit({ contactId: contact.id as string, date: clock.at(-30 * HOUR) });
	expect(ids(await poller.poll())).toEqual([backDated.id]);
	expect(await poller.poll()).toBeNull();
});

test('a 500 in the middle of a multi-page poll loses and repeats nothing', async () => {
	const clock = useClock();
	const contact = server.seedContact();
	server.seedVisit({ contactId: contact.id as string, date: clock.at() });
	const poller = newVisitPoller();
	await poller.poll();
	const created = addVisits(contact.id as string, clock, 150);
	// Three 500s: the read's retries are used up and the poll fails.
	server.injectFault({ kind: 'status', status: 500, body: { errorCode: 'INTERNAL', message: 'boom' } }, 3, (r) => r.query.some(([k, v]) => k === 'page' && v === '2'));
	await expect(poller.poll()).rejects.toThrow('The Customer Engagement API failed with HTTP 500: boom');
	expect(ids(await poller.poll())).toEqual(created);
	expect(await poller.poll()).toBeNull();
});

test('only one contact\'s visits when a contact is chosen', async () => {
	const clock = useClock();
	const ann = server.seedContact();
	const bob = server.seedContact();
	const poller = newVisitPoller({ contactId: { __rl: true, mode: 'id', value: ann.id } });
	await poller.poll();
	clock.tick();
	const mine = server.seedVisit({ contactId: ann.id as string, date: clock.at() });
	server.seedVisit({ contactId: bob.id as string, date: clock.at() });
	expect(ids(await poller.poll())).toEqual([mine.id]);
	expect(server.requestLines().at(-1)).toBe(`GET /v1/visits?contactId=${ann.id}&page=1&perPage=100`);
});

test('manual mode (Fetch Test Event) returns the newest visit and does not move the cursor', async () => {
	const clock = useClock();
	const contact = server.seedContact();
	const poller = newVisitPoller();
	await poller.poll();
	const before = JSON.stringify(poller.staticData);
	clock.tick();
	const v = server.seedVisit({ contactId: contact.id as string, date: clock.at() });
	expect(ids(await poller.poll('manual'))).toEqual([v.id]);
	expect(JSON.stringify(poller.staticData)).toBe(before);
	expect(ids(await poller.poll())).toEqual([v.id]);
});

test('poll budget: a large backlog is emitted over several polls, each visit once', async () => {
	const clock = useClock();
	const contact = server.seedContact();
	server.seedVisit({ contactId: contact.id as string, date: clock.at() });
	const poller = createPoller({ type: 'customerEngagementTrigger', parameters: { event: 'newVisit' } as never, credentials: credentials(), pollBudgetMs: 0 });
	await poller.poll();
	const created = addVisits(contact.id as string, clock, 350);
	const emitted: string[] = [];
	for (let i = 0; i < 10; i++) emitted.push(...ids(await poller.poll()));
	expect(emitted.sort()).toEqual([...created].sort());
});

test('poll budget: reading stops at 80 % of the budget n8n gives (1000 ms, 250 ms a page: at most 4 pages)', async () => {
	const clock = useClock();
	const contact = server.seedContact();
	server.seedVisit({ contactId: contact.id as string, date: clock.at() });
	const poller = createPoller({ type: 'customerEngagementTrigger', parameters: { event: 'newVisit' } as never, credentials: credentials(), pollBudgetMs: 1000 });
	await poller.poll();
	addVisits(contact.id as string, clock, 2000);
	server.clearLog();
	// Each page takes at least 250 ms, so after 4 pages 1000 ms > 800 ms have passed. A
	// slower machine reads fewer pages, never more; reading to the whole budget reads 5.
	server.injectFault({ kind: 'delay', ms: 250 }, 20);
	await poller.poll();
	const pages = server.requestLines().length;
	expect(pages).toBeGreaterThanOrEqual(2);
	expect(pages).toBeLessThanOrEqual(4);
});

test('new contacts by registration date', async () => {
	const clock = useClock();
	server.seedContact();
	const poller = createPoller({ type: 'customerEngagementTrigger', parameters: { event: 'newContact' } as never, credentials: credentials() });
	expect(await poller.poll()).toBeNull();
	clock.tick();
	const c = server.seedContact();
	expect(ids(await poller.poll())).toEqual([c.id]);
	expect(server.requestLines().at(-1)).toBe('GET /v1/contacts?sort=REGISTRATION_DATE&order=DESC&page=1&perPage=100');
});

test.each([
	['a normal poll budget', 300_000],
	['no poll budget (two pages a poll)', 0],
])('randomized with %s: inserts (ties, back-dated), polls, failures and restarts emit every visit exactly once', async (_name, pollBudgetMs) => {
	await fc.assert(
		fc.asyncProperty(
			fc.array(
				fc.oneof(
					fc.record({ kind: fc.constant('insert' as const), count: fc.integer({ min: 1, max: 130 }), tie: fc.boolean(), backDateMinutes: fc.option(fc.integer({ min: 1, max: 600 }), { nil: undefined }) }),
					fc.record({ kind: fc.constant('poll' as const) }),
					fc.record({ kind: fc.constant('fail' as const), page: fc.integer({ min: 1, max: 3 }) }),
					fc.record({ kind: fc.constant('tick' as const), ms: fc.integer({ min: 0, max: 5000 }) }),
				),
				{ minLength: 5, maxLength: 40 },
			),
			async (steps) => {
				server.reset();
				const clock = useClock();
				const contact = server.seedContact();
				for (let i = 0; i < 30; i++) server.seedVisit({ contactId: contact.id as string, date: clock.at(-i * 1000) });
				const poller = createPoller({
					type: 'customerEngagementTrigger',
					parameters: { event: 'newVisit', lookBackHours: 24 } as never,
					credentials: credentials(),
					pollBudgetMs,
				});
				await poller.poll();
				const expected = new Set<string>();
				const emitted: string[] = [];
				const pollOnce = async () => {
					try {
						emitted.push(...ids(await poller.poll()));
					} catch {
						// a failed poll emits nothing; the next one catches up
					}
				};
				for (const step of steps) {
					if (step.kind === 'insert') {
						for (let i = 0; i < step.count; i++) {
							if (!step.tie) clock.tick(1);
							const date = step.backDateMinutes ? clock.at(-step.backDateMinutes * 60_000) : clock.at();
							expected.add(server.seedVisit({ contactId: contact.id as string, date }).id as string);
						}
					} else if (step.kind === 'poll') await pollOnce();
					else if (step.kind === 'fail') {
						server.injectFault({ kind: 'status', status: 500, body: { errorCode: 'X', message: 'x' } }, 1, (r) => r.query.some(([k, v]) => k === 'page' && v === String(step.page)));
					} else clock.tick(step.ms);
				}
				server.clearFaults();
				for (let i = 0; i < 12; i++) await pollOnce();
				expect(emitted.length).toBe(new Set(emitted).size);
				expect(new Set(emitted)).toEqual(expected);
			},
		),
		{ numRuns: 100, seed: Number(process.env.FC_SEED ?? 20261122) },
	);
});

test('n8n before 2.38 (no poll budget function): the trigger activates, emits and fetches a test event', async () => {
	const clock = useClock();
	const contact = server.seedContact();
	server.seedVisit({ contactId: contact.id as string, date: clock.at() });
	const poller = createPoller({
		type: 'customerEngagementTrigger',
		parameters: { event: 'newVisit' } as never,
		credentials: credentials(),
		pollBudgetMs: 'unavailable',
	});
	expect(await poller.poll()).toBeNull();
	const added = addVisits(contact.id as string, clock, 2);
	expect(ids(await poller.poll('manual'))).toEqual([added[1]]);
	expect(ids(await poller.poll())).toEqual(added);
});
