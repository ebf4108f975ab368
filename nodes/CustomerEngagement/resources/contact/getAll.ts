import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import type { OperationDescription } from '../../../shared/resourceDescription';
import { paginatePages } from '../../shared/operationRouting';
import { simplifyContacts } from './simplify';

/** The API needs sort and order together; the option holds both as "SORT:ORDER". */
async function sortAndOrder(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
	const qs = requestOptions.qs as IDataObject;
	const [sort, order] = String(qs.sort).split(':');
	Object.assign(qs, { sort, order });
	return requestOptions;
}

/** Its parameters are shared: Return All and Limit, Simplify, and its Filters and Options below (shared/collections.ts). */
const contactGetManyOperation: INodePropertyOptions = {
	name: 'Get Many',
	value: 'getAll',
	action: 'List contacts or find by email or phone',
	description:
		'Lists contacts, newest registration first, or finds the contact with exactly the email or phone given in Filters. Returns one item per contact, with its ID.',
	routing: {
		request: { method: 'GET', url: '/v1/contacts' },
		operations: { pagination: paginatePages },
		output: { postReceive: [simplifyContacts] },
	},
};

/** Where its collection entries are shown: the node holds one collection of each name for every operation (nodes/shared/resourceDescription.ts). */
const entryShown = { show: { '/resource': ['contact'], '/operation': ['getAll'] } };

/** Its Filters: email or phone, sent in the query. */
const contactGetManyFilters: INodeProperties[] = [
	{
		displayName: 'Email',
		name: 'email',
		displayOptions: entryShown,
		type: 'string',
		placeholder: 'name@email.com',
		default: '',
		description: 'Only the contact with exactly this email address, e.g. name@email.com (use one filter at a time; empty means no filter)',
		routing: { send: { type: 'query', property: 'email' } },
	},
	{
		displayName: 'Phone',
		name: 'phone',
		displayOptions: entryShown,
		type: 'string',
		default: '',
		description: 'Only the contact with exactly this phone number, e.g. +15550100 (use one filter at a time; empty means no filter)',
		routing: { send: { type: 'query', property: 'phone' } },
	},
];

/** Its entry of Options (the collection it shares with Adjust Loyalty Points). */
const contactGetManyOptions: INodeProperties[] = [
	{
		displayName: 'Sort',
		name: 'sort',
		displayOptions: entryShown,
		type: 'options',
		options: [
			{ name: 'Registration Date, Newest First', value: 'REGISTRATION_DATE:DESC' },
			{ name: 'Registration Date, Oldest First', value: 'REGISTRATION_DATE:ASC' },
			{ name: 'Modified Date, Newest First', value: 'MODIFIED_DATE:DESC' },
			{ name: 'Modified Date, Oldest First', value: 'MODIFIED_DATE:ASC' },
		],
		default: 'REGISTRATION_DATE:DESC',
		description: 'Which contacts come first: by registration or last change, newest or oldest first (the API needs sort and order together, so they are one choice here)',
		routing: { send: { type: 'query', property: 'sort', preSend: [sortAndOrder] } },
	},
];

export const contactGetMany: OperationDescription = {
	option: contactGetManyOperation,
	collections: { filters: contactGetManyFilters, options: contactGetManyOptions },
};
