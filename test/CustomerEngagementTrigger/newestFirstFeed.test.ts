/**
 * New Visit and New Contact (nodes/CustomerEngagementTrigger/newestFirstFeed.ts): each new record
 * exactly once at the cost of what is new; what the state belongs to; the feed's rules on a
 * list written by hand.
 */
import type { IDataObject } from 'n8n-workflow';
import {
	type FeedState,
	pollNewestFirst,
} from '../../nodes/CustomerEngagementTrigger/newestFirstFeed';
import { createPoller, byId } from '../../harness/engine';
import { customerEngagementTrigger, testClock } from '../support/customerEngagementTrigger';
import { useCustomerEngagementServer } from '../support/setup';

describe('each new visit (or contact) exactly once, at the cost of what is new', () => {
	const ce = useCustomerEngagementServer();
	const { server, credentials } = ce;
	const { newVisitPoller, ids } = customerEngagementTrigger(ce);
	/** A clock the server uses for visit dates, moved by the test. */
	const useClock = (start = Date.UTC(2026, 10, 1)) => testClock(start, server);
	const HOUR = 3_600_000;

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
		for (let i = 0; i < 5; i++)
			server.seedVisit({ contactId: contact.id as string, date: clock.at(-i * 1000) });
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
		for (let i = 0; i < 450; i++)
			server.seedVisit({ contactId: contact.id as string, date: clock.at(-48 * HOUR - i * 1000) });
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
		const later = [
			server.seedVisit({ contactId: contact.id as string, date: t }),
			server.seedVisit({ contactId: contact.id as string, date: t }),
		];
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
		expect(server.requestLines()).toEqual([
			'GET /v1/visits?page=1&perPage=100',
			'GET /v1/visits?page=2&perPage=100',
		]);
	});

	test('a back-dated visit inside the window is caught once; one older than the window is not', async () => {
		const clock = useClock();
		const contact = server.seedContact();
		for (let i = 0; i < 150; i++)
			server.seedVisit({ contactId: contact.id as string, date: clock.at(-i * 60_000) });
		const poller = newVisitPoller({ lookBackHours: 24 });
		await poller.poll();
		const backDated = server.seedVisit({
			contactId: contact.id as string,
			date: clock.at(-2 * HOUR - 30_000),
		});
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
		server.injectFault(
			{ kind: 'status', status: 500, body: { errorCode: 'INTERNAL', message: 'boom' } },
			3,
			(r) => r.query.some(([k, v]) => k === 'page' && v === '2'),
		);
		await expect(poller.poll()).rejects.toThrow(
			'The Customer Engagement API failed with HTTP 500: boom',
		);
		expect(ids(await poller.poll())).toEqual(created);
		expect(await poller.poll()).toBeNull();
	});

	test("only one contact's visits when a contact is chosen", async () => {
		const clock = useClock();
		const ann = server.seedContact();
		const bob = server.seedContact();
		const poller = newVisitPoller({ contactId: { __rl: true, mode: 'id', value: ann.id } });
		await poller.poll();
		clock.tick();
		const mine = server.seedVisit({ contactId: ann.id as string, date: clock.at() });
		server.seedVisit({ contactId: bob.id as string, date: clock.at() });
		expect(ids(await poller.poll())).toEqual([mine.id]);
		expect(server.requestLines().at(-1)).toBe(
			`GET /v1/visits?contactId=${ann.id}&page=1&perPage=100`,
		);
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
		const poller = createPoller({
			type: 'customerEngagementTrigger',
			parameters: { event: 'newVisit' } as never,
			credentials: credentials(),
			pollBudgetMs: 0,
		});
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
		const poller = createPoller({
			type: 'customerEngagementTrigger',
			parameters: { event: 'newVisit' } as never,
			credentials: credentials(),
			pollBudgetMs: 1000,
		});
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

	test('new contacts by registration date, oldest first', async () => {
		const clock = useClock();
		server.seedContact();
		const poller = createPoller({
			type: 'customerEngagementTrigger',
			parameters: { event: 'newContact' } as never,
			credentials: credentials(),
		});
		expect(await poller.poll()).toBeNull();
		clock.tick();
		const first = server.seedContact();
		clock.tick();
		const second = server.seedContact();
		expect(ids(await poller.poll())).toEqual([first.id, second.id]);
		expect(server.requestLines().at(-1)).toBe(
			'GET /v1/contacts?sort=REGISTRATION_DATE&order=DESC&page=1&perPage=100',
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
});

describe('what the state belongs to; the Contact as it reaches the API', () => {
	const ce = useCustomerEngagementServer();
	const { server } = ce;
	const { trigger, ids } = customerEngagementTrigger(ce);
	/** A clock the server uses for its own dates (visits, registrations), moved by the test. */
	const useClock = (start = Date.UTC(2026, 10, 1, 12)) => testClock(start, server);

	beforeEach(() => {
		server.now = () => new Date();
	});

	describe('New Visit and New Contact: the state belongs to the event and the Contact filter', () => {
		test.each([
			['another contact', 'bob'],
			['every contact', undefined],
		] as const)(
			'changing the Contact filter from one contact to %s starts afresh: earlier visits are not emitted, new ones are',
			async (_name, next) => {
				const clock = useClock();
				const ann = server.seedContact();
				const bob = server.seedContact();
				server.seedVisit({ contactId: ann.id as string, date: clock.at(-60_000) });
				// Earlier visits of Bob, within the look-back window of Ann's newest one.
				server.seedVisit({ contactId: bob.id as string, date: clock.at(-30_000) });
				server.seedVisit({ contactId: bob.id as string, date: clock.at(-20_000) });
				const annOnly = trigger({ event: 'newVisit', contactId: byId(ann.id as string) });
				expect(await annOnly.poll()).toBeNull();

				const filter = next ? { contactId: byId(bob.id as string) } : {};
				const query = next ? `contactId=${bob.id}&` : '';
				const changed = trigger({ event: 'newVisit', ...filter }, annOnly.staticData);
				server.clearLog();
				expect(await changed.poll()).toBeNull();
				expect(server.requestLines()).toEqual([`GET /v1/visits?${query}page=1&perPage=100`]);

				clock.tick();
				const fresh = server.seedVisit({ contactId: bob.id as string, date: clock.at() });
				expect(ids(await changed.poll())).toEqual([fresh.id]);
				expect(await changed.poll()).toBeNull();
			},
		);

		test('switching the event from New Visit to New Contact starts afresh: contacts registered before are not emitted', async () => {
			const clock = useClock();
			const ann = server.seedContact();
			server.seedContact();
			clock.tick(3_600_000);
			server.seedVisit({ contactId: ann.id as string, date: clock.at() });
			const visits = trigger({ event: 'newVisit' });
			expect(await visits.poll()).toBeNull();

			const contacts = trigger({ event: 'newContact' }, visits.staticData);
			server.clearLog();
			expect(await contacts.poll()).toBeNull();
			expect(server.requestLines()).toEqual([
				'GET /v1/contacts?sort=REGISTRATION_DATE&order=DESC&page=1&perPage=100',
			]);
			clock.tick();
			const registered = server.seedContact();
			expect(ids(await contacts.poll())).toEqual([registered.id]);
		});
	});

	describe('the Contact and Loyalty Reward as they reach the API', () => {
		test('New Visit: an ID given with spaces around it is sent trimmed', async () => {
			const clock = useClock();
			const ann = server.seedContact();
			const bob = server.seedContact();
			const poller = trigger({ event: 'newVisit', contactId: byId(`  ${ann.id as string} `) });
			await poller.poll();
			clock.tick();
			const mine = server.seedVisit({ contactId: ann.id as string, date: clock.at() });
			server.seedVisit({ contactId: bob.id as string, date: clock.at() });
			server.clearLog();
			expect(ids(await poller.poll())).toEqual([mine.id]);
			expect(server.requestLines()).toEqual([
				`GET /v1/visits?contactId=${ann.id}&page=1&perPage=100`,
			]);
		});

		test('New Visit: a Contact expression that gives nothing means every contact', async () => {
			const clock = useClock();
			const ann = server.seedContact();
			const bob = server.seedContact();
			const poller = trigger({ event: 'newVisit', contactId: byId('={{ null }}') });
			await poller.poll();
			clock.tick();
			const visits = [server.seedVisit({ contactId: ann.id as string, date: clock.at() })];
			clock.tick();
			visits.push(server.seedVisit({ contactId: bob.id as string, date: clock.at() }));
			server.clearLog();
			expect(ids(await poller.poll())).toEqual(visits.map((v) => v.id));
			expect(server.requestLines()).toEqual(['GET /v1/visits?page=1&perPage=100']);
		});
	});
});

/**
 * The newest-first cursor (New Visit, New Contact) on a list small enough to follow by hand:
 * pages of 3, dates as plain numbers, the list's total on every page as X-Total-Count gives
 * it. Each test states what a poll emits, which pages it read and the state it keeps; the
 * trigger tests show the same cursor through n8n's PollContext against the stand-in server.
 */
describe('the feed on a list written by hand', () => {
	const PAGE = 3;

	/** A list the API sorts newest first (ties: the one added last first), and the pages read. */
	function feed(dates: number[]) {
		const records: Array<{ id: string; date: number }> = [];
		const add = (...more: number[]) =>
			more.forEach((date) => records.push({ id: `r${date}`, date }));
		add(...dates);
		const pages: number[] = [];
		const poll = async (
			state: FeedState | undefined,
			options: { lookBackMs?: number; outOfTime?: boolean } = {},
		) => {
			pages.length = 0;
			const result = await pollNewestFirst({
				state,
				pageSize: PAGE,
				lookBackMs: options.lookBackMs ?? 1000,
				// Out of time: only the two pages every poll reads.
				deadline: options.outOfTime ? 0 : Number.MAX_SAFE_INTEGER,
				idOf: (item: IDataObject) => String(item.id),
				dateOf: (item: IDataObject) => Number(item.date),
				fetchPage: async (page) => {
					pages.push(page);
					const sorted = records
						.map((record, index) => ({ record, index }))
						.sort((a, b) => b.record.date - a.record.date || b.index - a.index);
					return {
						items: sorted
							.slice((page - 1) * PAGE, page * PAGE)
							.map(({ record }) => ({ ...record })),
						total: records.length,
					};
				},
			});
			return {
				emitted: result.items.map((item) => item.id),
				pages: [...pages],
				state: result.state,
				complete: result.complete,
			};
		};
		const remove = (date: number) =>
			records.splice(
				records.findIndex((record) => record.date === date),
				1,
			);
		return { add, remove, poll };
	}

	const seenOf = (...dates: number[]) =>
		Object.fromEntries(dates.map((date) => [`r${date}`, date]));

	test('first poll: emits nothing, remembers what lies within the look-back window (its edge included), reads down to it', async () => {
		const list = feed([10, 20, 30, 40, 50, 60, 70, 80, 90, 100]);
		const first = await list.poll(undefined, { lookBackMs: 20 });
		expect(first).toEqual({
			emitted: [],
			pages: [1, 2],
			complete: true,
			state: { newest: 100, floor: 80, seen: seenOf(100, 90, 80), knownTotal: 10 },
		});
	});

	test('first poll out of time: the guarantee starts at the oldest record it read', async () => {
		const list = feed([10, 20, 30, 40, 50, 60, 70, 80, 90, 100]);
		const first = await list.poll(undefined, { outOfTime: true });
		expect(first).toEqual({
			emitted: [],
			pages: [1, 2],
			complete: false,
			state: { newest: 100, floor: 50, seen: seenOf(100, 90, 80, 70, 60, 50), knownTotal: 10 },
		});
	});

	test('new records: emitted oldest first at the cost of one page; the window moves with the newest', async () => {
		const list = feed([10, 20, 30, 40, 50, 60, 70, 80, 90, 100]);
		const { state } = await list.poll(undefined, { lookBackMs: 20 });
		list.add(110, 120);
		const next = await list.poll(state, { lookBackMs: 20 });
		expect(next).toEqual({
			emitted: ['r110', 'r120'],
			pages: [1],
			complete: true,
			state: { newest: 120, floor: 100, seen: seenOf(120, 110, 100), knownTotal: 12 },
		});
		expect(await list.poll(next.state, { lookBackMs: 20 })).toMatchObject({
			emitted: [],
			pages: [1],
			complete: true,
		});
	});

	test('the newest known record deleted and a back-dated one added (the total unchanged): read on to the floor and found', async () => {
		const list = feed([10, 20, 30, 40, 50, 60, 70, 80, 90, 100]);
		const { state } = await list.poll(undefined, { lookBackMs: 50 });
		list.remove(100);
		list.add(55);
		const next = await list.poll(state, { lookBackMs: 50 });
		expect(next.emitted).toEqual(['r55']);
		expect(next.pages).toEqual([1, 2, 3]);
	});

	describe('a poll that ran out of time, and the polls after it', () => {
		/** One old record, then 7 new ones of which an out-of-time poll reads 6. */
		async function unfinished() {
			const list = feed([10]);
			const { state } = await list.poll(undefined);
			list.add(20, 30, 40, 50, 60, 70, 80);
			const cut = await list.poll(state, { outOfTime: true });
			return { list, cut };
		}

		test('emits what it found and remembers where it stopped; the floor stays', async () => {
			const { cut } = await unfinished();
			expect(cut).toEqual({
				emitted: ['r30', 'r40', 'r50', 'r60', 'r70', 'r80'],
				pages: [1, 2],
				complete: false,
				state: {
					newest: 10,
					floor: -990,
					seen: seenOf(10, 30, 40, 50, 60, 70, 80),
					knownTotal: 7,
					resume: { position: 6, total: 8 },
				},
			});
		});

		test('the next poll reads page 1, then jumps to where the last one stopped', async () => {
			const { list, cut } = await unfinished();
			const next = await list.poll(cut.state);
			expect(next).toEqual({
				emitted: ['r20'],
				pages: [1, 3],
				complete: true,
				state: {
					newest: 20,
					floor: -980,
					seen: seenOf(10, 20, 30, 40, 50, 60, 70, 80),
					knownTotal: 8,
				},
			});
		});

		test('records added since: the pages that hold them are read before the jump (4 new: pages 1 and 2; then page 4, where the last poll stopped)', async () => {
			const { list, cut } = await unfinished();
			list.add(90, 100, 110, 120);
			const next = await list.poll(cut.state);
			expect(next.emitted).toEqual(['r20', 'r90', 'r100', 'r110', 'r120']);
			expect(next.pages).toEqual([1, 2, 4]);
			expect(next.complete).toBe(true);
		});

		test('a back-dated record in the pages the jump skipped: the next poll reads from the top and finds it', async () => {
			const { list, cut } = await unfinished();
			list.add(55);
			const jumped = await list.poll(cut.state);
			expect(jumped).toMatchObject({ emitted: ['r20'], pages: [1, 3, 4], complete: false });
			expect(jumped.state).toMatchObject({ knownTotal: 8, floor: -990 });
			expect(jumped.state.resume).toBeUndefined();
			const after = await list.poll(jumped.state);
			expect(after).toMatchObject({ emitted: ['r55'], pages: [1, 2], complete: true });
		});
	});
});
