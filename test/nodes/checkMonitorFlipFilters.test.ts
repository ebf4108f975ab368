/** Flip Get Many's filters at their bounds: what the server would refuse with an empty 400 is refused here, by name. */
import { byId, runNode } from '../support/engine';
import { useCheckMonitorServer } from '../support/setup';

const { server, credentials } = useCheckMonitorServer();

const run = async (filters: Record<string, unknown>) => {
	const check = server.seedCheck();
	server.clearLog();
	return await runNode({
		type: 'checkMonitor',
		parameters: { resource: 'flip', operation: 'getAll', checkId: byId(check.uuid), returnAll: true, filters } as never,
		credentials: credentials(),
	});
};

test.each([
	[{ seconds: -1 }, 'Seconds: must be a whole number from 0 to 31536000 (one year), got -1'],
	[{ seconds: 1.5 }, 'Seconds: must be a whole number from 0 to 31536000 (one year), got 1.5'],
	[{ seconds: 31536001 }, 'Seconds: must be a whole number from 0 to 31536000 (one year), got 31536001'],
	[{ start: '1969-12-31T23:59:59Z' }, 'Start: must be a valid date between 1970 and 2286'],
	[{ end: '2286-11-20T17:46:41Z' }, 'End: must be a valid date between 1970 and 2286'],
	[{ start: '={{ "yesterday" }}' }, 'Start: must be a valid date between 1970 and 2286'],
])('%j is refused before any request: %s', async (filters, message) => {
	const result = await run(filters);
	expect(result.error?.message).toBe(message);
	expect(server.requestLines()).toEqual([]);
});

test.each([
	[{ seconds: 0 }, 'seconds=0'],
	[{ seconds: 31536000 }, 'seconds=31536000'],
	[{ start: '1970-01-01T00:00:00Z' }, 'start=0'],
	[{ end: '2286-11-20T17:46:40Z' }, 'end=10000000000'],
])('%j, at the bound, is sent: %s', async (filters, query) => {
	const result = await run(filters);
	expect(result.error).toBeUndefined();
	expect(server.requestLines()).toEqual([expect.stringMatching(new RegExp(`/flips/\\?${query}$`))]);
});
