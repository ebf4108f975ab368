/** Custom Field (resources/customField/): the account's custom field definitions, through n8n's engine against the stand-in. */
import { byId } from '../../harness/engine';
import { useCustomerEngagementServer } from '../support/setup';

const { server, run } = useCustomerEngagementServer();
const json = (result: Awaited<ReturnType<typeof run>>) => result.items.map((i) => i.json);

/** Two text custom fields, as the account has them. */
function seedFields() {
	server.state.customFields.set('cf_size', { id: 'cf_size', name: 'Size', type: 'text' });
	server.state.customFields.set('cf_city', { id: 'cf_city', name: 'City', type: 'text' });
}

describe('custom field', () => {
	test('create a select field with options', async () => {
		const result = await run({
			resource: 'customField',
			operation: 'create',
			name: 'Size',
			type: 'single_select',
			additionalFields: { options: ['S', 'M'] },
		});
		expect(server.requestLines()).toEqual(['POST /v1/custom-fields']);
		expect(server.requests[0].body).toEqual({
			name: 'Size',
			type: 'single_select',
			options: [{ value: 'S' }, { value: 'M' }],
		});
		expect(json(result)[0]).toMatchObject({
			name: 'Size',
			options: [{ value: 'S' }, { value: 'M' }],
		});
	});

	test('option values and IDs an expression gives as numbers are sent as text (the API wants text: a number was refused as no value)', async () => {
		await run({
			resource: 'customField',
			operation: 'create',
			name: 'Shoe',
			type: 'single_select',
			additionalFields: { options: ['={{ 42 }}', '43'] },
		});
		server.state.customFields.set('cf_s', {
			id: 'cf_s',
			name: 'S',
			type: 'single_select',
			options: [{ id: '7', value: 'Small' }],
		});
		const result = await run({
			resource: 'customField',
			operation: 'updateOptions',
			customFieldId: byId('cf_s'),
			options: {
				option: [
					{ id: '={{ 7 }}', value: '={{ 36 }}' },
					{ id: '', value: '={{ 0 }}' },
				],
			},
		});
		expect(result.error).toBeUndefined();
		expect(server.requests.map((r) => r.body)).toEqual([
			{ name: 'Shoe', type: 'single_select', options: [{ value: '42' }, { value: '43' }] },
			{ options: [{ id: '7', value: '36' }, { value: '0' }] },
		]);
		expect((json(result)[0].options as Array<{ value: string }>).map((o) => o.value)).toEqual([
			'36',
			'0',
		]);
	});

	test('getAll with a limit', async () => {
		seedFields();
		const result = await run({
			resource: 'customField',
			operation: 'getAll',
			returnAll: false,
			limit: 1,
		});
		expect(server.requestLines()).toEqual(['GET /v1/custom-fields']);
		expect(json(result)).toEqual([{ id: 'cf_size', name: 'Size', type: 'text', typeName: 'Text' }]);
	});

	test('the type is also given in words', async () => {
		const result = await run({
			resource: 'customField',
			operation: 'create',
			name: 'Size',
			type: 'single_select',
			additionalFields: { options: ['S'] },
		});
		expect(json(result)[0]).toMatchObject({ type: 'single_select', typeName: 'Single select' });
	});

	test('rename sends the name as a JSON string body', async () => {
		seedFields();
		const result = await run({
			resource: 'customField',
			operation: 'rename',
			customFieldId: byId('cf_size'),
			name: 'T-shirt "size"',
		});
		expect(server.requestLines()).toEqual(['PUT /v1/custom-fields/cf_size/name']);
		expect(server.requests[0].rawBody).toBe('"T-shirt \\"size\\""');
		expect(json(result)[0]).toEqual({
			id: 'cf_size',
			name: 'T-shirt "size"',
			message: 'Custom field name updated to T-shirt "size"',
		});
		expect(server.state.customFields.get('cf_size')?.name).toBe('T-shirt "size"');
	});

	test('rename: an answer that is data rather than a string is given as its JSON text', async () => {
		seedFields();
		server.injectFault({ kind: 'status', status: 200, body: { renamed: true } });
		const result = await run({
			resource: 'customField',
			operation: 'rename',
			customFieldId: byId('cf_size'),
			name: 'Fit',
		});
		expect(server.requestLines()).toEqual(['PUT /v1/custom-fields/cf_size/name']);
		expect(json(result)).toEqual([{ id: 'cf_size', name: 'Fit', message: '{"renamed":true}' }]);
	});

	test('updateOptions changes an option by id and adds one without', async () => {
		server.state.customFields.set('cf_s', {
			id: 'cf_s',
			name: 'S',
			type: 'single_select',
			options: [{ id: 'op_1', value: 'Small' }],
		});
		const result = await run({
			resource: 'customField',
			operation: 'updateOptions',
			customFieldId: byId('cf_s'),
			options: {
				option: [
					{ id: 'op_1', value: 'S' },
					{ id: '', value: 'M' },
				],
			},
		});
		expect(server.requestLines()).toEqual(['PUT /v1/custom-fields/cf_s/option']);
		expect(server.requests[0].body).toEqual({
			options: [{ id: 'op_1', value: 'S' }, { value: 'M' }],
		});
		expect((json(result)[0].options as Array<{ value: string }>).map((o) => o.value)).toEqual([
			'S',
			'M',
		]);
	});

	test('a duplicate name shows the API message', async () => {
		seedFields();
		const result = await run({
			resource: 'customField',
			operation: 'create',
			name: 'Size',
			type: 'text',
		});
		expect(result.error?.message).toBe(
			'The Customer Engagement API rejected the request (NOT_UNIQUE): A custom field named "Size" already exists',
		);
	});

	test('Create, every value an expression: each evaluated only as often as n8n needs; 3 fields sent', async () => {
		const result = await run(
			{
				resource: 'customField',
				operation: 'create',
				name: '={{ $json.name }}',
				type: 'single_select',
				additionalFields: { options: '={{ $json.options }}' },
			},
			{ items: [0, 1, 2].map((i) => ({ name: `F${i}`, options: ['A', 'B'] })) },
		);
		expect(result.error).toBeUndefined();
		expect(json(result).map((f) => f.name)).toEqual(['F0', 'F1', 'F2']);
		expect(server.requestLines()).toEqual([
			'POST /v1/custom-fields',
			'POST /v1/custom-fields',
			'POST /v1/custom-fields',
		]);
		expect(server.requests.map((r) => r.body)).toEqual(
			[0, 1, 2].map((i) => ({
				name: `F${i}`,
				type: 'single_select',
				options: [{ value: 'A' }, { value: 'B' }],
			})),
		);
	});

	test('Get Many, on 3 items: no expression of its own; the fields read 3 times', async () => {
		seedFields();
		const result = await run(
			{ resource: 'customField', operation: 'getAll', returnAll: true },
			{ items: [{}, {}, {}] },
		);
		expect(result.error).toBeUndefined();
		expect(json(result).map((f) => f.id)).toEqual([
			'cf_size',
			'cf_city',
			'cf_size',
			'cf_city',
			'cf_size',
			'cf_city',
		]);
		expect(server.requestLines()).toEqual([
			'GET /v1/custom-fields',
			'GET /v1/custom-fields',
			'GET /v1/custom-fields',
		]);
	});

	test('Rename, every value an expression: each evaluated only as often as n8n needs; 3 names sent', async () => {
		seedFields();
		const result = await run(
			{
				resource: 'customField',
				operation: 'rename',
				customFieldId: byId('={{ $json.field }}'),
				name: '={{ $json.name }}',
			},
			{ items: [0, 1, 2].map((i) => ({ field: 'cf_size', name: `N${i}` })) },
		);
		expect(result.error).toBeUndefined();
		expect(json(result).map((f) => [f.id, f.name])).toEqual(
			[0, 1, 2].map((i) => ['cf_size', `N${i}`]),
		);
		expect(server.requestLines()).toEqual(Array(3).fill('PUT /v1/custom-fields/cf_size/name'));
		expect(server.requests.map((r) => r.rawBody)).toEqual(['"N0"', '"N1"', '"N2"']);
	});

	test('Update Options, every value an expression: each evaluated only as often as n8n needs; 3 option lists sent', async () => {
		server.state.customFields.set('cf_s', {
			id: 'cf_s',
			name: 'S',
			type: 'single_select',
			options: [],
		});
		const result = await run(
			{
				resource: 'customField',
				operation: 'updateOptions',
				customFieldId: byId('={{ $json.field }}'),
				options: { option: [{ id: '', value: '={{ $json.value }}' }] },
			},
			{ items: [0, 1, 2].map((i) => ({ field: 'cf_s', value: `V${i}` })) },
		);
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(3);
		expect(server.requestLines()).toEqual(Array(3).fill('PUT /v1/custom-fields/cf_s/option'));
		expect(server.requests.map((r) => r.body)).toEqual(
			[0, 1, 2].map((i) => ({ options: [{ value: `V${i}` }] })),
		);
	});
});
