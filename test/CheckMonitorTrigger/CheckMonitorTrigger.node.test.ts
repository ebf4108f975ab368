/**
 * The Check Monitor Trigger node (nodes/CheckMonitorTrigger/CheckMonitorTrigger.node.ts): its
 * options read from expressions before any request, a blank check refused, n8n before 2.38, and
 * what its panel offers.
 */
import { NodeHelpers, type INodeProperties, type INodePropertyOptions } from 'n8n-workflow';
import { CheckMonitorTrigger } from '../../nodes/CheckMonitorTrigger/CheckMonitorTrigger.node';
import { allChecksFlipTrigger } from '../support/allChecksFlipTrigger';
import { allChecksPingTrigger } from '../support/allChecksPingTrigger';
import { byId, createPoller } from '../../harness/engine';
import { FAST, flipTrigger } from '../support/flipTrigger';
import { useCheckMonitorServer } from '../support/setup';
import { useVirtualClock } from '../support/virtualClock';

describe('New Flip and New Ping: n8n before 2.38, a blank check', () => {
	const cm = useCheckMonitorServer();
	const { server, credentials } = cm;
	const { poller, flips } = flipTrigger(cm);

	test('n8n before 2.38 (no poll budget function): both scopes activate, emit and fetch a test event', async () => {
		for (const scope of ['one', 'all']) {
			server.reset();
			const check = server.seedCheck({ name: 'backup' });
			server.receivePing(check.uuid);
			const trigger = createPoller({
				type: 'checkMonitorTrigger',
				parameters: {
					event: 'newFlip',
					options: FAST,
					scope,
					checkId: { __rl: true, mode: 'id', value: check.uuid },
				} as never,
				credentials: credentials(),
				pollBudgetMs: 'unavailable',
			});
			expect(await trigger.poll()).toBeNull();
			expect(flips(await trigger.poll('manual'))).toEqual([['backup', 1, 'up']]);
			server.receivePing(check.uuid, 'fail');
			expect([scope, flips(await trigger.poll())]).toEqual([scope, [['backup', 0, 'down']]]);
		}
	});

	test.each([
		['New Flip of one check', { event: 'newFlip', scope: 'one' }],
		['New Ping', { event: 'newPing' }],
	])(
		'%s: a check an expression gives as blank is refused before any request',
		async (_name, parameters) => {
			const trigger = poller({
				...parameters,
				checkId: { __rl: true, mode: 'id', value: '={{ " " }}' },
			});
			const failure = trigger.poll();
			await expect(failure).rejects.toThrow('Check: is empty');
			// The same words as the actions' (transport's readIdParameter).
			await expect(failure).rejects.toMatchObject({
				description: 'Pick one from the list or enter its ID.',
			});
			expect(server.requests).toHaveLength(0);
		},
	);
});

describe('New Flip options', () => {
	const cm = useCheckMonitorServer();
	const { server } = cm;
	const { poller, seed } = flipTrigger(cm);

	describe('options from expressions: checked before any request', () => {
		test.each([
			[
				{ lookBackMinutes: '={{ Infinity }}' },
				'Late Flip Window (Minutes): must be a number of at least 0, got Infinity',
			],
			[
				{ lookBackMinutes: '={{ -5 }}' },
				'Late Flip Window (Minutes): must be a number of at least 0, got -5',
			],
			[
				{ requestsPerMinute: '={{ 0 }}' },
				'Max Requests per Minute: must be a number of at least 1, got 0',
			],
			[
				{ requestsPerMinute: '={{ "fast" }}' },
				'Max Requests per Minute: must be a number of at least 1, got "fast"',
			],
		])('%o: "%s"', async (options, message) => {
			await expect(poller({ scope: 'all', options }).poll()).rejects.toMatchObject({ message });
			expect(server.requestLines()).toEqual([]);
		});

		test('One Check hides Max Requests per Minute and Full Sweep Every: a value saved there is not read', async () => {
			const check = seed(1);
			const options = { requestsPerMinute: '={{ 0 }}', fullSweepMinutes: '={{ -1 }}' };
			expect(await poller({ scope: 'one', checkId: byId(check.uuid), options }).poll()).toBeNull();
			expect(server.requestLines()).toHaveLength(1);
		});

		test.each([
			['={{ "30" }}', 30],
			['={{ undefined }}', 60],
			['={{ null }}', 60],
			['={{ "" }}', 60],
		])(
			"Late Flip Window %s: One Check's activation reads flips from %i minutes back",
			async (lookBackMinutes, minutes) => {
				const check = seed(1);
				expect(
					await poller({
						scope: 'one',
						checkId: byId(check.uuid),
						options: { lookBackMinutes },
					}).poll(),
				).toBeNull();
				const start = Number(server.requests[0].query.find(([name]) => name === 'start')?.[1]);
				const expected = Math.floor(Date.now() / 1000) - minutes * 60;
				expect(start).toBeGreaterThanOrEqual(expected - 2);
				expect(start).toBeLessThanOrEqual(expected);
			},
		);
	});
});

