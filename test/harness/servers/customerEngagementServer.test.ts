/** The local Customer Engagement API keeps the spec's rules that the node depends on. */
import axios from 'axios';
import { useCustomerEngagementServer } from '../../support/setup';
import { CE_TOKEN } from '../../../harness/servers/customerEngagementServer';

const { server } = useCustomerEngagementServer();
const api = () =>
	axios.create({
		baseURL: server.url,
		headers: { Authorization: `Bearer ${CE_TOKEN}` },
		validateStatus: () => true,
	});

test('lists page with page/perPage, report X-Total-Count, and end with an empty array', async () => {
	for (let i = 0; i < 5; i++) server.seedContact();
	const first = await api().get('/v1/contacts', { params: { page: 1, perPage: 2 } });
	expect(first.status).toBe(200);
	expect(first.headers['x-total-count']).toBe('5');
	expect(first.data).toHaveLength(2);
	const last = await api().get('/v1/contacts', { params: { page: 3, perPage: 2 } });
	expect(last.data).toHaveLength(1);
	const after = await api().get('/v1/contacts', { params: { page: 4, perPage: 2 } });
	expect(after.data).toEqual([]);
	const capped = await api().get('/v1/contacts', { params: { perPage: 500 } });
	expect(capped.data).toHaveLength(5);
});

test('contacts list newest first by default', async () => {
	const a = server.seedContact();
	const b = server.seedContact();
	const { data } = await api().get('/v1/contacts');
	expect(data.map((c: { id: string }) => c.id)).toEqual([b.id, a.id]);
});

test('PUT of a contact sets every omitted field to null but keeps custom fields', async () => {
	server.state.customFields.set('cf_1', { id: 'cf_1', name: 'Size', type: 'text' });
	const created = await api().post('/v1/contacts', {
		firstName: 'Ann',
		lastName: 'Lee',
		email: 'ann@example.com',
		customFields: [{ id: 'cf_1', value: 'M', type: 'text' }],
	});
	expect(created.status).toBe(201);
	const updated = await api().put(`/v1/contacts/${created.data.id}`, {
		email: 'ann@example.com',
		lastName: 'Kim',
	});
	expect(updated.status).toBe(200);
	expect(updated.data).toMatchObject({
		firstName: null,
		lastName: 'Kim',
		email: 'ann@example.com',
	});
	// Every other updatable field (spec: create's fields), stored with a value first.
	server.state.labels.set('lb_1', { id: 'lb_1', name: 'VIP', color: 'GREY' });
	const full = {
		email: 'ann@example.com',
		firstName: 'Ann',
		lastName: 'Lee',
		phone: '+15550100',
		birthDate: '1990-05-17T00:00:00.000Z',
		type: 'POTENTIAL',
		description: 'regular',
		labels: [{ id: 'lb_1' }],
		unsubscribedFromText: true,
		unsubscribedFromEmail: true,
	};
	expect((await api().put(`/v1/contacts/${created.data.id}`, full)).data).toMatchObject({
		...full,
		labels: [{ id: 'lb_1', name: 'VIP', color: 'GREY' }],
	});
	const emptied = await api().put(`/v1/contacts/${created.data.id}`, { phone: '+15550100' });
	expect(emptied.data).toMatchObject({
		email: null,
		firstName: null,
		lastName: null,
		birthDate: null,
		type: null,
		description: null,
		labels: [],
		unsubscribedFromText: null,
		unsubscribedFromEmail: null,
	});
	expect(emptied.data.customFields).toEqual([{ id: 'cf_1', type: 'text', value: 'M' }]);
	expect(updated.data.customFields).toEqual([{ id: 'cf_1', type: 'text', value: 'M' }]);
});

test('PUT of a reward sets every omitted field to null (type and expires too); create gives them defaults', async () => {
	const created = await api().post('/v1/loyalty-rewards', {
		title: 'Coffee',
		points: 10,
		quantity: { total: 5, perContact: 2 },
		startDate: '2026-01-01T00:00:00.000Z',
		expiredDate: '2027-01-01T00:00:00.000Z',
		expires: true,
		type: 'CASH_DISCOUNT',
		value: 3,
		itemId: 'sku-1',
		itemName: 'Latte',
	});
	expect(created.status).toBe(201);
	const updated = await api().put(`/v1/loyalty-rewards/${created.data.id}`, { points: 12 });
	expect(updated.status).toBe(200);
	expect(updated.data).toMatchObject({
		title: 'Coffee',
		points: 12,
		quantity: { total: null, perContact: null },
		startDate: null,
		expiredDate: null,
		expires: null,
		type: null,
		value: null,
		itemId: null,
		itemName: null,
	});
	const plain = await api().post('/v1/loyalty-rewards', { title: 'Tea', points: 1 });
	expect(plain.data).toMatchObject({
		type: 'ITEM',
		expires: false,
		value: null,
		quantity: { total: null, perContact: null },
	});
});

test.each([
	['/v1/contacts/nope', 'Contact nope not found'],
	['/v1/labels/nope', 'Label nope not found'],
	['/v1/visits/nope', 'Visit nope not found'],
	['/v1/loyalty-rewards/nope', 'Loyalty reward nope not found'],
])('unknown id %s answers 404 RESOURCE_NOT_FOUND', async (path, message) => {
	const response = await api().get(path);
	expect(response.status).toBe(404);
	expect(response.data).toEqual({ errorCode: 'RESOURCE_NOT_FOUND', message });
});

test('missing and invalid tokens', async () => {
	const missing = await axios.get(`${server.url}/v1/contacts`, { validateStatus: () => true });
	expect(missing.status).toBe(401);
	expect(missing.data.errorCode).toBe('MISSING_TOKEN');
	const invalid = await axios.get(`${server.url}/v1/contacts`, {
		headers: { Authorization: 'Bearer nope' },
		validateStatus: () => true,
	});
	expect(invalid.data.errorCode).toBe('INVALID_TOKEN');
});

test('bulk visits answer [] when a contactId is unknown, and create nothing', async () => {
	const contact = server.seedContact();
	const response = await api().post('/v1/visits/all', [
		{ contactId: contact.id },
		{ contactId: 'ghost' },
	]);
	expect(response.status).toBe(201);
	expect(response.data).toEqual([]);
	expect(server.state.visits.size).toBe(0);
});

test('contact create needs an email or a phone; duplicates are rejected', async () => {
	const none = await api().post('/v1/contacts', { firstName: 'X' });
	expect(none.status).toBe(400);
	expect(none.data.errorCode).toBe('MISSING_REQUIRED_FIELD');
	await api().post('/v1/contacts', { email: 'a@example.com' });
	const dup = await api().post('/v1/contacts', { email: 'a@example.com' });
	expect(dup.data.errorCode).toBe('RESOURCE_ALREADY_EXISTS');
});

test('fault injection: the next request answers 429 with Retry-After, then normal service', async () => {
	server.injectFault({ kind: 'status', status: 429, retryAfter: '2' });
	const limited = await api().get('/v1/labels');
	expect(limited.status).toBe(429);
	expect(limited.headers['retry-after']).toBe('2');
	expect(limited.data.errorCode).toBe('TOO_MANY_REQUESTS');
	expect((await api().get('/v1/labels')).status).toBe(200);
});

test('rate-limit mode answers 429 beyond the allowed requests per window', async () => {
	server.setRateLimit({ requests: 2, windowMs: 60_000 });
	const statuses = [];
	for (let i = 0; i < 3; i++) statuses.push((await api().get('/v1/labels')).status);
	expect(statuses).toEqual([200, 200, 429]);
});
