/**
 * The Check Monitor Webhook Trigger through n8n's webhook path (test/support/webhookTrigger.ts),
 * fed by the stand-in server's own Webhook integration set up as the trigger's panel says:
 * the items, the answers the server logs, and what starts an execution.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import axios from 'axios';
import { Workflow, type INodeExecutionData } from 'n8n-workflow';
import { CheckMonitorWebhookTrigger } from '../../nodes/CheckMonitorWebhookTrigger/CheckMonitorWebhookTrigger.node';
import { REQUEST_BODY } from '../../nodes/CheckMonitorWebhookTrigger/delivery';
import { byId, createPoller, nodeTypes, PACKAGE } from '../../harness/engine';
import { everything, useCheckMonitorServer } from '../support/setup';
import {
	StaticDataStore,
	startWebhookProcess,
	type WebhookProcess,
} from '../support/webhookTrigger';
import type { WebhookRequestSpec } from '../../harness/servers/webhookIntegration';
import { useVirtualClock } from '../support/virtualClock';

const { server, credentials } = useCheckMonitorServer();
const SECRET = 'Zq8-r7Tn2wP5xL9kV3mB';
const credential = (secret = SECRET, headerName = 'X-Check-Monitor-Secret') => ({
	checkMonitorWebhook: { headerName, secret },
});

const started: WebhookProcess[] = [];
async function trigger(
	parameters: Record<string, unknown> = {},
	more: { store?: StaticDataStore; secret?: string; headerName?: string } = {},
) {
	const process = await startWebhookProcess({
		parameters: { events: ['down', 'up'], options: {}, ...parameters } as never,
		credentials: credential(more.secret, more.headerName),
		store: more.store,
	});
	started.push(process);
	return process;
}
afterEach(async () => {
	await server.webhooks.idle();
	for (const process of started.splice(0)) await process.stop();
});

/** The integration as the trigger's panel says: POST, the production URL, the body, two headers. */
const asThePanelSays = (
	url: string,
	headers: Record<string, string> = {
		'Content-Type': 'application/json',
		'X-Check-Monitor-Secret': SECRET,
	},
): WebhookRequestSpec => ({ method: 'POST', url, body: REQUEST_BODY, headers });

function integrate(url: string | string[], headers?: Record<string, string>) {
	server.webhooks.allowPrivateIps = true;
	const urls = Array.isArray(url) ? url : [url];
	return urls.map((u) =>
		server.addWebhookIntegration({
			down: asThePanelSays(u, headers),
			up: asThePanelSays(u, headers),
		}),
	);
}

/** A check that has pinged once (is up), so that a fail ping is a change to down. */
function upCheck(fields: Record<string, unknown> = {}) {
	const check = server.seedCheck({
		name: 'Nightly backup',
		slug: 'nightly-backup',
		tags: 'prod backup',
		...fields,
	});
	server.receivePing(check.uuid, '');
	return check;
}

const post = (
	url: string,
	body: string,
	headers: Record<string, string> = {
		'Content-Type': 'application/json',
		'X-Check-Monitor-Secret': SECRET,
	},
) =>
	axios.post(url, body, {
		headers,
		validateStatus: () => true,
		transformRequest: (data: string) => data,
	});

/** The body the server sends for a change, with these fields changed (undefined: left out). */
function deliveryBody(fields: Record<string, unknown> = {}) {
	const body: Record<string, unknown> = {
		event: 'down',
		at: '2026-11-28T10:00:00+00:00',
		check: {
			uuid: '8a3c5b7e-1f2d-4c6a-9b0e-3d5f7a9c1e2b',
			name: 'job',
			slug: 'job',
			tags: 'prod',
			status: 'down',
			n_pings: 3,
		},
		exitStatus: -1,
		lastPingBody: '',
		...fields,
	};
	return JSON.stringify(body);
}

