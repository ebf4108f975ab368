/**
 * Check Monitor Trigger, New Ping: what its state is keyed on and what a poll reads and
 * emits. The cursor is the newest ping number known (the server lists pings newest first);
 * choosing another check starts afresh; an item holds the ping's fields the server sent
 * and no others; Fetch Test Event honours Ping Types; with Include Body a poll stops at its
 * budget and the next goes on after the pings it emitted.
 *
 * Time is controlled through the budget n8n gives a poll: with a budget of 0 the poll's
 * deadline is the moment it starts, and the stand-in answers every request 2 ms late, so
 * once the first ping's body is read the deadline has passed on any machine.
 */
import type { IDataObject } from 'n8n-workflow';
import { createPoller } from '../support/engine';
import { useCheckMonitorServer } from '../support/setup';

const { server, credentials } = useCheckMonitorServer();

const poller = (uuid: string, options: Record<string, unknown> = {}, more: { pollBudgetMs?: number; staticData?: IDataObject } = {}) =>
	createPoller({
		type: 'checkMonitorTrigger',
		parameters: { event: 'newPing', checkId: { __rl: true, mode: 'id', value: uuid }, options } as never,
		credentials: credentials(),
		...more,
	});
type Batches = Awaited<ReturnType<ReturnType<typeof poller>['poll']>>;
const items = (batches: Batches) => (batches?.[0] ?? []).map((i) => i.json);
const numbers = (batches: Batches) => items(batches).map((i) => i.n);
const pingsList = (uuid: string) => `GET /api/v3/checks/${uuid}/pings/`;
const checkRead = (uuid: string) => `GET /api/v3/checks/${uuid}`;
const bodyRead = (uuid: string, n: number) => `GET /api/v3/checks/${uuid}/pings/${n}/body`;

describe('the cursor: the newest ping, whatever order the server lists them in', () => {
	test('pings received before activation are never emitted (the newest is remembered, not the first listed); later ones are, oldest first', async () => {
		const check = server.seedCheck({ name: 'nightly' });
		server.receivePing(check.uuid, 'start');
		server.receivePing(check.uuid, '');
		const trigger = poller(check.uuid);
		expect(await trigger.poll()).toBeNull();
		expect(server.requestLines()).toEqual([pingsList(check.uuid)]);

		server.receivePing(check.uuid, 'log');
		server.receivePing(check.uuid, 'fail');
		server.receivePing(check.uuid, '');
		server.clearLog();
		// The server lists them 5, 4, 3, 2, 1.
		expect(items(await trigger.poll()).map((i) => [i.n, i.type])).toEqual([
			[3, 'log'],
			[4, 'fail'],
			[5, 'success'],
		]);
		expect(server.requestLines()).toEqual([pingsList(check.uuid), checkRead(check.uuid)]);
		expect(await trigger.poll()).toBeNull();
	});
});

describe('state: what it is kept for', () => {
	test('choosing another check starts afresh: its earlier pings are not emitted, its later ones are', async () => {
		const a = server.seedCheck({ name: 'a' });
		const b = server.seedCheck({ name: 'b' });
		const first = poller(a.uuid);
		expect(await first.poll()).toBeNull();
		// b was pinged while the trigger watched a (which has no pings); then the user picks b.
		server.receivePing(b.uuid, 'fail');
		server.receivePing(b.uuid, '');
		const second = poller(b.uuid, {}, { staticData: first.staticData });
		server.clearLog();
		expect(await second.poll()).toBeNull();
		expect(server.requestLines()).toEqual([pingsList(b.uuid)]);
		server.receivePing(b.uuid, 'log');
		expect(items(await second.poll()).map((i) => [i.n, (i.check as { name: string }).name])).toEqual([[3, 'b']]);
		expect(await second.poll()).toBeNull();
	});

	test('choosing a check with fewer pings than the last one: its new pings are emitted (numbers are per check)', async () => {
		const busy = server.seedCheck({ name: 'busy' });
		const quiet = server.seedCheck({ name: 'quiet' });
		for (let i = 0; i < 5; i++) server.receivePing(busy.uuid);
		server.receivePing(quiet.uuid);
		const first = poller(busy.uuid);
		expect(await first.poll()).toBeNull();
		const second = poller(quiet.uuid, {}, { staticData: first.staticData });
		expect(await second.poll()).toBeNull();
		server.receivePing(quiet.uuid, 'fail');
		server.receivePing(quiet.uuid, '');
		server.clearLog();
		expect(numbers(await second.poll())).toEqual([2, 3]);
		expect(server.requestLines()).toEqual([pingsList(quiet.uuid), checkRead(quiet.uuid)]);
	});
});

