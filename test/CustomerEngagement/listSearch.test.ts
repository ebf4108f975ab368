/** The resource-locator searches (listSearch/), run as the editor runs them, against the stand-in. */
import { runListSearch } from '../../harness/engine';
import { useCustomerEngagementServer } from '../support/setup';

describe('Customer Engagement', () => {
	const { server, credentials } = useCustomerEngagementServer();
	const search = (method: string, filter?: string, paginationToken?: string) =>
		runListSearch({
			type: 'customerEngagement',
			method,
			credentials: credentials(),
			filter,
			paginationToken,
		});

	test('contacts: an email uses the exact filter; a name matches locally; pages through with a token', async () => {
		server.seedContact({ firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com' });
		for (let i = 0; i < 120; i++) server.seedContact({ firstName: `Bob${i}` });
		const byEmail = await search('searchContacts', 'ann@example.com');
		expect(byEmail.results).toEqual([
			{ name: 'Ann Lee (ann@example.com)', value: expect.any(String) },
		]);
		expect(server.requestLines()[0]).toBe(
			'GET /v1/contacts?email=ann%40example.com&page=1&perPage=100',
		);
		const first = await search('searchContacts');
		expect(first.results).toHaveLength(100);
		expect(first.paginationToken).toBe('2');
		const second = await search('searchContacts', undefined, '2');
		expect(second.results).toHaveLength(21);
		expect(second.paginationToken).toBeUndefined();
		const byName = await search('searchContacts', 'lee');
		expect(byName.results).toEqual([]); // Ann is on page 2 (newest first); the token walks on
		expect(byName.paginationToken).toBe('2');
	});

	test('contacts: an email typed with spaces around it is searched without them', async () => {
		server.seedContact({ firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com' });
		const byEmail = await search('searchContacts', '  ann@example.com ');
		expect(server.requestLines()).toEqual([
			'GET /v1/contacts?email=ann%40example.com&page=1&perPage=100',
		]);
		expect(byEmail.results).toEqual([
			{ name: 'Ann Lee (ann@example.com)', value: expect.any(String) },
		]);
	});

	test('contacts: exactly 100 give no token when the total says so, a token to an empty page when the total is missing', async () => {
		for (let i = 0; i < 100; i++) server.seedContact({ firstName: `Bob${i}` });
		expect((await search('searchContacts')).paginationToken).toBeUndefined();
		server.reportTotals = false;
		expect((await search('searchContacts')).paginationToken).toBe('2');
		const after = await search('searchContacts', undefined, '2');
		expect(after).toEqual({ results: [], paginationToken: undefined });
	});

	test.each([
		['+1 (555) 010-1234', 'phone=%2B15550101234'],
		['555.010.12', 'phone=55501012'],
		['  123456  ', 'phone=123456'],
	])(
		'contacts: %j looks like a phone: the exact phone filter, spaces, dots, dashes and brackets dropped',
		async (term, query) => {
			const contact = server.seedContact({
				firstName: 'Pat',
				lastName: 'Kim',
				phone: '+15550101234',
			});
			server.seedContact({ firstName: 'Other' });
			const found = await search('searchContacts', term);
			expect(server.requestLines()).toEqual([`GET /v1/contacts?${query}&page=1&perPage=100`]);
			// Whatever the API's filter answers is kept (no local matching on top).
			if (query === 'phone=%2B15550101234')
				expect(found.results).toEqual([
					{ name: `Pat Kim (${String(contact.email)})`, value: String(contact.id) },
				]);
		},
	);

	test.each(['12345', 'a123456', '123456b', '++123456'])(
		'contacts: %j is no phone (too short, or other characters): names are matched locally',
		async (term) => {
			server.seedContact({ firstName: 'Room', lastName: term });
			server.seedContact({ firstName: 'Other' });
			const found = await search('searchContacts', term);
			expect(server.requestLines()).toEqual(['GET /v1/contacts?page=1&perPage=100']);
			expect(found.results.map((r) => r.name)).toEqual([expect.stringContaining(`Room ${term}`)]);
		},
	);

	test('contacts: a contact with only a last name is named by it', async () => {
		server.seedContact({ firstName: '', lastName: 'Solo', email: 'solo@example.com' });
		expect((await search('searchContacts', 'solo@example.com')).results.map((r) => r.name)).toEqual(
			['Solo (solo@example.com)'],
		);
	});

	test('custom fields: a filter keeps the fields whose name holds it, whatever the case and spaces; none keeps all', async () => {
		server.state.customFields.set('cf_1', { id: 'cf_1', name: 'Shoe Size', type: 'text' });
		server.state.customFields.set('cf_2', {
			id: 'cf_2',
			name: 'Colour',
			type: 'single_select',
			options: [],
		});
		expect((await search('searchCustomFields', ' size ')).results).toEqual([
			{ name: 'Shoe Size (text)', value: 'cf_1' },
		]);
		expect((await search('searchCustomFields')).results.map((r) => r.value)).toEqual([
			'cf_1',
			'cf_2',
		]);
		expect((await search('searchCustomFields', 'zzz')).results).toEqual([]);
	});

	test('a filter is matched without the spaces around it; only spaces match everything', async () => {
		server.state.labels.set('lb_1', { id: 'lb_1', name: 'VIP', color: 'RED' });
		server.state.labels.set('lb_2', { id: 'lb_2', name: 'New', color: 'GREY' });
		expect((await search('searchLabels', ' Vi ')).results).toEqual([
			{ name: 'VIP', value: 'lb_1' },
		]);
		expect((await search('searchLabels', '   ')).results).toHaveLength(2);
		// The list opened without typing: n8n passes no filter.
		expect((await search('searchLabels', undefined)).results).toHaveLength(2);
	});

	test('a record without a name matches no filter (not as the text "null" or "undefined")', async () => {
		server.state.labels.set('lb_1', { id: 'lb_1', name: null, color: 'RED' });
		server.state.labels.set('lb_2', { id: 'lb_2', name: 'New', color: 'GREY' });
		expect((await search('searchLabels', 'e')).results).toEqual([{ name: 'New', value: 'lb_2' }]);
		expect((await search('searchLabels', 'null')).results).toEqual([]);
	});

	test('labels, rewards and custom fields match by name', async () => {
		server.state.labels.set('lb_1', { id: 'lb_1', name: 'VIP', color: 'RED' });
		server.state.labels.set('lb_2', { id: 'lb_2', name: 'New', color: 'GREY' });
		server.state.customFields.set('cf_1', { id: 'cf_1', name: 'Size', type: 'text' });
		server.state.rewards.set('rw_1', {
			id: 'rw_1',
			title: 'Coffee',
			points: 10,
			quantity: { total: null, perContact: null },
		});
		expect((await search('searchLabels', 'vi')).results).toEqual([{ name: 'VIP', value: 'lb_1' }]);
		expect((await search('searchCustomFields', 'size')).results).toEqual([
			{ name: 'Size (text)', value: 'cf_1' },
		]);
		expect((await search('searchRewards', 'cof')).results).toEqual([
			{ name: 'Coffee (10 points)', value: 'rw_1' },
		]);
	});

	test('a wrong token in a search gives the same plain message as the operations', async () => {
		server.token = 'another';
		await expect(search('searchLabels')).rejects.toThrow(
			'The Customer Engagement API rejected the access token (INVALID_TOKEN)',
		);
	});

	test("a 400 in a search is an error in the API's words, not an empty list", async () => {
		server.injectFault({
			kind: 'status',
			status: 400,
			body: { errorCode: 'ILLEGAL_ARGUMENT', message: 'perPage is too large' },
		});
		await expect(search('searchLabels')).rejects.toThrow(
			'The Customer Engagement API rejected the request (ILLEGAL_ARGUMENT): perPage is too large',
		);
		expect(server.requests).toHaveLength(1);
	});

	test('a search is paced by Retry-After like the operations: one beyond the bound fails at once, saying why', async () => {
		server.injectFault({ kind: 'status', status: 429, retryAfter: '3600' });
		const failure = search('searchLabels');
		await expect(failure).rejects.toThrow(
			'Rate limit reached: the Customer Engagement API answered 429',
		);
		await expect(failure).rejects.toMatchObject({
			description: expect.stringContaining('waiting longer would exceed 120 s'),
		});
		expect(server.requests).toHaveLength(1);
	});
});
