import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';
import { getManyParameters, optionsCollection } from '../../../shared/descriptions';
import { simplifyContact } from './fields';

/** The API needs sort and order together; the option holds both as "SORT:ORDER". */
async function sortAndOrder(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
	const qs = requestOptions.qs as IDataObject;
	const [sort, order] = String(qs.sort).split(':');
	Object.assign(qs, { sort, order });
	return requestOptions;
}

const show = { resource: ['contact'], operation: ['getAll'] };

export const contactGetManyDescription: INodeProperties[] = [
	...getManyParameters(show),
	simplifyContact(['getAll']),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		displayOptions: { show },
		options: [
			{
				displayName: 'Email',
				name: 'email',
				type: 'string',
				placeholder: 'name@email.com',
				default: '',
				description: 'Only the contact with exactly this email address, e.g. name@email.com (use one filter at a time; empty means no filter)',
				routing: { send: { type: 'query', property: 'email' } },
			},
			{
				displayName: 'Phone',
				name: 'phone',
				type: 'string',
				default: '',
				description: 'Only the contact with exactly this phone number, e.g. +15550100 (use one filter at a time; empty means no filter)',
				routing: { send: { type: 'query', property: 'phone' } },
			},
		],
	},
	optionsCollection(show, [
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
			description: 'Which contacts come first: by registration or last change, newest or oldest first (the API needs sort and order together, so they are one choice here)',
			routing: { send: { type: 'query', property: 'sort', preSend: [sortAndOrder] } },
		},
	]),
];
