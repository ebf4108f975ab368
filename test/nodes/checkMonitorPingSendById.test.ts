/**
 * Ping → Send with the Check By ID: the value is a UUID whatever its case and the spaces
 * around it, and the slug rule (By Slug only) never judges it. A new file, so that the
 * mutation state of the other Ping Send tests stays valid (docs/mutation.md).
 */
import { byId, runNode } from '../support/engine';
import { useCheckMonitorServer } from '../support/setup';
import { CM_KEY, CM_PING_KEY } from '../support/servers/checkMonitorServer';

const { server } = useCheckMonitorServer();

const run = (checkId: ReturnType<typeof byId>) =>
	runNode({
		type: 'checkMonitor',
		parameters: { resource: 'ping', operation: 'send', checkId } as never,
		credentials: { checkMonitorApi: { baseUrl: server.url, apiKey: CM_KEY, pingKey: CM_PING_KEY, pingUrl: '' } },
	});

test('a UUID in capitals with spaces around it (from an expression) pings the check at its lower-case UUID', async () => {
	const check = server.seedCheck({ name: 'backup' });
	const result = await run(byId(`={{ " ${check.uuid.toUpperCase()} " }}`));
	expect(result.error).toBeUndefined();
	expect(server.requestLines()).toEqual([`POST /ping/${check.uuid}`]);
	expect(check.pings.map((p) => p.type)).toEqual(['success']);
	expect(result.items.map((i) => i.json)).toEqual([
		{ signal: 'success', check: { id: check.uuid }, rid: null, answer: 'OK', created: false, bodyBytes: 0 },
	]);
});

test('a name typed By ID is refused as no UUID (not as no slug), before any request', async () => {
	server.seedCheck({ name: 'Nightly Backup' });
	const result = await run(byId('={{ "Nightly Backup" }}'));
	expect(result.error?.message).toBe('Check: "Nightly Backup" is not a check UUID');
	expect(result.error?.description).toBe('Pings need the UUID (or pick By Slug); a unique key cannot be pinged.');
	expect(server.requests).toHaveLength(0);
});
