/**
 * Get Many's pages and its Limit (shared/pages.ts; the Limit, read by nodes/shared/apiRequest.ts, for a list without pages too): exactly ceil(N/100) requests for
 * N records, never an extra empty page; a Limit is read as a whole number of at least 1 before
 * any request. Through n8n's engine against the stand-ins.
 */
import { byId, runNode } from '../../harness/engine';
import {
	totalCountGateway,
	useCheckMonitorServer,
	useCustomerEngagementServer,
} from '../support/setup';

const { server, credentials, run } = useCustomerEngagementServer();
const monitor = useCheckMonitorServer();

const getAllContacts = (extra: Record<string, unknown>) =>
	runNode({
		type: 'customerEngagement',
		parameters: { resource: 'contact', operation: 'getAll', ...extra } as never,
		credentials: credentials(),
	});

test.each([0, 1, 99, 100, 101, 250])('Return All with %i contacts', async (n) => {
	for (let i = 0; i < n; i++) server.seedContact();
	const result = await getAllContacts({ returnAll: true });
	expect(result.error).toBeUndefined();
	expect(result.items).toHaveLength(n);
	expect(new Set(result.items.map((i) => i.json.id)).size).toBe(n);
	const pages = Math.max(1, Math.ceil(n / 100));
	expect(server.requestLines()).toEqual(
		Array.from({ length: pages }, (_, i) => `GET /v1/contacts?page=${i + 1}&perPage=100`),
	);
});

test('limit 5 on 250 contacts: one request with perPage 5, exactly 5 items, newest first', async () => {
	const seeded = Array.from({ length: 250 }, () => server.seedContact());
	const result = await getAllContacts({ returnAll: false, limit: 5 });
	expect(server.requestLines()).toEqual(['GET /v1/contacts?page=1&perPage=5']);
	expect(result.items.map((i) => i.json.id)).toEqual(
		seeded
			.slice(-5)
			.reverse()
			.map((c) => c.id),
	);
});

test('limit 150 on 250 contacts: two requests of 100, exactly 150 items', async () => {
	for (let i = 0; i < 250; i++) server.seedContact();
	const result = await getAllContacts({ returnAll: false, limit: 150 });
	expect(server.requestLines()).toEqual([
		'GET /v1/contacts?page=1&perPage=100',
		'GET /v1/contacts?page=2&perPage=100',
	]);
	expect(result.items).toHaveLength(150);
});

test('filters and sort reach the server on every page', async () => {
	server.seedContact({ email: 'ann@example.com' });
	const result = await getAllContacts({
		returnAll: true,
		filters: { email: 'ann@example.com' },
		options: { sort: 'MODIFIED_DATE:ASC' },
	});
	expect(result.items).toHaveLength(1);
	expect(server.requestLines()).toEqual([
		'GET /v1/contacts?email=ann%40example.com&sort=MODIFIED_DATE&order=ASC&page=1&perPage=100',
	]);
});

test('a 500 on page 2 is retried (a read), and the list comes back whole', async () => {
	for (let i = 0; i < 150; i++) server.seedContact();
	server.injectFault(
		{ kind: 'status', status: 500, body: { errorCode: 'INTERNAL', message: 'boom' } },
		1,
		(r) => r.query.some(([k, v]) => k === 'page' && v === '2'),
	);
	const result = await getAllContacts({ returnAll: true });
	expect(result.items).toHaveLength(150);
	expect(server.requestLines()).toEqual([
		'GET /v1/contacts?page=1&perPage=100',
		'GET /v1/contacts?page=2&perPage=100',
		'GET /v1/contacts?page=2&perPage=100',
	]);
});

test('when page 2 keeps failing the item fails with the API message (nothing half-returned)', async () => {
	for (let i = 0; i < 150; i++) server.seedContact();
	server.injectFault(
		{ kind: 'status', status: 500, body: { errorCode: 'INTERNAL', message: 'boom' } },
		3,
		(r) => r.query.some(([k, v]) => k === 'page' && v === '2'),
	);
	const result = await getAllContacts({ returnAll: true });
	expect(result.error?.message).toBe('The Customer Engagement API failed with HTTP 500: boom');
	expect(result.error?.description).toMatch(
		/The node tried 3 times over [\d.]+ s before giving up\.$/,
	);
	expect(result.items).toHaveLength(0);
});

test('labels Get Many uses the same paginator', async () => {
	for (let i = 0; i < 101; i++)
		server.state.labels.set(`lb_${i}`, { id: `lb_${i}`, name: `L${i}`, color: 'GREY' });
	const result = await runNode({
		type: 'customerEngagement',
		parameters: { resource: 'label', operation: 'getAll', returnAll: true } as never,
		credentials: credentials(),
	});
	expect(result.items).toHaveLength(101);
	expect(server.requestLines()).toEqual([
		'GET /v1/labels?page=1&perPage=100',
		'GET /v1/labels?page=2&perPage=100',
	]);
});

