/**
 * Late Check for one check (nodes/CheckMonitorTrigger/lateCheckOneCheck.ts): one read of the
 * check a poll; each lateness once; Fetch Test Event; a blank or unknown check.
 */
import { byId } from '../../harness/engine';
import { lateCheckTrigger } from '../support/lateCheckTrigger';
import { useCheckMonitorServer } from '../support/setup';
import { useVirtualClock } from '../support/virtualClock';

const cm = useCheckMonitorServer();
const { server } = cm;
const clock = useVirtualClock(server);
const { poller, late, seed, at, later } = lateCheckTrigger(cm, clock);

test('one read a poll; the check late once per lateness: a ping ends it, late again is new; other checks do not count', async () => {
	const check = seed(1, { name: 'backup' });
	const other = seed(2);
	server.receivePing(check.uuid);
	server.receivePing(other.uuid);
	const trigger = poller({ scope: 'one', checkId: byId(check.uuid.toUpperCase()) });
	expect(await trigger.poll()).toBeNull();
	expect(server.requestLines()).toEqual([`GET /api/v3/checks/${check.uuid}`]);
	expect(await later(trigger, 30)).toBeNull();
	const result = await later(trigger, 31);
	expect(result?.[0].map((item) => item.json)).toEqual([
		{
			check: {
				id: check.uuid,
				uuid: check.uuid,
				name: 'backup',
				slug: '',
				tags: '',
				status: 'grace',
			},
			lateSince: at(-1),
			downAt: at(599),
			lastPing: at(-61),
		},
	]);
	expect(server.requests).toHaveLength(1);
	expect(await later(trigger)).toBeNull();
	expect(server.requests).toHaveLength(1);
	server.receivePing(check.uuid);
	expect(await later(trigger, 1)).toBeNull();
	expect(late(await later(trigger, 60))).toEqual([['backup', at(-1), at(599)]]);
	expect(await later(trigger, 600)).toBeNull();
});

test('late at activation: not new', async () => {
	const check = seed(1);
	server.receivePing(check.uuid);
	clock.advance(61);
	const trigger = poller({ scope: 'one', checkId: byId(check.uuid) });
	await trigger.poll();
	expect(await later(trigger)).toBeNull();
});

test('Fetch Test Event: the check when it is late, the state untouched; not late, nothing', async () => {
	const check = seed(1);
	const trigger = poller({ scope: 'one', checkId: byId(check.uuid) });
	await trigger.poll();
	server.receivePing(check.uuid);
	expect(await trigger.poll('manual')).toBeNull();
	clock.advance(61);
	expect(late(await trigger.poll('manual'))).toEqual([['c1', at(-1), at(599)]]);
	expect(late(await trigger.poll())).toEqual([['c1', at(-1), at(599)]]);
});

test('a blank check is refused before any request; an unknown one says so', async () => {
	const blank = poller({ scope: 'one', checkId: byId('={{ " " }}') }).poll();
	await expect(blank).rejects.toThrow('Check: is empty');
	await expect(blank).rejects.toMatchObject({
		description: 'Pick one from the list or enter its ID.',
	});
	expect(server.requests).toHaveLength(0);
	await expect(
		poller({ scope: 'one', checkId: byId('00000000-0000-4000-8000-000000000099') }).poll(),
	).rejects.toThrow('No check with ID "00000000-0000-4000-8000-000000000099" was found');
});
