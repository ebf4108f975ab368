import { optionsCollection } from '../../../shared/descriptions';
import { customerLocator, phoneParameter } from '../../shared/descriptions';
import type { INodeProperties } from 'n8n-workflow';
import type { IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { moveToQuery } from '../../../shared/transport';
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
				action: 'Get the texts exchanged with a contact',
				description:
					'Reads every text and call message with the contact with this ID, or with this phone number when no contact is given, oldest first. Returns one item per message, or the raw pages.',
				routing: {
					request: { method: 'GET', url: '/v1/texts/conversations' },
					// Customer and Phone are routed to the body (one definition each, see customerLocator).
					send: { preSend: [moveToQuery('customerId', 'phone'), requireCustomerOrPhone] },
					operations: { pagination: paginateConversation },
				},
			},
		],
		default: 'get',
	},
	{ ...customerLocator, displayOptions: { show } },
	{ ...phoneParameter, displayOptions: { show } },
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
			description: 'How to return the conversation: one item per message, or the pages as the API sent them',
		},
	]),
];