test.each([
	[150, 2],
	[200, 3],
])(
	'without X-Total-Count, Return All with %i contacts stops on the short page: %i requests',
	async (n, requests) => {
		server.reportTotals = false;
		for (let i = 0; i < n; i++) server.seedContact();
		const result = await getAllContacts({ returnAll: true });
		expect(result.items).toHaveLength(n);
		expect(server.requestLines()).toEqual(
			Array.from({ length: requests }, (_, i) => `GET /v1/contacts?page=${i + 1}&perPage=100`),
		);
	},
);

test.each([
	['empty', ''],
	['not a number', 'many'],
	['a negative number', '-1'],
	// JavaScript's Number() reads it as 100: trusted, it would end the list after its first page.
	['in exponent notation', '1e2'],
])(
	'X-Total-Count %s (a proxy rewrote it): Return All with 150 contacts reads on to the short page',
	async (_name, header) => {
		for (let i = 0; i < 150; i++) server.seedContact();
		const gateway = await totalCountGateway(server, header);
		try {
			const result = await runNode({
				type: 'customerEngagement',
				parameters: { resource: 'contact', operation: 'getAll', returnAll: true } as never,
				credentials: gateway.credentials,
			});
			expect(result.error).toBeUndefined();
			expect(result.items).toHaveLength(150);
			expect(server.requestLines()).toEqual([
				'GET /v1/contacts?page=1&perPage=100',
				'GET /v1/contacts?page=2&perPage=100',
			]);
		} finally {
			await gateway.close();
		}
	},
);

test('Activity Get Many (date cursor) with a Limit, against an API that answers more than it was asked for: exactly the Limit, one request', async () => {
	const id = String(server.seedContact().id);
	const activities = [5, 4, 3, 2, 1].map((day) => ({
		id: `ac_${day}`,
		type: 'NOTE',
		date: `2026-11-0${day}T10:00:00.000Z`,
		data: {},
	}));
	server.answerNextGet(`/v1/contacts/${id}/activities`, activities);
	const result = await runNode({
		type: 'customerEngagement',
		parameters: {
			resource: 'activity',
			operation: 'getAll',
			contactId: byId(id),
			returnAll: false,
			limit: 3,
		} as never,
		credentials: credentials(),
	});
	expect(result.error).toBeUndefined();
	expect(result.items.map((item) => item.json.id)).toEqual(['ac_5', 'ac_4', 'ac_3']);
	expect(server.requestLines()).toEqual([`GET /v1/contacts/${id}/activities?perPage=3`]);
});

describe('Limit', () => {
	test.each([
		['={{ 0 }}', '0'],
		['={{ -3 }}', '-3'],
		['={{ 2.5 }}', '2.5'],
		// Not read as 1, as Number(true) would.
		['={{ true }}', 'true'],
	])('Limit %s is refused before any request, naming the value', async (limit, shown) => {
		server.seedContact();
		const result = await run({ resource: 'contact', operation: 'getAll', returnAll: false, limit });
		expect(result.error?.message).toBe(`Limit: must be a whole number of at least 1, got ${shown}`);
		expect(server.requests).toHaveLength(0);
	});

	test('a Limit an expression gives as text ("2" from a query string) is read as the number', async () => {
		for (let i = 0; i < 3; i++) server.seedContact();
		const result = await run({
			resource: 'contact',
			operation: 'getAll',
			returnAll: false,
			limit: '={{ "2" }}',
		});
		expect(result.items).toHaveLength(2);
		expect(server.requestLines()).toEqual(['GET /v1/contacts?page=1&perPage=2']);
	});

	test.each([
		['={{ "" }}', '""'],
		['={{ "ten" }}', '"ten"'],
	])('Limit %s is refused, shown as the text it was', async (limit, shown) => {
		const result = await run({ resource: 'contact', operation: 'getAll', returnAll: false, limit });
		expect(result.error?.message).toBe(`Limit: must be a whole number of at least 1, got ${shown}`);
		expect(server.requests).toHaveLength(0);
	});

	test('Limit 1 returns one record; Return All with a Limit still saved in the workflow returns every record', async () => {
		for (let i = 0; i < 3; i++) server.seedContact();
		const one = await run({ resource: 'contact', operation: 'getAll', returnAll: false, limit: 1 });
		expect(one.items).toHaveLength(1);
		const all = await run({ resource: 'contact', operation: 'getAll', returnAll: true, limit: 1 });
		expect(all.items).toHaveLength(3);
		expect(server.requestLines()).toEqual([
			'GET /v1/contacts?page=1&perPage=1',
			'GET /v1/contacts?page=1&perPage=100',
		]);
	});

	test('Limit is checked before the one request of a list without pages', async () => {
		monitor.server.seedChannel('ops');
		const result = await monitor.run({
			resource: 'channel',
			operation: 'getAll',
			returnAll: false,
			limit: '={{ 0 }}',
		});
		expect(result.error?.message).toBe('Limit: must be a whole number of at least 1, got 0');
		expect(result.error?.description).toBe('Turn on Return All to get every result.');
		expect(monitor.server.requests).toHaveLength(0);
	});
});
