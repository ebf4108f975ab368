import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { paginatePages } from '../../shared/pages';

const showOnlyForVisitGetMany = { resource: ['visit'], operation: ['getAll'] };

export const visitGetManyOperation: INodePropertyOptions = {
	name: 'Get Many',
	value: 'getAll',
	action: 'List visits of every or one contact',
	description:
		'Lists visits, newest first, of every contact or only of the contact given in Filters. Returns one item per visit with its ID, date, points and contact ID.',
	routing: {
		request: { method: 'GET', url: '/v1/visits' },
		operations: { pagination: paginatePages },
	},
};

export const visitGetManyDescription: INodeProperties[] = [
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		displayOptions: { show: showOnlyForVisitGetMany },
		options: [
			{
				displayName: 'Contact ID',
				name: 'contactId',
				type: 'string',
				default: '',
				description:
					'Only visits of the contact with this ID, e.g. 5f1d3c0e9a7b; empty means every contact',
				routing: { send: { type: 'query', property: 'contactId' } },
			},
		],
	},
];
