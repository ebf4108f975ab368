/**
 * The newest-first cursor (New Visit, New Contact) on a list small enough to follow by hand:
 * pages of 3, dates as plain numbers, the list's total on every page as X-Total-Count gives
 * it. Each test states what a poll emits, which pages it read and the state it keeps; the
 * trigger tests show the same cursor through n8n's PollContext against the stand-in server.
 */
import type { IDataObject } from 'n8n-workflow';
import { type FeedState, pollNewestFirst } from '../../nodes/CustomerEngagementTrigger/newestFirstFeed';

const PAGE = 3;

/** A list the API sorts newest first (ties: the one added last first), and the pages read. */
function feed(dates: number[]) {
	const records: Array<{ id: string; date: number }> = [];
	const add = (...more: number[]) => more.forEach((date) => records.push({ id: `r${date}`, date }));
	add(...dates);
	const pages: number[] = [];
	const poll = async (state: FeedState | undefined, options: { lookBackMs?: number; outOfTime?: boolean } = {}) => {
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
				const sorted = records.map((record, index) => ({ record, index })).sort((a, b) => b.record.date - a.record.date || b.index - a.index);
				return { items: sorted.slice((page - 1) * PAGE, page * PAGE).map(({ record }) => ({ ...record })), total: records.length };
			},
		});
		return { emitted: result.items.map((item) => item.id), pages: [...pages], state: result.state, complete: result.complete };
	};
	const remove = (date: number) => records.splice(records.findIndex((record) => record.date === date), 1);
	return { add, remove, poll };
}

const seenOf = (...dates: number[]) => Object.fromEntries(dates.map((date) => [`r${date}`, date]));

test('first poll: emits nothing, remembers what lies within the look-back window (its edge included), reads down to it', async () => {
	const list = feed([10, 20, 30, 40, 50, 60, 70, 80, 90, 100]);
	const first = await list.poll(undefined, { lookBackMs: 20 });
	expect(first).toEqual({ emitted: [], pages: [1, 2], complete: true, state: { newest: 100, floor: 80, seen: seenOf(100, 90, 80), knownTotal: 10 } });
});

test('first poll out of time: the guarantee starts at the oldest record it read', async () => {
	const list = feed([10, 20, 30, 40, 50, 60, 70, 80, 90, 100]);
	const first = await list.poll(undefined, { outOfTime: true });
	expect(first).toEqual({ emitted: [], pages: [1, 2], complete: false, state: { newest: 100, floor: 50, seen: seenOf(100, 90, 80, 70, 60, 50), knownTotal: 10 } });
});

test('new records: emitted oldest first at the cost of one page; the window moves with the newest', async () => {
	const list = feed([10, 20, 30, 40, 50, 60, 70, 80, 90, 100]);
	const { state } = await list.poll(undefined, { lookBackMs: 20 });
	list.add(110, 120);
	const next = await list.poll(state, { lookBackMs: 20 });
	expect(next).toEqual({ emitted: ['r110', 'r120'], pages: [1], complete: true, state: { newest: 120, floor: 100, seen: seenOf(120, 110, 100), knownTotal: 12 } });
	expect(await list.poll(next.state, { lookBackMs: 20 })).toMatchObject({ emitted: [], pages: [1], complete: true });
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
			state: { newest: 10, floor: -990, seen: seenOf(10, 30, 40, 50, 60, 70, 80), knownTotal: 7, resume: { position: 6, total: 8 } },
		});
	});

	test('the next poll reads page 1, then jumps to where the last one stopped', async () => {
		const { list, cut } = await unfinished();
		const next = await list.poll(cut.state);
		expect(next).toEqual({ emitted: ['r20'], pages: [1, 3], complete: true, state: { newest: 20, floor: -980, seen: seenOf(10, 20, 30, 40, 50, 60, 70, 80), knownTotal: 8 } });
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
