/** Visit (resources/visit/): Create, Create Many (one bulk request, all or nothing), Get and Get Many, through n8n's engine against the stand-in. */
import { byId } from '../../harness/engine';
import { useCustomerEngagementServer } from '../support/setup';

const { server, run } = useCustomerEngagementServer();
const json = (result: Awaited<ReturnType<typeof run>>) => result.items.map((i) => i.json);

describe('visit', () => {
	test('create with a past date', async () => {
		const contact = server.seedContact();
		const result = await run({
			resource: 'visit',
			operation: 'create',
			contactId: byId(contact.id as string),
			additionalFields: { points: 3, date: '2026-01-02T03:04:05Z' },
		});
		expect(server.requestLines()).toEqual(['POST /v1/visits']);
		expect(server.requests[0].body).toEqual({
			contactId: contact.id,
			points: 3,
			date: '2026-01-02T03:04:05.000Z',
		});
		expect(json(result)[0]).toMatchObject({
			contactId: contact.id,
			points: 3,
			checkinSource: 'API',
		});
	});

	test('a visit date in the future is rejected before any request', async () => {
		const contact = server.seedContact();
		const result = await run({
			resource: 'visit',
			operation: 'create',
			contactId: byId(contact.id as string),
			additionalFields: { date: '2999-01-01T00:00:00Z' },
		});
		expect(result.error?.message).toBe(
			'Date: 2999-01-01T00:00:00.000Z is in the future; the API only accepts past dates here',
		);
		expect(server.requests).toHaveLength(0);
	});

	test('createMany sends one bulk request', async () => {
		const a = server.seedContact();
		const b = server.seedContact();
		const result = await run({
			resource: 'visit',
			operation: 'createMany',
			visits: JSON.stringify([
				{ contactId: a.id, points: 2 },
				{ contactId: b.id, date: '2026-01-01T00:00:00Z' },
			]),
		});
		expect(server.requestLines()).toEqual(['POST /v1/visits/all']);
		expect(server.requests[0].body).toEqual([
			{ contactId: a.id, points: 2 },
			{ contactId: b.id, date: '2026-01-01T00:00:00.000Z' },
		]);
		expect(json(result).map((v) => v.contactId)).toEqual([a.id, b.id]);
	});

	test('createMany with one unknown contactId in three reports failure naming it; nothing claimed as created', async () => {
		const a = server.seedContact();
		const b = server.seedContact();
		const result = await run({
			resource: 'visit',
			operation: 'createMany',
			visits: JSON.stringify([{ contactId: a.id }, { contactId: 'ct_ghost' }, { contactId: b.id }]),
		});
		expect(result.items).toHaveLength(0);
		expect(result.error?.message).toBe(
			'No visits were created: visit 2 (contactId "ct_ghost") names a contact that does not exist',
		);
		expect(result.error?.description).toBe(
			'The API rejects the whole batch when one contactId is unknown. Fix or remove those visits and run again; none of this batch was saved.',
		);
		expect(server.state.visits.size).toBe(0);
		expect(server.requestLines()).toEqual([
			'POST /v1/visits/all',
			`GET /v1/contacts/${a.id}`,
			'GET /v1/contacts/ct_ghost',
			`GET /v1/contacts/${b.id}`,
		]);
	});

	test('createMany with two unknown contacts names both', async () => {
		const a = server.seedContact();
		const result = await run({
			resource: 'visit',
			operation: 'createMany',
			visits: JSON.stringify([{ contactId: 'ct_x' }, { contactId: a.id }, { contactId: 'ct_y' }]),
		});
		expect(result.error?.message).toBe(
			'No visits were created: visit 1 (contactId "ct_x"), visit 3 (contactId "ct_y") names a contact that does not exist',
		);
	});

	test('createMany answered with fewer visits than sent: the created ones named, never reported as none saved', async () => {
		const a = server.seedContact();
		const b = server.seedContact();
		server.injectFault({ kind: 'status', status: 201, body: [{ id: 'vs_1', contactId: a.id }] });
		const partial = await run({
			resource: 'visit',
			operation: 'createMany',
			visits: JSON.stringify([{ contactId: a.id }, { contactId: b.id }]),
		});
		expect(partial.error?.message).toBe('Only 1 of 2 visits were created');
		expect(partial.error?.description).toBe(
			'The API answered with 1 visit (ID vs_1) for a batch of 2. Running the whole batch again would create those again: check which visits are missing and create only those.',
		);
		server.clearLog();
		server.injectFault({ kind: 'status', status: 201, body: [] });
		const none = await run({
			resource: 'visit',
			operation: 'createMany',
			visits: JSON.stringify([{ contactId: a.id }, { contactId: b.id }]),
		});
		expect(none.error?.message).toBe(
			'No visits were created: the API answered with none for a batch of 2',
		);
		expect(server.requestLines()).toEqual([
			'POST /v1/visits/all',
			`GET /v1/contacts/${a.id}`,
			`GET /v1/contacts/${b.id}`,
		]);
	});

	test.each([
		['not json', 'Visits: is not valid JSON'],
		['[]', 'Visits: must be a non-empty JSON array of visits'],
		['[{"points": 1}]', 'Visits[0].contactId: is required'],
		['[{"contactId": null}]', 'Visits[0].contactId: is required'],
		['[{"contactId": "  "}]', 'Visits[0].contactId: is required'],
		['[{"contactId": true}]', 'Visits[0].contactId: must be text (a contact ID), got true'],
		['[{"contactId": "x"}, 5]', 'Visits[1]: must be an object'],
		['[null]', 'Visits[0]: must be an object'],
		['[["x"]]', 'Visits[0]: must be an object'],
		[
			'[{"contactId": "x", "note": "a", "pts": 1}]',
			'Visits[0]: unknown field note, pts; use contactId, points, amountSpent, date',
		],
		[
			'[{"contactId": "x", "amountSpent": "5"}]',
			'Visits[0].amountSpent: must be a number, got "5"',
		],
		['[{"contactId": "x", "date": "soon"}]', 'Visits[0].date: "soon" is not a date'],
		['[{"contactId": "x", "points": "5"}]', 'Visits[0].points: must be a number, got "5"'],
		[
			'[{"contactId": "x", "date": "2999-01-01T00:00:00Z"}]',
			'Visits[0].date: 2999-01-01T00:00:00.000Z is in the future; visits can only be back-dated',
		],
	])('createMany rejects %s before any request', async (visits, message) => {
		const result = await run({ resource: 'visit', operation: 'createMany', visits });
		expect(result.error?.message).toBe(message);
		expect(server.requests).toHaveLength(0);
	});

	test('createMany: text that is not JSON says what to give', async () => {
		const result = await run({
			resource: 'visit',
			operation: 'createMany',
			visits: '[{contactId: x}]',
		});
		expect(result.error?.description).toBe(
			'Give a JSON array such as [{"contactId": "…", "points": 5}].',
		);
	});

	test('createMany trims contact IDs, sends a numeric one as text, and leaves out an empty date', async () => {
		const a = server.seedContact();
		server.state.contacts.set('7', { ...a, id: '7' });
		// An ID a spreadsheet column gives as a number is sent as text, as every text field is.
		const visits = [
			{ contactId: ` ${a.id as string} `, date: '' },
			{ contactId: a.id, date: null },
			{ contactId: a.id, date: '  ' },
			{ contactId: 7 },
		];
		const result = await run({
			resource: 'visit',
			operation: 'createMany',
			visits: JSON.stringify(visits),
		});
		expect(result.error).toBeUndefined();
		expect(server.requests[0].body).toStrictEqual([
			{ contactId: a.id },
			{ contactId: a.id },
			{ contactId: a.id },
			{ contactId: '7' },
		]);
	});

	test('createMany answered with 2 of 3: both IDs named', async () => {
		const a = server.seedContact();
		server.injectFault({
			kind: 'status',
			status: 201,
			body: [
				{ id: 'vs_1', contactId: a.id },
				{ id: 'vs_2', contactId: a.id },
			],
		});
		const result = await run({
			resource: 'visit',
			operation: 'createMany',
			visits: JSON.stringify([{ contactId: a.id }, { contactId: a.id }, { contactId: a.id }]),
		});
		expect(result.error?.message).toBe('Only 2 of 3 visits were created');
		expect(result.error?.description).toBe(
			'The API answered with 2 visits (IDs vs_1, vs_2) for a batch of 3. Running the whole batch again would create those again: check which visits are missing and create only those.',
		);
	});

	test('createMany answered with none, and a contact look-up refused: the API\'s refusal, never "names a contact that does not exist"', async () => {
		const a = server.seedContact();
		server.injectFault({ kind: 'status', status: 201, body: [] });
		server.injectFault({
			kind: 'status',
			status: 403,
			body: { errorCode: 'FORBIDDEN', message: 'not allowed' },
		});
		const result = await run({
			resource: 'visit',
			operation: 'createMany',
			visits: JSON.stringify([{ contactId: a.id }]),
		});
		expect(result.error?.message).not.toMatch(/does not exist|answered with none/);
		expect(result.error?.message).toMatch(/not allowed/);
		expect(server.requestLines()).toEqual(['POST /v1/visits/all', `GET /v1/contacts/${a.id}`]);
	});

	test('get and getAll by contact', async () => {
		const contact = server.seedContact();
		const visit = server.seedVisit({ contactId: contact.id as string });
		server.seedVisit({ contactId: server.seedContact().id as string });
		const got = await run({ resource: 'visit', operation: 'get', visitId: visit.id });
		expect(json(got)[0]).toEqual(visit);
		const list = await run({
			resource: 'visit',
			operation: 'getAll',
			returnAll: true,
			filters: { contactId: contact.id },
		});
		expect(json(list)).toEqual([visit]);
		expect(server.requestLines()).toEqual([
			`GET /v1/visits/${visit.id}`,
			`GET /v1/visits?contactId=${contact.id}&page=1&perPage=100`,
		]);
	});

	test('Create, every value an expression: each evaluated only as often as n8n needs; 3 visits sent', async () => {
		const ids = [0, 1, 2].map(() => server.seedContact().id as string);
		const result = await run(
			{
				resource: 'visit',
				operation: 'create',
				contactId: byId('={{ $json.id }}'),
				additionalFields: { points: '={{ $json.points }}' },
			},
			{ items: ids.map((id, i) => ({ id, points: i })) },
		);
		expect(result.error).toBeUndefined();
		expect(json(result).map((v) => [v.contactId, v.points])).toEqual(ids.map((id, i) => [id, i]));
		expect(server.requestLines()).toEqual(Array(3).fill('POST /v1/visits'));
		expect(server.requests.map((r) => r.body)).toEqual(
			ids.map((contactId, i) => ({ contactId, points: i })),
		);
	});

	test('Create Many, every value an expression: each evaluated only as often as n8n needs; 3 batches sent', async () => {
		const ids = [0, 1, 2].map(() => server.seedContact().id as string);
		const result = await run(
			{
				resource: 'visit',
				operation: 'createMany',
				visits: '={{ JSON.stringify([{ contactId: $json.id }]) }}',
			},
			{ items: ids.map((id) => ({ id })) },
		);
		expect(result.error).toBeUndefined();
		expect(json(result).map((v) => v.contactId)).toEqual(ids);
		expect(server.requestLines()).toEqual(Array(3).fill('POST /v1/visits/all'));
		expect(server.requests.map((r) => r.body)).toEqual(ids.map((contactId) => [{ contactId }]));
	});

	test('Get, every value an expression: each evaluated only as often as n8n needs; 3 visits read', async () => {
		const visits = [0, 1, 2].map(() =>
			server.seedVisit({ contactId: server.seedContact().id as string }),
		);
		const result = await run(
			{ resource: 'visit', operation: 'get', visitId: '={{ $json.visit }}' },
			{ items: visits.map((v) => ({ visit: v.id })) },
		);
		expect(result.error).toBeUndefined();
		expect(json(result)).toEqual(visits);
		expect(server.requestLines()).toEqual(visits.map((v) => `GET /v1/visits/${v.id}`));
	});

	test('Get Many, every value an expression: each evaluated only as often as n8n needs; the visits of 3 contacts read', async () => {
		const ids = [0, 1, 2].map(() => server.seedContact().id as string);
		const visits = ids.map((contactId) => server.seedVisit({ contactId }));
		const result = await run(
			{
				resource: 'visit',
				operation: 'getAll',
				returnAll: true,
				filters: { contactId: '={{ $json.id }}' },
			},
			{ items: ids.map((id) => ({ id })) },
		);
		expect(result.error).toBeUndefined();
		expect(json(result)).toEqual(visits);
		expect(server.requestLines()).toEqual(
			ids.map((id) => `GET /v1/visits?contactId=${id}&page=1&perPage=100`),
		);
	});
});
