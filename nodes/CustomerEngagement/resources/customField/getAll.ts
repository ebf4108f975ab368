import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { limitParameter, returnAllParameter } from '../../../shared/returnAllLimit';
import { withTypeName } from './fieldTypes';

const showOnlyForCustomFieldGetMany = { resource: ['customField'], operation: ['getAll'] };

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

export const customFieldGetManyDescription: INodeProperties[] = [
	{ ...returnAllParameter, displayOptions: { show: showOnlyForCustomFieldGetMany } },
	{
		...limitParameter,
		displayOptions: { show: { ...showOnlyForCustomFieldGetMany, returnAll: [false] } },
	},
];
