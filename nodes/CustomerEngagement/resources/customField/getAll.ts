import type { INodePropertyOptions } from 'n8n-workflow';
import type { OperationDescription } from '../../../shared/resourceDescription';
import { withTypeName } from './fieldTypes';

/** Its parameters, Return All and Limit, are shared (shared/sharedParameters.ts). */
const customFieldGetManyOperation: INodePropertyOptions = {
	name: 'Get Many',
	value: 'getAll',
	action: 'List the custom fields of contacts',
	description: 'Lists the custom fields defined for contacts. Returns one item per field with its ID, name, type and, for a select field, its options.',
	routing: { request: { method: 'GET', url: '/v1/custom-fields' }, output: { postReceive: [withTypeName] } },
};

export const customFieldGetMany: OperationDescription = {
	option: customFieldGetManyOperation,
};