describe('a change delivered by the server', () => {
	test("a check going down then up: one item each, shaped as New Flip's item, with the exit status and the last ping's body", async () => {
		const t = await trigger();
		const check = upCheck();
		integrate(t.url);
		server.receivePing(check.uuid, '3', 'backup failed: disk full');
		await server.webhooks.idle();
		server.receivePing(check.uuid, '', 'ok');
		await server.webhooks.idle();
		const [down, up] = check.flips
			.slice(-2)
			.map((f) => `${f.created.toISOString().slice(0, 19)}+00:00`);
		const summary = {
			id: check.uuid,
			uuid: check.uuid,
			name: 'Nightly backup',
			slug: 'nightly-backup',
			tags: 'prod backup',
		};
		expect(t.executions.map((items) => items.map((i) => i.json))).toEqual([
			[
				{
					check: { ...summary, status: 'down' },
					timestamp: down,
					up: 0,
					to: 'down',
					exitStatus: 3,
					lastPingBody: 'backup failed: disk full',
					test: false,
				},
			],
			[
				{
					check: { ...summary, status: 'up' },
					timestamp: up,
					up: 1,
					to: 'up',
					exitStatus: -1,
					lastPingBody: 'ok',
					test: false,
				},
			],
		]);
		// Each delivered at the first attempt, as the server sends it: no Content-Type of its own, its User-Agent.
		expect(server.webhooks.log.map((a) => [a.event, a.attempt, a.status, a.delivered])).toEqual([
			['down', 1, 200, true],
			['up', 1, 200, true],
		]);
		expect(server.webhooks.log[0].headers['User-Agent']).toBeUndefined();
		expect(JSON.parse(server.webhooks.log[0].body).check.ping_url).toContain(check.uuid);
	});

	test("its item is New Flip's item for the same change (so one trigger replaces the other), plus exitStatus, lastPingBody and test", async () => {
		const t = await trigger();
		const check = upCheck();
		integrate(t.url);
		const poller = createPoller({
			type: 'checkMonitorTrigger',
			parameters: {
				event: 'newFlip',
				scope: 'one',
				checkId: byId(check.uuid),
				direction: 'any',
				options: {},
			} as never,
			credentials: credentials(),
		});
		await poller.poll();
		server.receivePing(check.uuid, 'fail');
		await server.webhooks.idle();
		const polled = (await poller.poll())![0].map((i) => i.json);
		const pushed = t.executions[0].map((i) => i.json);
		expect(pushed.map(({ exitStatus: _e, lastPingBody: _b, test: _t, ...rest }) => rest)).toEqual(
			polled,
		);
	});

	describe('the key examples/check-change-once.json joins the push and the poll on (check, time, up)', () => {
		const example = JSON.parse(
			readFileSync(path.join(__dirname, '..', '..', 'examples', 'check-change-once.json'), 'utf8'),
		) as { nodes: Array<{ type: string; parameters: { dedupeValue?: string } }> };
		const dedupeValue = example.nodes.find(
			(node) => node.type === 'n8n-nodes-base.removeDuplicates',
		)!.parameters.dedupeValue!;
		/** The key as n8n's Remove Duplicates reads it: the expression evaluated on each item. */
		const keysOf = (items: INodeExecutionData[]) => {
			// Any node stands in for Remove Duplicates (not in this harness): only the expression is evaluated.
			const node = {
				id: 'dedupe',
				name: 'Once per change',
				type: `${PACKAGE}.checkMonitor`,
				typeVersion: 1,
				position: [0, 0] as [number, number],
				parameters: {},
			};
			const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
			return items.map((item) =>
				String(
					workflow.expression.getParameterValue(
						dedupeValue,
						null,
						0,
						0,
						'Once per change',
						[item],
						'internal',
						{},
					),
				),
			);
		};

		test.each([
			['All Checks', () => ({ event: 'newFlip', scope: 'all', direction: 'any', options: {} })],
			[
				'One Check',
				(uuid: string) => ({
					event: 'newFlip',
					scope: 'one',
					checkId: byId(uuid),
					direction: 'any',
					options: {},
				}),
			],
		])(
			'New Flip for %s: the same key as the push for a down, an up, and a down the poll names "not up" (an up came before the poll)',
			async (_name, parameters) => {
				const t = await trigger();
				const check = upCheck();
				integrate(t.url);
				const poller = createPoller({
					type: 'checkMonitorTrigger',
					parameters: parameters(check.uuid) as never,
					credentials: credentials(),
				});
				await poller.poll();
				// Flips have whole seconds: one second apart, as the server would date them.
				const pause = () => new Promise((resolve) => setTimeout(resolve, 1100));
				await pause();
				server.receivePing(check.uuid, 'fail');
				await server.webhooks.idle();
				const first = (await poller.poll())![0];
				for (const action of ['', 'fail', '']) {
					await pause();
					server.receivePing(check.uuid, action);
					await server.webhooks.idle();
				}
				const second = (await poller.poll())![0];
				expect([first, second].map((items) => items.map((item) => item.json.to))).toEqual([
					['down'],
					['up', 'not up', 'up'],
				]);
				const pushed = keysOf(t.executions.map((items) => items[0]));
				expect(pushed).toHaveLength(4);
				expect(keysOf([...first, ...second])).toEqual(pushed);
				expect(pushed[0]).toMatch(
					new RegExp(`^${check.uuid} \\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\+00:00 0$`),
				);
			},
		);
	});

	test('the server\'s "Send test notification" starts the workflow with an item marked test: true, whatever the filters', async () => {
		const t = await trigger({
			events: ['up'],
			options: { checks: '8a3c5b7e-1f2d-4c6a-9b0e-3d5f7a9c1e2b', tags: 'prod' },
		});
		const [integration] = integrate(t.url);
		server.sendTestNotification(integration.id);
		await server.webhooks.idle();
		expect(t.executions).toHaveLength(1);
		expect(t.executions[0][0].json).toMatchObject({
			check: { name: 'TEST', slug: '', tags: '' },
			to: 'down',
			up: 0,
			test: true,
		});
		expect(server.webhooks.log.map((a) => [a.test, a.attempt, a.status])).toEqual([[true, 1, 200]]);
	});

	test('with Ignore Test Notifications, the test notification is answered 200 and starts nothing', async () => {
		const t = await trigger({ options: { ignoreTests: true } });
		const [integration] = integrate(t.url);
		server.sendTestNotification(integration.id);
		await server.webhooks.idle();
		expect(t.executions).toHaveLength(0);
		expect(server.webhooks.log.map((a) => [a.status, JSON.parse(a.responseBody!).message])).toEqual(
			[[200, 'Test notification received; this trigger ignores them, so nothing was started']],
		);
	});

	test('a job that exited 0 (a ping to /0, the usual success) brings the check up with exitStatus 0 in the item, not null', async () => {
		const t = await trigger();
		const check = upCheck();
		integrate(t.url);
		server.receivePing(check.uuid, 'fail');
		await server.webhooks.idle();
		server.receivePing(check.uuid, '0');
		await server.webhooks.idle();
		expect(JSON.parse(server.webhooks.log[1].body).exitStatus).toBe(0);
		expect(t.executions.map((items) => [items[0].json.to, items[0].json.exitStatus])).toEqual([
			['down', -1],
			['up', 0],
		]);
	});

	test('a body sent without Content-Type (the server adds none unless the integration does) is read all the same', async () => {
		const t = await trigger();
		const check = upCheck();
		integrate(t.url, { 'X-Check-Monitor-Secret': SECRET });
		server.receivePing(check.uuid, 'fail');
		await server.webhooks.idle();
		expect(server.webhooks.log[0].headers['Content-Type']).toBeUndefined();
		expect(t.executions.map((items) => items[0].json.to)).toEqual(['down']);
	});
});

