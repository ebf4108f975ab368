/**
 * The fields of a contact (resources/contact/fields.ts): custom field values (a select field
 * takes the option's name or ID, the field definitions are read once per execution and
 * account, and an empty value clears the field), and Update's Email, refused when it is not
 * an address. Through n8n's engine against the stand-in.
 */
import { useCustomerEngagementServer } from '../support/setup';
import { keptDefinitionReads } from '../../nodes/CustomerEngagement/resources/contact/fields';

const { server, run } = useCustomerEngagementServer();

describe('select custom fields take the option name or ID', () => {
	const seedSelects = () => {
		server.state.customFields.set('cf_size', {
			id: 'cf_size',
			name: 'Size',
			type: 'single_select',
			options: [
				{ id: 'op_s', value: 'S' },
				{ id: 'op_m', value: 'M' },
			],
		});
		server.state.customFields.set('cf_tags', {
			id: 'cf_tags',
			name: 'Tags',
			type: 'multi_select',
			options: [
				{ id: 'op_a', value: 'Alpha' },
				{ id: 'op_b', value: 'Beta' },
			],
		});
		server.state.customFields.set('cf_city', { id: 'cf_city', name: 'City', type: 'text' });
	};
	const create = (
		fields: Array<{ id: string; value: string }>,
		items?: object[],
		execution: { executionId?: string; credentialId?: string } = {},
	) =>
		run(
			{
				resource: 'contact',
				operation: 'create',
				email: '={{ $json.email }}',
				simplify: false,
				additionalFields: { customFields: { field: fields } },
			},
			{ items: items ?? [{ email: 'a@example.com' }], ...execution },
		);

	test('names (any case, from expressions too) and IDs become IDs; other types are sent as given; one definitions read for all items', async () => {
		seedSelects();
		const result = await create(
			[
				{ id: 'cf_size', value: '={{ $json.size }}' },
				{ id: 'cf_tags', value: 'alpha, op_b' },
				{ id: 'cf_city', value: 'M' },
			],
			[
				{ email: 'a@example.com', size: 'm' },
				{ email: 'b@example.com', size: 'op_s' },
				{ email: 'c@example.com', size: 'S' },
			],
		);
		expect(result.error).toBeUndefined();
		expect(server.requestLines()).toEqual([
			'GET /v1/custom-fields',
			'POST /v1/contacts',
			'POST /v1/contacts',
			'POST /v1/contacts',
		]);
		expect(
			server.requests.slice(1).map((r) => (r.body as { customFields: unknown }).customFields),
		).toEqual(
			['op_m', 'op_s', 'op_s'].map((size) => [
				{ id: 'cf_size', value: size },
				{ id: 'cf_tags', value: 'op_a,op_b' },
				{ id: 'cf_city', value: 'M' },
			]),
		);
	});

	test.each([
		[
			'a name that is not an option',
			'cf_size',
			'XL',
			'Custom field "Size": "XL" is not one of its options',
			'Use an option name or ID: S (op_s), M (op_m).',
		],
		[
			'a select field without options',
			'cf_none',
			'Any',
			'Custom field "Empty": "Any" is not one of its options',
			'Use an option name or ID: the field has no options.',
		],
	])(
		'%s is refused before the contact is written, naming the field and its options',
		async (_case, id, value, message, description) => {
			seedSelects();
			server.state.customFields.set('cf_none', {
				id: 'cf_none',
				name: 'Empty',
				type: 'single_select',
				options: [],
			});
			const result = await create([{ id, value }]);
			expect(result.error?.message).toBe(message);
			expect(result.error?.description).toBe(description);
			expect(server.requestLines()).toEqual(['GET /v1/custom-fields']);
		},
	);

	test('blank entries of a multi-select list are left out, not refused as options', async () => {
		seedSelects();
		const result = await create([{ id: 'cf_tags', value: 'Alpha, ,Beta,' }]);
		expect(result.error).toBeUndefined();
		expect((server.requests[1].body as { customFields: unknown }).customFields).toEqual([
			{ id: 'cf_tags', value: 'op_a,op_b' },
		]);
	});

	test('a blank value among others reads the definitions once and clears its field; a select cleared with spaces is sent as empty', async () => {
		seedSelects();
		const result = await create([
			{ id: 'cf_city', value: '' },
			{ id: 'cf_size', value: 'S' },
			{ id: 'cf_tags', value: '  ' },
		]);
		expect(result.error).toBeUndefined();
		expect(server.requestLines()).toEqual(['GET /v1/custom-fields', 'POST /v1/contacts']);
		expect((server.requests[1].body as { customFields: unknown }).customFields).toEqual([
			{ id: 'cf_city', value: '' },
			{ id: 'cf_size', value: 'op_s' },
			{ id: 'cf_tags', value: '' },
		]);
	});

	test('a single-select option whose name holds a comma is one option, not a list', async () => {
		server.state.customFields.set('cf_fit', {
			id: 'cf_fit',
			name: 'Fit',
			type: 'single_select',
			options: [{ id: 'op_r', value: 'Regular, long' }],
		});
		const result = await create([{ id: 'cf_fit', value: 'Regular, long' }]);
		expect(result.error).toBeUndefined();
		expect((server.requests[1].body as { customFields: unknown }).customFields).toEqual([
			{ id: 'cf_fit', value: 'op_r' },
		]);
	});

	test('a custom field ID the definitions do not know is sent as given (the API answers for it)', async () => {
		seedSelects();
		const result = await create([
			{ id: 'cf_gone', value: 'x' },
			{ id: 'cf_size', value: 'M' },
		]);
		expect(server.requestLines()).toEqual(['GET /v1/custom-fields', 'POST /v1/contacts']);
		expect((server.requests[1].body as { customFields: unknown }).customFields).toEqual([
			{ id: 'cf_gone', value: 'x' },
			{ id: 'cf_size', value: 'op_m' },
		]);
		expect(result.error?.message).toBe(
			'The Customer Engagement API rejected the request (ILLEGAL_ARGUMENT): Each custom field needs the id of an existing custom field',
		);
	});

	test('a value an expression gives as nothing clears the field (never the text "undefined")', async () => {
		seedSelects();
		const result = await create([{ id: 'cf_city', value: '={{ $json.nothing }}' }]);
		expect(result.error).toBeUndefined();
		expect((server.requests.at(-1)!.body as { customFields: unknown }).customFields).toEqual([
			{ id: 'cf_city', value: '' },
		]);
	});

	test('definitions are kept for the last 8 executions of this process, not for every execution', async () => {
		seedSelects();
		for (let i = 0; i < 10; i++) await create([{ id: 'cf_size', value: 'S' }]);
		expect(server.requestLines().filter((line) => line === 'GET /v1/custom-fields')).toHaveLength(
			10,
		);
		expect(keptDefinitionReads()).toBe(8);
	});

	test('two nodes of one execution with different accounts each read their own definitions', async () => {
		seedSelects();
		const first = await create([{ id: 'cf_size', value: 'S' }], undefined, {
			executionId: 'execution-two-accounts',
			credentialId: 'account-a',
		});
		expect(first.error).toBeUndefined();
		// The second account's field has an option the first account's read did not see.
		server.state.customFields.set('cf_size', {
			id: 'cf_size',
			name: 'Size',
			type: 'single_select',
			options: [{ id: 'op_xl', value: 'XL' }],
		});
		const second = await create([{ id: 'cf_size', value: 'XL' }], [{ email: 'b@example.com' }], {
			executionId: 'execution-two-accounts',
			credentialId: 'account-b',
		});
		expect(second.error).toBeUndefined();
		expect(server.requestLines()).toEqual([
			'GET /v1/custom-fields',
			'POST /v1/contacts',
			'GET /v1/custom-fields',
			'POST /v1/contacts',
		]);
		expect((server.requests[3].body as { customFields: unknown }).customFields).toEqual([
			{ id: 'cf_size', value: 'op_xl' },
		]);
	});

	test('a failed definitions read is not kept: the next node of the execution reads again', async () => {
		seedSelects();
		server.injectFault(
			{ kind: 'status', status: 403, body: { code: 'FORBIDDEN', message: 'Not allowed' } },
			1,
			(req) => req.path === '/v1/custom-fields',
		);
		const first = await create([{ id: 'cf_size', value: 'S' }], undefined, {
			executionId: 'execution-failed-read',
		});
		expect(first.error?.message).toContain('Not allowed');
		const second = await create([{ id: 'cf_size', value: 'S' }], [{ email: 'b@example.com' }], {
			executionId: 'execution-failed-read',
		});
		expect(second.error).toBeUndefined();
		expect(server.requestLines()).toEqual([
			'GET /v1/custom-fields',
			'GET /v1/custom-fields',
			'POST /v1/contacts',
		]);
	});

	test('empty values clear the field without reading the definitions', async () => {
		seedSelects();
		await create([
			{ id: 'cf_size', value: '' },
			{ id: 'cf_tags', value: '  ' },
		]);
		expect(server.requestLines()).toEqual(['POST /v1/contacts']);
	});
});