test('an item holds the ping fields the server sent, and no field it did not send', async () => {
	const check = server.seedCheck();
	const trigger = poller(check.uuid);
	await trigger.poll();
	server.receivePing(check.uuid, '');
	server.receivePing(check.uuid, 'start');
	server.receivePing(check.uuid, '');
	const [plain, start, timed] = items(await trigger.poll());
	// A success with no start before it has no duration: the item has no such field, so
	// `{{ $json.hasField('duration') }}` and `Object.keys($json)` in a later node say so.
	const withoutDuration = ['check', 'date', 'method', 'n', 'remote_addr', 'rid', 'scheme', 'type', 'ua'];
	expect(Object.keys(plain).sort()).toEqual(withoutDuration);
	expect(Object.keys(start).sort()).toEqual(withoutDuration);
	expect(Object.keys(timed).sort()).toEqual([...withoutDuration, 'duration'].sort());
	expect(timed.duration).toEqual(expect.any(Number));
});

describe('Fetch Test Event with Ping Types', () => {
	test('the newest ping of those types, not the newest ping; the cursor untouched', async () => {
		const check = server.seedCheck({ name: 'etl' });
		const trigger = poller(check.uuid, { pingTypes: ['fail', 'start'] });
		await trigger.poll();
		for (const action of ['start', 'fail', '', 'log']) server.receivePing(check.uuid, action);
		const before = JSON.stringify(trigger.staticData);
		server.clearLog();
		expect(items(await trigger.poll('manual')).map((i) => [i.n, i.type, (i.check as { name: string }).name])).toEqual([[2, 'fail', 'etl']]);
		expect(server.requestLines()).toEqual([pingsList(check.uuid), checkRead(check.uuid)]);
		expect(JSON.stringify(trigger.staticData)).toBe(before);
		expect(numbers(await trigger.poll())).toEqual([1, 2]);
	});

	test('no ping of those types: nothing, at the cost of the list', async () => {
		const check = server.seedCheck();
		server.receivePing(check.uuid, '');
		server.receivePing(check.uuid, 'log');
		const trigger = poller(check.uuid, { pingTypes: ['fail'] });
		expect(await trigger.poll('manual')).toBeNull();
		expect(server.requestLines()).toEqual([pingsList(check.uuid)]);
	});
});

test('Include Body, out of budget: each poll emits the pings it read a body for and stops; the next goes on after them', async () => {
	const check = server.seedCheck();
	const activate = poller(check.uuid, { includeBody: true });
	await activate.poll();
	for (const body of ['a', 'b', 'c']) server.receivePing(check.uuid, '', body);
	const trigger = poller(check.uuid, { includeBody: true }, { pollBudgetMs: 0, staticData: activate.staticData });
	server.responseDelayMs = 2;
	const polls: Array<{ bodies: unknown[]; requests: string[] }> = [];
	for (let i = 0; i < 4; i++) {
		server.clearLog();
		const bodies = items(await trigger.poll()).map((item) => item.body);
		polls.push({ bodies, requests: server.requestLines() });
	}
	expect(polls).toEqual([
		{ bodies: ['a'], requests: [pingsList(check.uuid), checkRead(check.uuid), bodyRead(check.uuid, 1)] },
		{ bodies: ['b'], requests: [pingsList(check.uuid), checkRead(check.uuid), bodyRead(check.uuid, 2)] },
		{ bodies: ['c'], requests: [pingsList(check.uuid), checkRead(check.uuid), bodyRead(check.uuid, 3)] },
		{ bodies: [], requests: [pingsList(check.uuid)] },
	]);
});