describe('each change once', () => {
	test('a retry after the first attempt timed out (the execution had started) is answered 200 and starts nothing', async () => {
		const t = await trigger();
		server.webhooks.timeoutMs = 300;
		t.answerNextStartLate(1000);
		const check = upCheck();
		integrate(t.url);
		server.receivePing(check.uuid, 'fail');
		await server.webhooks.idle();
		expect(t.executions).toHaveLength(1);
		expect(
			server.webhooks.log.map((a) => [
				a.attempt,
				a.status ?? a.error,
				a.responseBody && JSON.parse(a.responseBody).message,
			]),
		).toEqual([
			[1, 'Connection timed out', undefined],
			[2, 200, 'Received before; this change already started the workflow'],
		]);
	});

	describe("for ten minutes from its arrival, on n8n's clock", () => {
		const clock = useVirtualClock(server);
		test('the same change again 31 s and 9 minutes after it started the workflow starts nothing; 11 minutes after, it is judged afresh', async () => {
			const t = await trigger();
			const body = deliveryBody();
			const sendAt = async (secondsAfterFirst: number) => {
				clock.reset();
				clock.advance(secondsAfterFirst);
				return (await post(t.url, body)).data.message;
			};
			expect([
				await sendAt(0),
				await sendAt(31),
				await sendAt(9 * 60),
				await sendAt(11 * 60),
			]).toEqual([
				'Workflow was started',
				'Received before; this change already started the workflow',
				'Received before; this change already started the workflow',
				'Workflow was started',
			]);
			expect(t.executions).toHaveLength(2);
		});
	});

	test("in queue mode: the retry reaches another webhook process, which sees the first one's record and starts nothing", async () => {
		const database = new StaticDataStore();
		const first = await trigger({}, { store: database });
		const second = await trigger({}, { store: database });
		const body = deliveryBody();
		expect((await post(first.url, body)).data).toEqual({ message: 'Workflow was started' });
		const again = await post(second.url, body);
		expect([again.status, again.data]).toEqual([
			200,
			{ message: 'Received before; this change already started the workflow' },
		]);
		expect([first.executions.length, second.executions.length, database.saves]).toEqual([1, 0, 1]);
	});

	test("the same check's other event, or another time, is another change; the key is check, event and time", async () => {
		const t = await trigger();
		const statuses = [];
		for (const fields of [
			{},
			{ event: 'up' },
			{ at: '2026-11-28T10:00:01+00:00' },
			{ check: { uuid: '00000000-0000-4000-8000-000000000001', tags: 'prod' } },
			{},
		]) {
			statuses.push((await post(t.url, deliveryBody(fields))).data.message);
		}
		expect(statuses).toEqual([
			...Array(4).fill('Workflow was started'),
			'Received before; this change already started the workflow',
		]);
		expect(t.executions).toHaveLength(4);
	});

	test('a change answered as left out, refused or bad is not remembered: it starts the workflow once sent right', async () => {
		const t = await trigger({ events: ['up'] });
		expect((await post(t.url, deliveryBody())).data.message).toMatch(/^Received; nothing started/);
		expect((await post(t.url, deliveryBody(), { 'Content-Type': 'application/json' })).status).toBe(
			403,
		);
		expect(t.store.saves).toBe(0);
		const retried = await startWebhookProcess({
			parameters: { events: ['down', 'up'], options: {} } as never,
			credentials: credential(),
			store: t.store,
		});
		started.push(retried);
		expect((await post(retried.url, deliveryBody())).data.message).toBe('Workflow was started');
	});
});

