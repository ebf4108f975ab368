import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { paginatePages } from '../../shared/pages';
import { simplifyContacts, simplifyParameter } from './simplify';

const showOnlyForContactGetMany = { resource: ['contact'], operation: ['getAll'] };

/** The API needs sort and order together; the option holds both as "SORT:ORDER". */
async function sortAndOrder(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
	const qs = requestOptions.qs as IDataObject;
	const [sort, order] = String(qs.sort).split(':');
	Object.assign(qs, { sort, order });
	return requestOptions;
}

export const contactGetManyOperation: INodePropertyOptions = {
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

export const contactGetManyDescription: INodeProperties[] = [
	{ ...simplifyParameter, displayOptions: { show: showOnlyForContactGetMany } },
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		displayOptions: { show: showOnlyForContactGetMany },
		options: [
			{
				displayName: 'Email',
				name: 'email',
				type: 'string',
				placeholder: 'name@email.com',
				default: '',
				description:
					'Only the contact with exactly this email address, e.g. name@email.com (use one filter at a time; empty means no filter)',
				routing: { send: { type: 'query', property: 'email' } },
			},
			{
				displayName: 'Phone',
				name: 'phone',
				type: 'string',
				default: '',
				description:
					'Only the contact with exactly this phone number, e.g. +15550100 (use one filter at a time; empty means no filter)',
				routing: { send: { type: 'query', property: 'phone' } },
			},
		],
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: { show: showOnlyForContactGetMany },
		options: [
			{
				displayName: 'Sort',
				name: 'sort',
				type: 'options',
				options: [
					{ name: 'Registration Date, Newest First', value: 'REGISTRATION_DATE:DESC' },
					{ name: 'Registration Date, Oldest First', value: 'REGISTRATION_DATE:ASC' },
					{ name: 'Modified Date, Newest First', value: 'MODIFIED_DATE:DESC' },
					{ name: 'Modified Date, Oldest First', value: 'MODIFIED_DATE:ASC' },
				],
				default: 'REGISTRATION_DATE:DESC',
				description:
					'Which contacts come first: by registration or last change, newest or oldest first (the API needs sort and order together, so they are one choice here)',
				routing: { send: { type: 'query', property: 'sort', preSend: [sortAndOrder] } },
			},
		],
	},
];
