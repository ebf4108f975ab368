/** Activity → Get Many (resources/activity/): pages backwards by date, through n8n's engine against the stand-in. */
import { byId } from '../../harness/engine';
import { useCustomerEngagementServer } from '../support/setup';

const { server, run } = useCustomerEngagementServer();

describe('activity', () => {
	test('an API whose beforeDate includes its own instant: a full page of ties comes back once, and paging stops', async () => {
		const contact = server.seedContact();
		const at = new Date(Date.UTC(2026, 0, 1)).toISOString();
		for (let i = 0; i < 150; i++)
			server.state.activities.push({
				contactId: contact.id as string,
				activityType: 'NOTE',
				date: at,
				data: { i },
			});
		server.beforeDateInclusive = true;
		const result = await run({
			resource: 'activity',
			operation: 'getAll',
			contactId: byId(contact.id as string),
			returnAll: true,
		});
		expect(result.items.map((i) => (i.json.data as { i: number }).i)).toEqual(
			Array.from({ length: 100 }, (_, i) => i),
		);
		expect(server.requestLines()).toHaveLength(2);
	});

	test('activities page backwards with beforeDate = the last date, newest first', async () => {
		const contact = server.seedContact();
		for (let i = 0; i < 150; i++) {
			server.state.activities.push({
				contactId: contact.id as string,
				activityType: 'NOTE',
				date: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
				data: { i },
			});
		}
		const result = await run({
			resource: 'activity',
			operation: 'getAll',
			contactId: byId(contact.id as string),
			returnAll: true,
			filters: { type: 'NOTE' },
		});
		expect(result.items).toHaveLength(150);
		expect(result.items[0].json.data).toEqual({ i: 149 });
		expect(result.items[149].json.data).toEqual({ i: 0 });
		const fiftieth = new Date(Date.UTC(2026, 0, 1, 0, 50)).toISOString();
		expect(server.requestLines()).toEqual([
			`GET /v1/contacts/${contact.id}/activities?type=NOTE&perPage=100`,
			`GET /v1/contacts/${contact.id}/activities?type=NOTE&perPage=100&beforeDate=${encodeURIComponent(fiftieth)}`,
		]);
	});

	test('activities with a limit ask only for that many', async () => {
		const contact = server.seedContact();
		for (let i = 0; i < 30; i++)
			server.state.activities.push({
				contactId: contact.id as string,
				activityType: 'NOTE',
				date: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
				data: {},
			});
		const result = await run({
			resource: 'activity',
			operation: 'getAll',
			contactId: byId(contact.id as string),
			returnAll: false,
			limit: 7,
		});
		expect(result.items).toHaveLength(7);
		expect(server.requestLines()).toEqual([`GET /v1/contacts/${contact.id}/activities?perPage=7`]);
	});
});

test('activities with a limit above one page ask the second page only for the rest', async () => {
	const contact = server.seedContact();
	for (let i = 0; i < 200; i++)
		server.state.activities.push({
			contactId: contact.id as string,
			activityType: 'NOTE',
			date: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
			data: { i },
		});
	const result = await run({
		resource: 'activity',
		operation: 'getAll',
		contactId: byId(contact.id as string),
		returnAll: false,
		limit: 130,
	});
	expect(result.items).toHaveLength(130);
	const cursor = new Date(Date.UTC(2026, 0, 1, 0, 100)).toISOString();
	expect(server.requestLines()).toEqual([
		`GET /v1/contacts/${contact.id}/activities?perPage=100`,
		`GET /v1/contacts/${contact.id}/activities?perPage=30&beforeDate=${encodeURIComponent(cursor)}`,
	]);
});

test('Get Many, every value an expression: each evaluated only as often as n8n needs; the activities of 3 contacts read', async () => {
	const ids = [0, 1, 2].map(() => server.seedContact().id as string);
	ids.forEach((contactId, i) =>
		server.state.activities.push({
			contactId,
			activityType: 'NOTE',
			date: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
			data: { i },
		}),
	);
	const result = await run(
		{
			resource: 'activity',
			operation: 'getAll',
			returnAll: true,
			contactId: byId('={{ $json.id }}'),
		},
		{ items: ids.map((id) => ({ id })) },
	);
	expect(result.error).toBeUndefined();
	expect(result.items.map((item) => item.json.data)).toEqual([{ i: 0 }, { i: 1 }, { i: 2 }]);
	expect(server.requestLines()).toEqual(
		ids.map((id) => `GET /v1/contacts/${id}/activities?perPage=100`),
	);
});
