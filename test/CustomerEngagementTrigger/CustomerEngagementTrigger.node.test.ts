/**
 * The Customer Engagement Trigger node (nodes/CustomerEngagementTrigger/CustomerEngagementTrigger.node.ts):
 * an unknown event, X-Total-Count missing or malformed, window options from expressions.
 */
import { createPoller } from '../../harness/engine';
import { customerEngagementTrigger, testClock } from '../support/customerEngagementTrigger';
import { totalCountGateway, useCustomerEngagementServer } from '../support/setup';

describe('Customer Engagement Trigger', () => {
	const ce = useCustomerEngagementServer();
	const { server } = ce;
	const { trigger, json, ids } = customerEngagementTrigger(ce);
	/** A clock the server uses for its own dates (visits, registrations), moved by the test. */
	const useClock = (start = Date.UTC(2026, 10, 1, 12)) => testClock(start, server);

	beforeEach(() => {
		server.now = () => new Date();
	});

	test('an unknown event (a workflow saved with an event this version lacks) fails with its name, before any request', async () => {
		for (const mode of ['trigger', 'manual'] as const) {
			const poller = trigger({ event: 'newCheckIn' });
			await expect(poller.poll(mode)).rejects.toMatchObject({
				message: 'Unknown event "newCheckIn"',
			});
		}
		expect(server.requests).toEqual([]);
	});

	describe('X-Total-Count missing, empty or not a number: no total', () => {
		test.each([
			['missing', undefined],
			['empty', ''],
			['not a number', 'unknown'],
		])(
			'X-Total-Count %s: New Redeem, which cannot tell new redeems without it, says so (polls and Fetch Test Event) and keeps its state',
			async (_name, header) => {
				const gateway = await totalCountGateway(server, undefined);
				try {
					const poller = createPoller({
						type: 'customerEngagementTrigger',
						parameters: { event: 'newRedeem' } as never,
						credentials: gateway.credentials,
					});
					server.seedRedeem({
						loyaltyRewardId: 'rw_1',
						contactId: 'ct_1',
						date: '2026-11-01T10:00:00.000Z',
					});
					expect(await poller.poll()).toBeNull();
					// The node's own state (the start activation kept beside it is dropped once the node has state).
					const kept = poller.staticData['node:Trigger'];
					expect(kept).not.toEqual({});
					// From now on the total is gone (a proxy in between, say).
					server.reportTotals = header !== undefined;
					gateway.rewrite(header);
					server.seedRedeem({
						loyaltyRewardId: 'rw_1',
						contactId: 'ct_2',
						date: '2026-11-01T10:00:01.000Z',
					});
					for (const mode of ['trigger', 'manual'] as const) {
						server.clearLog();
						await expect(poller.poll(mode)).rejects.toMatchObject({
							message: 'The list of redeems did not say how many redeems it holds',
							description:
								'New Redeem needs the X-Total-Count header the API sends with the list to tell new redeems from known ones (redeems have no ID). Check that nothing between n8n and the API, such as a proxy, removes it.',
						});
						expect(server.requestLines()).toEqual([
							'GET /v1/loyalty-rewards/redeems?page=1&perPage=100',
						]);
						expect(poller.staticData['node:Trigger']).toEqual(kept);
					}
					// The total back: the redeem made meanwhile is emitted, once.
					server.reportTotals = true;
					gateway.rewrite(undefined);
					expect(json(await poller.poll()).map((r) => r.contactId)).toEqual(['ct_2']);
				} finally {
					await gateway.close();
				}
			},
		);

		test.each([
			['empty', ''],
			['not a number', 'unknown'],
			['a number', undefined],
		])(
			'X-Total-Count %s: New Visit still finds a back-dated visit (a full page says there may be more)',
			async (_name, header) => {
				const clock = useClock();
				const contact = server.seedContact();
				for (let i = 0; i < 150; i++)
					server.seedVisit({ contactId: String(contact.id), date: clock.at(-i * 60_000) });
				const gateway = await totalCountGateway(server, header);
				try {
					const poller = createPoller({
						type: 'customerEngagementTrigger',
						parameters: { event: 'newVisit' } as never,
						credentials: gateway.credentials,
					});
					expect(await poller.poll()).toBeNull();
					// Dated among the old ones (page 2 of newest first), within the 24-hour window.
					const backDated = server.seedVisit({
						contactId: String(contact.id),
						date: clock.at(-120.5 * 60_000),
					});
					expect(ids(await poller.poll())).toEqual([String(backDated.id)]);
				} finally {
					await gateway.close();
				}
			},
		);
	});

	describe('window options from expressions: checked before any request', () => {
		test.each([
			[
				{ event: 'newRedeem', redeemWindowMinutes: '={{ "soon" }}' },
				'Late Redeem Window (Minutes): must be a number from 1 to 1440, got "soon"',
			],
			[
				{ event: 'newRedeem', redeemWindowMinutes: '={{ 0 }}' },
				'Late Redeem Window (Minutes): must be a number from 1 to 1440, got 0',
			],
			[
				{ event: 'newRedeem', redeemWindowMinutes: '={{ 1441 }}' },
				'Late Redeem Window (Minutes): must be a number from 1 to 1440, got 1441',
			],
			[
				{ event: 'newVisit', lookBackHours: '={{ "a day" }}' },
				'Back-Dated Visits Window (Hours): must be a number from 0 to 720, got "a day"',
			],
			[
				{ event: 'newVisit', lookBackHours: '={{ -1 }}' },
				'Back-Dated Visits Window (Hours): must be a number from 0 to 720, got -1',
			],
		])('%o: "%s"', async (parameters, message) => {
			await expect(trigger(parameters).poll()).rejects.toMatchObject({ message });
			expect(server.requestLines()).toEqual([]);
		});

		test.each([
			['={{ "1" }}', 1],
			['={{ undefined }}', 60],
		])(
			'Late Redeem Window %s: a redeem dated %i minutes before the newest is still caught, one dated more is not',
			async (redeemWindowMinutes, minutes) => {
				const t = Date.UTC(2026, 10, 1, 12);
				server.seedRedeem({
					loyaltyRewardId: 'rw_1',
					contactId: 'ct_newest',
					date: new Date(t).toISOString(),
				});
				const poller = trigger({ event: 'newRedeem', redeemWindowMinutes });
				expect(await poller.poll()).toBeNull();
				const inside = server.seedRedeem({
					loyaltyRewardId: 'rw_1',
					contactId: 'ct_inside',
					date: new Date(t - minutes * 60_000).toISOString(),
				});
				server.seedRedeem({
					loyaltyRewardId: 'rw_1',
					contactId: 'ct_outside',
					date: new Date(t - minutes * 60_000 - 1000).toISOString(),
				});
				expect(json(await poller.poll())).toEqual([inside]);
			},
		);
	});
});
