import { optionsCollection } from '../../../shared/descriptions';
import { customerLocator } from '../../shared/descriptions';
import type { INodeProperties } from 'n8n-workflow';
import type { IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { invalidInput } from '../../../shared/validation';
import { paginateConversation } from '../../shared/conversation';

const show = { resource: ['conversation'], operation: ['get'] };

async function requireCustomerOrPhone(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
	const qs = requestOptions.qs ?? {};
	for (const key of ['customerId', 'phone']) if (String(qs[key] ?? '').trim() === '') delete qs[key];
	if (!qs.customerId && !qs.phone) {
		throw invalidInput(this, 'Customer or Phone', 'enter at least one (Customer wins when both are given)');
	}
	requestOptions.qs = qs;
	return requestOptions;
}

export const conversationDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['conversation'] } },
		options: [
			{
				name: 'Get',
				value: 'get',
				action: 'Get the conversation with a contact',
				description: 'Get every text and call message with a contact, oldest first',
				routing: {
					request: { method: 'GET', url: '/v1/texts/conversations' },
					send: { preSend: [requireCustomerOrPhone] },
					operations: { pagination: paginateConversation },
				},
			},
		],
		default: 'get',
	},
	{
		...customerLocator('The contact; wins over Phone when both are given'),
		displayOptions: { show },
		routing: { send: { type: 'query', property: 'customerId' } },
	},
	{
		displayName: 'Phone',
		name: 'phone',
		type: 'string',
		default: '',
		description: 'Phone of the contact, when no Customer is given',
		displayOptions: { show },
		routing: { send: { type: 'query', property: 'phone' } },
	},
	optionsCollection(show, [
		{
			displayName: 'Output',
			name: 'output',
			type: 'options',
			options: [
				{ name: 'One Item per Message', value: 'messages' },
				{ name: 'Raw Pages', value: 'raw', description: 'The API responses as they came, oldest first' },
			],
			default: 'messages',
		},
	]),
];