describe("Update's Email must be an address", () => {
	test.each(['carla.example.com', 'carla @example.com'])(
		'%j is refused before the contact is read, naming the field',
		async (email) => {
			const contact = server.seedContact({ email: 'carla@example.com' });
			const result = await run({
				resource: 'contact',
				operation: 'update',
				contactId: { __rl: true, mode: 'id', value: contact.id },
				updateFields: { email },
			});
			expect(result.error?.message).toBe(`Email: "${email}" is not an email address`);
			expect(result.error?.description).toBe(
				'Enter an address such as name@example.com: with an @ and no spaces.',
			);
			expect(server.requests).toHaveLength(0);
			expect(server.state.contacts.get(contact.id as string)?.email).toBe('carla@example.com');
		},
	);

	test('an address is written', async () => {
		const contact = server.seedContact({ email: 'carla@example.com' });
		const result = await run({
			resource: 'contact',
			operation: 'update',
			contactId: { __rl: true, mode: 'id', value: contact.id },
			updateFields: { email: 'carla.g@example.com' },
		});
		expect(result.error).toBeUndefined();
		expect(server.state.contacts.get(contact.id as string)?.email).toBe('carla.g@example.com');
	});

	test('an address from an expression is written trimmed (a look-up by email matches it exactly)', async () => {
		const contact = server.seedContact({ email: 'carla@example.com' });
		const result = await run(
			{
				resource: 'contact',
				operation: 'update',
				contactId: { __rl: true, mode: 'id', value: contact.id },
				updateFields: { email: '={{ $json.email }}' },
			},
			{ items: [{ email: ' carla.g@example.com\n' }] },
		);
		expect(result.error).toBeUndefined();
		expect(server.requests.at(-1)?.body).toMatchObject({ email: 'carla.g@example.com' });
		expect(server.state.contacts.get(contact.id as string)?.email).toBe('carla.g@example.com');
	});
});
