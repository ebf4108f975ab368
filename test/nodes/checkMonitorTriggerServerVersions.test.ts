/**
 * What a user of the Check Monitor Trigger sees differently on each check-monitor server release
 * (docs/api/check-monitor.md, "Server versions"): the trigger through n8n's poll context against
 * the stand-in answering as 3.13 or as a 4.x release. The action node's differences are tested
 * with their resources (test/CheckMonitor/check, ping and ping.send).
 */
import { byId, createPoller } from '../support/engine';
import { useCheckMonitorServer } from '../support/setup';
import type { CheckMonitorVersion } from '../support/servers/checkMonitorServer';

const { server, credentials } = useCheckMonitorServer();

const trigger = (parameters: Record<string, unknown>) =>
	createPoller({
		type: 'checkMonitorTrigger',
		parameters: { options: { requestsPerMinute: 600_000 }, ...parameters } as never,
		credentials: credentials(),
	});

describe('Check → Pause of a paused check', () => {
	test.each([
		['3.13', 1],
		['4.0', 0],
		['4.3', 0],
	] as const)('on %s, New Flip for one check (any status) emits %i item(s) for a second pause', async (version, emitted) => {
		server.version = version;
		const check = server.seedCheck({ name: 'backup' });
		const poller = trigger({ event: 'newFlip', scope: 'one', checkId: byId(check.uuid) });
		expect(await poller.poll()).toBeNull();
		server.pause(check.uuid);
		expect((await poller.poll())?.[0].map((item) => item.json.to)).toEqual(['paused']);
		server.pause(check.uuid);
		const second = await poller.poll();
		expect(second?.[0].length ?? 0).toBe(emitted);
		if (emitted) expect(second?.[0][0].json).toMatchObject({ up: 0, to: 'paused' });
	});
});

describe('pings beyond 1,000 (an account whose log keeps 1,500)', () => {
	const logged = (count: number) => {
		server.pingLogLimit = 1500;
		const check = server.seedCheck({ name: 'busy' });
		for (let i = 0; i < count; i++) server.receivePing(check.uuid, '', `run ${i + 1}`);
		return check;
	};

	test.each([
		['3.13', 1200, undefined],
		['4.0', 1000, { missed: 200, fromN: 2, toN: 201 }],
	] as const)('on %s, New Ping for one check after 1,200 pings between two polls emits %i, gap %j', async (version, emitted, gap) => {
		server.version = version as CheckMonitorVersion;
		const check = logged(1);
		const poller = trigger({ event: 'newPing', checkId: byId(check.uuid) });
		expect(await poller.poll()).toBeNull();
		for (let i = 0; i < 1200; i++) server.receivePing(check.uuid);
		const items = (await poller.poll())?.[0].map((item) => item.json) ?? [];
		expect(items).toHaveLength(emitted);
		expect(items[0].gap).toEqual(gap === undefined ? undefined : expect.objectContaining(gap));
	});
});
