/** The multi-selects' options (loadOptions/), through n8n's LoadOptionsContext against the stand-in. */
import { runLoadOptions } from '../../harness/engine';
import { useCustomerEngagementServer } from '../support/setup';

describe('Customer Engagement', () => {
	const { server, credentials } = useCustomerEngagementServer();
	const load = async (method: string) =>
		await runLoadOptions({ type: 'customerEngagement', method, credentials: credentials() });

	test.each([
		[0, 1],
		[99, 1],
		[100, 2],
		[150, 2],
	])(
		'Labels: all %i labels, paged through in %i request(s), named, with their colour',
		async (n, requests) => {
			for (let i = 0; i < n; i++)
				server.state.labels.set(`lb_${i}`, {
					id: `lb_${i}`,
					name: `Label ${i}`,
					color: i % 2 ? 'RED' : 'GREY',
				});
			const options = await load('getLabels');
			expect(options).toHaveLength(n);
			if (n)
				expect(options[n - 1]).toEqual({
					name: `Label ${n - 1}`,
					value: `lb_${n - 1}`,
					description: (n - 1) % 2 ? 'RED' : 'GREY',
				});
			expect(server.requestLines()).toEqual(
				Array.from({ length: requests }, (_, i) => `GET /v1/labels?page=${i + 1}&perPage=100`),
			);
		},
	);

	test('Labels: a label without a colour has no description', async () => {
		server.state.labels.set('lb_1', { id: 'lb_1', name: 'VIP' } as never);
		expect(await load('getLabels')).toEqual([{ name: 'VIP', value: 'lb_1', description: '' }]);
	});

	test('Custom Fields: named with their type; select fields list their options as "name = ID"', async () => {
		server.state.customFields.set('cf_1', {
			id: 'cf_1',
			name: 'Size',
			type: 'single_select',
			options: [
				{ id: 'op_s', value: 'S' },
				{ id: 'op_m', value: 'M' },
			],
		});
		server.state.customFields.set('cf_2', { id: 'cf_2', name: 'Note', type: 'text' });
		server.state.customFields.set('cf_3', {
			id: 'cf_3',
			name: 'Tags',
			type: 'multi_select',
			options: [],
		});
		expect(await load('getCustomFields')).toEqual([
			{
				name: 'Size (single select)',
				value: 'cf_1',
				description: 'Options (enter the name or the ID): S = op_s, M = op_m',
			},
			{ name: 'Note (text)', value: 'cf_2', description: undefined },
			{ name: 'Tags (multi select)', value: 'cf_3', description: undefined },
		]);
		expect(server.requestLines()).toEqual(['GET /v1/custom-fields']);
	});
});
