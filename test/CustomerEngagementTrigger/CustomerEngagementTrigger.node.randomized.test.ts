/**
 * The Customer Engagement Trigger's events, randomized on the stand-in: each visit and redeem
 * exactly once through inserts, polls, failures and restarts.
 */
import fc from 'fast-check';
import { createPoller } from '../../harness/engine';
import { customerEngagementTrigger, testClock } from '../support/customerEngagementTrigger';
import { useCustomerEngagementServer } from '../support/setup';
import { LONG_TEST_TIMEOUT_MS, randomizedRuns } from '../support/longTests';

describe('New Visit', () => {
	const ce = useCustomerEngagementServer();
	const { server, credentials } = ce;
	const { ids } = customerEngagementTrigger(ce);
	/** A clock the stand-in dates what it records by, moved by the test. */
	const useClock = (start = Date.UTC(2026, 10, 1)) => testClock(start, server);

	beforeEach(() => {
		server.now = () => new Date();
	});

	test.each([
		['a normal poll budget', 300_000],
		['no poll budget (two pages a poll)', 0],
	])(
		'randomized with %s: inserts (ties, back-dated), polls, failures and restarts emit every visit exactly once',
		async (_name, pollBudgetMs) => {
			await fc.assert(
				fc.asyncProperty(
					fc.array(
						fc.oneof(
							fc.record({
								kind: fc.constant('insert' as const),
								count: fc.integer({ min: 1, max: 130 }),
								tie: fc.boolean(),
								backDateMinutes: fc.option(fc.integer({ min: 1, max: 600 }), { nil: undefined }),
							}),
							fc.record({ kind: fc.constant('poll' as const) }),
							fc.record({
								kind: fc.constant('fail' as const),
								page: fc.integer({ min: 1, max: 3 }),
							}),
							fc.record({
								kind: fc.constant('tick' as const),
								ms: fc.integer({ min: 0, max: 5000 }),
							}),
						),
						{ minLength: 5, maxLength: 40 },
					),
					async (steps) => {
						server.reset();
						const clock = useClock();
						const contact = server.seedContact();
						for (let i = 0; i < 30; i++)
							server.seedVisit({ contactId: contact.id as string, date: clock.at(-i * 1000) });
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
									const date = step.backDateMinutes
										? clock.at(-step.backDateMinutes * 60_000)
										: clock.at();
									expected.add(
										server.seedVisit({ contactId: contact.id as string, date }).id as string,
									);
								}
							} else if (step.kind === 'poll') await pollOnce();
							else if (step.kind === 'fail') {
								server.injectFault(
									{ kind: 'status', status: 500, body: { errorCode: 'X', message: 'x' } },
									1,
									(r) => r.query.some(([k, v]) => k === 'page' && v === String(step.page)),
								);
							} else clock.tick(step.ms);
						}
						server.clearFaults();
						for (let i = 0; i < 12; i++) await pollOnce();
						expect(emitted.length).toBe(new Set(emitted).size);
						expect(new Set(emitted)).toEqual(expected);
					},
				),
				randomizedRuns(100, 20261122),
			);
		},
		LONG_TEST_TIMEOUT_MS,
	);
});

describe('New Redeem', () => {
	const ce = useCustomerEngagementServer();
	const { server } = ce;
	const { poller, json } = customerEngagementTrigger(ce);
	/** A clock for redeem dates, moved by the test. */
	const useClock = (start = Date.UTC(2026, 10, 1)) => testClock(start);

	const ORDERS = ['newestFirst', 'oldestFirst', 'shuffled'] as const;

	test(
		'randomized: redeems (some identical), polls, failures, restarts, any list order: each redeem exactly once',
		async () => {
			await fc.assert(
				fc.asyncProperty(
					fc.constantFrom(...ORDERS),
					fc.array(
						fc.oneof(
							fc.record({
								kind: fc.constant('redeem' as const),
								reward: fc.integer({ min: 0, max: 2 }),
								contact: fc.integer({ min: 0, max: 2 }),
								copies: fc.integer({ min: 1, max: 3 }),
								advance: fc.integer({ min: 0, max: 90_000 }),
							}),
							fc.record({
								kind: fc.constant('bulk' as const),
								count: fc.integer({ min: 50, max: 160 }),
							}),
							fc.record({ kind: fc.constant('poll' as const) }),
							fc.record({
								kind: fc.constant('fail' as const),
								page: fc.integer({ min: 1, max: 3 }),
							}),
						),
						{ minLength: 3, maxLength: 25 },
					),
					async (order, steps) => {
						server.reset();
						server.redeemOrder = order;
						const clock = useClock();
						const trigger = poller('newRedeem');
						await trigger.poll();
						const expected: string[] = [];
						const seen: string[] = [];
						const label = (r: Record<string, unknown>) =>
							JSON.stringify([r.loyaltyRewardId, r.contactId, r.date]);
						const pollOnce = async () => {
							try {
								for (const r of json(await trigger.poll())) seen.push(label(r));
							} catch {
								// nothing emitted; the next poll catches up
							}
						};
						for (const step of steps) {
							if (step.kind === 'redeem') {
								clock.tick(step.advance);
								for (let i = 0; i < step.copies; i++)
									expected.push(
										label(
											server.seedRedeem({
												loyaltyRewardId: `rw_${step.reward}`,
												contactId: `ct_${step.contact}`,
												date: clock.at(),
											}),
										),
									);
							} else if (step.kind === 'bulk') {
								for (let i = 0; i < step.count; i++) {
									clock.tick(10);
									expected.push(
										label(
											server.seedRedeem({
												loyaltyRewardId: 'rw_bulk',
												contactId: `ct_${i % 5}`,
												date: clock.at(),
											}),
										),
									);
								}
							} else if (step.kind === 'poll') await pollOnce();
							else
								server.injectFault({ kind: 'status', status: 500 }, 1, (r) =>
									r.query.some(([k, v]) => k === 'page' && v === String(step.page)),
								);
						}
						server.clearFaults();
						await pollOnce();
						expect([...seen].sort()).toEqual([...expected].sort());
					},
				),
				randomizedRuns(50, 20261124),
			);
		},
		LONG_TEST_TIMEOUT_MS,
	);
});
