/** Status → Get (resources/status/): the server's plain-text status, through n8n's engine against the stand-in. */
import { useCheckMonitorServer } from '../support/setup';

const { server, run } = useCheckMonitorServer();
const json = (result: Awaited<ReturnType<typeof run>>) => result.items.map((i) => i.json);

test.each([
	['OK\n', { status: 'OK', ok: true, statusCode: 200 }],
	['Maintenance', { status: 'Maintenance', ok: false, statusCode: 200 }],
])('status get: the text %j, trimmed, is OK or not', async (text, expected) => {
	server.injectFault({ kind: 'status', status: 200, body: text });
	const result = await run({ resource: 'status', operation: 'get' });
	expect(server.requestLines()).toEqual(['GET /api/v3/status/']);
	expect(json(result)).toEqual([expected]);
});

test('status get, on 3 items: no expression of its own; the status read 3 times', async () => {
	const result = await run({ resource: 'status', operation: 'get' }, { items: [{}, {}, {}] });
	expect(result.error).toBeUndefined();
	expect(json(result).map((s) => s.ok)).toEqual([true, true, true]);
	expect(server.requestLines()).toEqual(Array(3).fill('GET /api/v3/status/'));
});
