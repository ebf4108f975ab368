import type { INodePropertyOptions } from 'n8n-workflow';
import { withTypeName } from './fieldTypes';

export const customFieldGetManyOperation: INodePropertyOptions = {
	name: 'Get Many',
	value: 'getAll',
	action: 'List the custom fields of contacts',
	description:
		'Lists the custom fields defined for contacts. Returns one item per field with its ID, name, type and, for a select field, its options.',
	// One answer holds every field; Limit trims it.
	routing: {
		request: { method: 'GET', url: '/v1/custom-fields' },
		output: { postReceive: [withTypeName] },
	},
};