describe('Full Sweep Every', () => {
	const cm = useCheckMonitorServer();
	const { server } = cm;
	const clock = useVirtualClock(server);
	const { poller, seed, minuteLater } = allChecksFlipTrigger(cm, clock);

	describe('options from expressions: checked before any request', () => {
		test.each([
			[
				{ fullSweepMinutes: '={{ -1 }}' },
				'Full Sweep Every (Minutes): must be a number of at least 0, got -1',
			],
			[
				{ fullSweepMinutes: '={{ "hourly" }}' },
				'Full Sweep Every (Minutes): must be a number of at least 0, got "hourly"',
			],
		])('%o: "%s"', async (options, message) => {
			await expect(poller(options).poll()).rejects.toMatchObject({ message });
			expect(server.requestLines()).toEqual([]);
		});

		test('Full Sweep Every from an expression that gives nothing: the default, 60 minutes', async () => {
			seed(1);
			const trigger = poller({ fullSweepMinutes: '={{ undefined }}' });
			await trigger.poll();
			const sweeps: number[] = [];
			for (let minute = 1; minute <= 61; minute++) {
				await minuteLater(trigger);
				if (server.requests.length > 1) sweeps.push(minute);
			}
			expect(sweeps).toEqual([60]);
		});
	});
});

describe('New Ping for All Checks options', () => {
	const cm = useCheckMonitorServer();
	const { server } = cm;
	const clock = useVirtualClock(server);
	const { poller } = allChecksPingTrigger(cm, clock);

	test('Max Requests per Minute from an expression is checked before any request', async () => {
		await expect(
			poller('', { options: { requestsPerMinute: '={{ 0 }}' } }).poll(),
		).rejects.toMatchObject({
			message: 'Max Requests per Minute: must be a number of at least 1, got 0',
		});
		expect(server.requestLines()).toEqual([]);
	});
});

/** What the panel shows: n8n-workflow's display rules, as the editor applies them (options of a collection see the node's parameters at its root). */
describe('the panel', () => {
	const description = new CheckMonitorTrigger().description;
	const optionsOf = (event: string) =>
		description.properties.find(
			(p) => p.name === 'options' && NodeHelpers.displayParameter({ event }, p, null, description),
		)?.options as INodeProperties[];
	const shownOptions = (event: string, scope: string) =>
		optionsOf(event)
			.filter((option) =>
				NodeHelpers.displayParameter({}, option, null, description, { event, scope }),
			)
			.map((option) => option.displayName);

	test.each([
		['newFlip', 'one', ['Late Flip Window (Minutes)']],
		[
			'newFlip',
			'all',
			['Full Sweep Every (Minutes)', 'Late Flip Window (Minutes)', 'Max Requests per Minute'],
		],
		['newPing', 'one', ['Include Body', 'Ping Types']],
		['newPing', 'all', ['Include Body', 'Max Requests per Minute', 'Ping Types']],
	])('%s with Checks %s offers only the options that act: %j', (event, scope, shown) => {
		expect(shownOptions(event, scope)).toEqual(shown);
	});

	test('Event and each Checks say what they are for, and each of their choices what the user gets', () => {
		const choosers = description.properties.filter((p) => ['event', 'scope'].includes(p.name));
		expect(choosers).toHaveLength(4);
		for (const chooser of choosers) {
			expect([chooser.displayName, chooser.description ?? '']).not.toEqual([
				chooser.displayName,
				'',
			]);
			for (const option of chooser.options as INodePropertyOptions[])
				// The user's words first: not the requests it costs.
				expect([option.name, option.description]).toEqual([
					option.name,
					expect.not.stringMatching(/^(The check list|One (read|request|flips|pings))/),
				]);
		}
	});
});