describe('only the server gets in', () => {
	test.each([
		['without the header', { 'Content-Type': 'application/json' }],
		[
			'with a wrong secret',
			{ 'Content-Type': 'application/json', 'X-Check-Monitor-Secret': 'Zq8-r7Tn2wP5xL9kV3mX' },
		],
		[
			'with the secret and more',
			{ 'Content-Type': 'application/json', 'X-Check-Monitor-Secret': `${SECRET}x` },
		],
		[
			'with the start of the secret',
			{ 'Content-Type': 'application/json', 'X-Check-Monitor-Secret': SECRET.slice(0, -1) },
		],
		['with an empty value', { 'Content-Type': 'application/json', 'X-Check-Monitor-Secret': '' }],
		[
			'with the secret in another header',
			{ 'Content-Type': 'application/json', 'X-Secret': SECRET },
		],
	])('a request %s is answered 403, starts nothing and changes nothing', async (_name, headers) => {
		const t = await trigger();
		const answer = await post(t.url, deliveryBody(), headers);
		expect([answer.status, answer.data]).toEqual([
			403,
			{
				message:
					"Forbidden: the request has no X-Check-Monitor-Secret header, or not this trigger's secret in it",
			},
		]);
		expect([t.executions.length, t.store.saves]).toEqual([0, 0]);
	});

	test("the server's deliveries with a wrong secret: 403 on each of its 3 attempts, nothing started; the secret shows nowhere", async () => {
		const t = await trigger();
		const check = upCheck();
		integrate(t.url, {
			'Content-Type': 'application/json',
			'X-Check-Monitor-Secret': 'not-the-secret-at-all',
		});
		server.receivePing(check.uuid, 'fail');
		await server.webhooks.idle();
		expect(server.webhooks.log.map((a) => [a.attempt, a.status, a.delivered])).toEqual([
			[1, 403, false],
			[2, 403, false],
			[3, 403, false],
		]);
		expect(t.executions).toHaveLength(0);
		expect(
			everything([server.webhooks.log.map((a) => a.responseBody), t.errors, t.store.data]),
		).not.toContain(SECRET);
	});

	test('the header the credential names is the one read (any case), and the item carries no secret', async () => {
		const t = await trigger({}, { headerName: 'X-Hc-Token' });
		expect((await post(t.url, deliveryBody())).status).toBe(403);
		const answer = await post(t.url, deliveryBody(), {
			'Content-Type': 'application/json',
			'x-hc-token': SECRET,
		});
		expect([answer.status, t.executions.length]).toEqual([200, 1]);
		expect(everything(t.executions)).not.toContain(SECRET);
	});

	test('a credential with an empty secret lets nothing in, not even an empty header', async () => {
		const t = await trigger({}, { secret: '' });
		expect(
			(
				await post(t.url, deliveryBody(), {
					'Content-Type': 'application/json',
					'X-Check-Monitor-Secret': '',
				})
			).status,
		).toBe(403);
	});
});

