import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import type { OperationDescription } from '../../../shared/resourceDescription';
import { paginatePages } from '../../shared/operationRouting';

const visitGetManyOperation: INodePropertyOptions = {
	name: 'Get Many',
	value: 'getAll',
	action: 'List visits of every or one contact',
	description:
		'Lists visits, newest first, of every contact or only of the contact given in Filters. Returns one item per visit with its ID, date, points and contact ID.',
	routing: { request: { method: 'GET', url: '/v1/visits' }, operations: { pagination: paginatePages } },
};

/** Where its collection entries are shown: the node holds one collection of each name for every operation (nodes/shared/resourceDescription.ts). */
const entryShown = { show: { '/resource': ['visit'], '/operation': ['getAll'] } };

/** Its Filters; Return All and Limit are shared (shared/sharedParameters.ts). */
const visitGetManyFilters: INodeProperties[] = [
	{ displayName: 'Contact ID', name: 'contactId', displayOptions: entryShown, type: 'string', default: '', description: 'Only visits of the contact with this ID, e.g. 5f1d3c0e9a7b; empty means every contact', routing: { send: { type: 'query', property: 'contactId' } } },
];

export const visitGetMany: OperationDescription = {
	option: visitGetManyOperation,
	collections: { filters: visitGetManyFilters },
};
