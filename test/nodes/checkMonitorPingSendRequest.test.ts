/**
 * Ping → Send: the details of the request a monitored service receives (its headers, the
 * run id's inputs, the server's own body limit) and the hints of the refusals that
 * checkMonitorPingSend.test.ts shows by message only. Through n8n's engine against the
 * stand-in; what reached the server is read from its log.
 */
import { byId, bySlug, registerTestNode, runNode, testNodeDescription } from '../support/engine';
import { useCheckMonitorServer } from '../support/setup';
import { CM_KEY, CM_PING_KEY } from '../support/servers/checkMonitorServer';
import { runIdFromExecution } from '../../nodes/CheckMonitor/resources/ping/send';

const { server } = useCheckMonitorServer();

/** `pingKey: null`: a credential that never had a Ping Key. */
const run = (parameters: Record<string, unknown>, options: { pingKey?: string | null; executionId?: string } = {}) => {
	const pingKey = options.pingKey === undefined ? CM_PING_KEY : options.pingKey;
	return runNode({
		type: 'checkMonitor',
		parameters: { resource: 'ping', operation: 'send', ...parameters } as never,
		credentials: { checkMonitorApi: { baseUrl: server.url, apiKey: CM_KEY, ...(pingKey === null ? {} : { pingKey }), pingUrl: '' } },
		executionId: options.executionId,
	});
};
const RID = '3f1b6c2e-8a4d-4e5f-9c7b-1a2d3e4f5a6b';

describe('what the ping request carries', () => {
	test('without a body: no body and no Content-Type; it asks for the text answer', async () => {
		const check = server.seedCheck();
		const result = await run({ checkId: byId(check.uuid) });
		expect(result.error).toBeUndefined();
		const { headers, rawBody } = server.requests[0];
		expect([headers['content-type'], headers.accept, rawBody]).toEqual([undefined, 'text/plain, text/html', '']);
		expect(check.pings[0].body).toBeNull();
	});

	test('the output names exactly what was sent: no exit status unless the signal is one', async () => {
		const check = server.seedCheck();
		const result = await run({ checkId: byId(check.uuid), signal: 'fail' });
		expect(result.items[0].json).toStrictEqual({ signal: 'fail', check: { id: check.uuid }, rid: null, answer: 'OK', created: false, bodyBytes: 0 });
	});
});

describe("the server's own Ping-Body-Limit", () => {
	test('a server that keeps fewer bytes than the hosted one: the warning names its limit', async () => {
		server.pingBodyLimit = 100;
		const check = server.seedCheck();
		const result = await run({ checkId: byId(check.uuid), additionalFields: { body: 'x'.repeat(150) } });
		expect(check.pings[0].body?.length).toBe(100);
		expect(result.items[0].json.warning).toBe(
			'The body has 150 bytes; the server keeps the first 100 (its Ping-Body-Limit) and its keyword filters read only those.',
		);
	});

	test('a body of exactly the limit is kept whole: no warning', async () => {
		server.pingBodyLimit = 100;
		const check = server.seedCheck();
		const result = await run({ checkId: byId(check.uuid), additionalFields: { body: 'x'.repeat(100) } });
		expect(check.pings[0].body?.length).toBe(100);
		expect(result.items[0].json).toMatchObject({ bodyBytes: 100 });
		expect(result.items[0].json.warning).toBeUndefined();
	});
});

describe('Run ID From Execution', () => {
	/** n8n's id of this instance, as a node sees it (the run id must not come from anywhere else). */
	async function instanceId(): Promise<string> {
		registerTestNode('instanceProbe', {
			description: testNodeDescription('instanceProbe'),
			async execute() {
				return [[{ json: { instanceId: this.getInstanceId() } }]];
			},
		});
		const result = await runNode({ type: 'instanceProbe', parameters: {}, credentials: {} });
		return String(result.items[0].json.instanceId);
	}

	test('is made from the n8n instance, the workflow and the execution', async () => {
		const instance = await instanceId();
		expect(instance).not.toBe('');
		const check = server.seedCheck();
		const result = await run({ checkId: byId(check.uuid), additionalFields: { ridFromExecution: true } }, { executionId: 'execution-7' });
		expect(result.items[0].json.rid).toBe(runIdFromExecution(instance, 'test-workflow', 'execution-7'));
		expect(check.pings[0].rid).toBe(result.items[0].json.rid);
	});

	test('a Run ID the user gave wins over it', async () => {
		const check = server.seedCheck();
		const result = await run({ checkId: byId(check.uuid), additionalFields: { rid: RID, ridFromExecution: true } });
		expect(server.requestLines()).toEqual([`POST /ping/${check.uuid}?rid=${RID}`]);
		expect(result.items[0].json.rid).toBe(RID);
	});
});

describe('the Ping Key', () => {
	test('pinging by UUID does not need one', async () => {
		const check = server.seedCheck();
		const result = await run({ checkId: byId(check.uuid) }, { pingKey: null });
		expect(result.error).toBeUndefined();
		expect(server.requestLines()).toEqual([`POST /ping/${check.uuid}`]);
	});

	test('one of spaces only is no Ping Key: refused before any request', async () => {
		const result = await run({ checkId: bySlug('job') }, { pingKey: '   ' });
		expect(result.error?.message).toBe('Check (by slug): pinging by slug needs a Ping Key');
		expect(server.requests).toHaveLength(0);
	});
});

test.each([
	[{ additionalFields: { rid: 'run-42' } }, 'Use a UUID such as 3f1b6c2e-8a4d-4e5f-9c7b-1a2d3e4f5a6b, or turn on Run ID From Execution.'],
	[{ additionalFields: { create: true } }, 'Pick "By Slug" for the check, or turn the option off.'],
])('a refusal of %j says what to do instead', async (parameters, hint) => {
	const check = server.seedCheck();
	const result = await run({ checkId: byId(check.uuid), ...parameters });
	expect(result.error?.description).toBe(hint);
	expect(server.requests).toHaveLength(0);
});