describe('bad input: 400 with what is wrong, nothing started', () => {
	const FIX = `Set the integration's body to ${REQUEST_BODY}`;
	test.each([
		['a body that is not JSON (no Content-Type)', 'event=down', {}, `The body is not JSON. ${FIX}`],
		['no body', '', {}, `The request has no body. ${FIX}`],
		['JSON that is not an object', '["down"]', {}, `The body is JSON but not an object. ${FIX}`],
		['no event', deliveryBody({ event: undefined }), {}, `The body has no "event". ${FIX}`],
		[
			'an event other than down or up',
			deliveryBody({ event: 'grace' }),
			{},
			`"event" is "grace": only "down" and "up" are changes. Put "$STATUS" in "event". ${FIX}`,
		],
		[
			'$STATUS left unquoted (the event a number)',
			deliveryBody({ event: 5 }),
			{},
			`"event" is 5: only "down" and "up" are changes. Put "$STATUS" in "event". ${FIX}`,
		],
		['no check', deliveryBody({ check: undefined }), {}, `The body has no "check". ${FIX}`],
		[
			'$JSON quoted (the check a string)',
			deliveryBody({ check: '{"uuid": "x"}' }),
			{},
			`"check" is not a check with a "uuid": put $JSON (no quotes) in "check". ${FIX}`,
		],
		[
			'a check without its uuid',
			deliveryBody({ check: { name: 'job' } }),
			{},
			`"check" is not a check with a "uuid": put $JSON (no quotes) in "check". ${FIX}`,
		],
		[
			'no at',
			deliveryBody({ at: undefined }),
			{},
			`The body has no "at" (the time of the change). Put "$NOW" in "at". ${FIX}`,
		],
	])('%s', async (_name, body, _unused, message) => {
		const t = await trigger();
		const answer = await post(t.url, body, { 'X-Check-Monitor-Secret': SECRET });
		expect([answer.status, answer.data]).toEqual([400, { message }]);
		expect([t.executions.length, t.store.saves]).toEqual([0, 0]);
	});

	test('a JSON Content-Type with a body that does not parse is refused by n8n before the node runs: 422 with its own words', async () => {
		const t = await trigger();
		const answer = await post(t.url, '{"event": "down",', {
			'Content-Type': 'application/json',
			'X-Check-Monitor-Secret': SECRET,
		});
		expect([answer.status, answer.data.message]).toEqual([422, 'Failed to parse request body']);
		expect(t.executions).toHaveLength(0);
	});

	test("a bad body from the server's integration: 400 on each attempt, the message in its log", async () => {
		const t = await trigger();
		server.webhooks.allowPrivateIps = true;
		const check = upCheck();
		server.addWebhookIntegration({
			down: {
				method: 'POST',
				url: t.url,
				body: '{"event": "$STATUS", "check": "$NAME"}',
				headers: { 'X-Check-Monitor-Secret': SECRET },
			},
		});
		server.receivePing(check.uuid, 'fail');
		await server.webhooks.idle();
		expect(server.webhooks.log.map((a) => [a.status, JSON.parse(a.responseBody!).message])).toEqual(
			Array(3).fill([
				400,
				`"check" is not a check with a "uuid": put $JSON (no quotes) in "check". ${FIX}`,
			]),
		);
		expect(t.executions).toHaveLength(0);
	});
});

describe('changes left out by the options: 200, nothing started', () => {
	test.each([
		[
			'Events: down only, an up change',
			{ events: ['down'] },
			{ event: 'up' },
			'Received; nothing started: the trigger takes down changes only',
		],
		[
			'Checks: another check',
			{
				options: {
					checks: '00000000-0000-4000-8000-000000000001, 00000000-0000-4000-8000-000000000002',
				},
			},
			{},
			"Received; nothing started: the check is not among the trigger's checks",
		],
		[
			'Tags: a tag the check lacks',
			{ options: { tags: 'prod nightly' } },
			{},
			'Received; nothing started: the check lacks the tag nightly',
		],
		[
			'Tags: two tags the check lacks',
			{ options: { tags: 'db nightly' } },
			{},
			'Received; nothing started: the check lacks the tags db nightly',
		],
	])('%s', async (_name, parameters, fields, message) => {
		const t = await trigger(parameters);
		const answer = await post(t.url, deliveryBody(fields));
		expect([answer.status, answer.data]).toEqual([200, { message }]);
		expect(t.executions).toHaveLength(0);
	});

	test.each([
		['Events: none selected (every change)', { events: [] }, { event: 'up' }],
		[
			'Checks: the check, in capitals, among others',
			{
				options: {
					checks: '00000000-0000-4000-8000-000000000001 8A3C5B7E-1F2D-4C6A-9B0E-3D5F7A9C1E2B',
				},
			},
			{},
		],
		['Tags: one the check has', { options: { tags: 'prod' } }, {}],
	])('%s: the change starts the workflow', async (_name, parameters, fields) => {
		const t = await trigger(parameters);
		expect((await post(t.url, deliveryBody(fields))).data).toEqual({
			message: 'Workflow was started',
		});
		expect(t.executions).toHaveLength(1);
	});
});

describe('the set-up text', () => {
	const { properties } = new CheckMonitorWebhookTrigger().description;
	const notice = (name: string) => properties.find((p) => p.name === name)?.displayName ?? '';
	/** The notice as the panel shows it: n8n renders its HTML, and only a list item (ul, li) starts a line. */
	const shownLines = (html: string) =>
		html.split(/<\/?(?:ul|li)>/).map((line) => line.replace(/<[^>]+>/g, '').trim());

	test("gives each header on a line of its own, as the server's Request Headers box takes them", () => {
		const headerLines = shownLines(notice('headersNotice')).filter((line) =>
			/^[A-Za-z-]+: \S/.test(line),
		);
		expect(headerLines).toEqual([
			'Content-Type: application/json',
			"X-Check-Monitor-Secret: the secret of this trigger's credential",
		]);
	});

	test('names the URL as the panel shows it: Webhook URLs, its Production URL tab (it opens on Test URL)', () => {
		expect(notice('setUpNotice')).toMatch(/Webhook URLs above, then its Production URL tab/);
		expect(notice('setUpNotice')).toMatch(/opens on Test URL/);
	});
});
