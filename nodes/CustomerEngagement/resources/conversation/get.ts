/**
 * Conversations page backwards: each response holds up to 15 messages (ascending), and the
 * next older page is asked for with beforeDate = conversation[0].date, until it is empty.
 * The node returns them oldest first: one item per message, or one per page in raw mode.
 */
import type {
	IDataObject,
	IExecutePaginationFunctions,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { invalidInput } from '../../../shared/apiRequest';
import { routedRequest, type RoutedRequest } from '../../../shared/routedRequest';
import { customerEngagementApi } from '../../shared/customerEngagementApi';
import { sendAsText } from '../../../shared/convertSent';

/** preSend: Customer and Phone into the query, where this operation wants them (their routing sends them in the body, as Text → Send and the contact operations do). */
async function customerAndPhoneInQuery(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
) {
	const body = { ...((requestOptions.body ?? {}) as IDataObject) };
	const qs = { ...(requestOptions.qs ?? {}) };
	// A name the body lacks becomes an undefined query value, which is not sent.
	for (const name of ['customerId', 'phone']) {
		qs[name] = body[name];
		delete body[name];
	}
	return { ...requestOptions, body, qs };
}

/** preSend: the query needs a Customer or a Phone to find the conversation by. */
async function requireCustomerOrPhone(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
) {
	const qs = requestOptions.qs ?? {};
	for (const key of ['customerId', 'phone'])
		// Stryker disable next-line StringLiteral: n8n leaves an undefined query value out as delete does
		if (String(qs[key] ?? '').trim() === '') delete qs[key];
	if (!qs.customerId && !qs.phone) {
		throw invalidInput(
			this,
			'Customer or Phone',
			'enter at least one (Customer wins when both are given)',
		);
	}
	requestOptions.qs = qs;
	return requestOptions;
}

/** A safety bound: 15 messages a page, so 100 000 messages. */
const MAX_PAGES = 6667;

export async function paginateConversation(
	this: IExecutePaginationFunctions,
	requestData: RoutedRequest,
): Promise<INodeExecutionData[]> {
	const raw = (this.getNodeParameter('options.output', 'messages') as string) === 'raw';
	const pages: IDataObject[] = [];
	let beforeDate: string | undefined;
	// Stryker disable next-line EqualityOperator, UpdateOperator: paging ends long before this bound
	for (let i = 0; i < MAX_PAGES; i++) {
		const { answer } = await routedRequest(this, customerEngagementApi, requestData, {
			qs: beforeDate ? { beforeDate } : {},
		});
		const page = (answer.body ?? {}) as IDataObject;
		const groups = (page.conversation as IDataObject[] | undefined) ?? [];
		if (groups.length === 0) break;
		const next = String(groups[0].date);
		// The same page again (a server that ignores beforeDate): its messages are already
		// kept, and asking again would get it again.
		if (next === beforeDate) break;
		pages.unshift(page);
		beforeDate = next;
	}
	const pairedItem = { item: this.getItemIndex() };
	if (raw) return pages.map((json) => ({ json, pairedItem }));
	return pages.flatMap((page) => {
		const contact = ((page.contacts as IDataObject[] | undefined) ?? [])[0] ?? {};
		// Only pages with messages are kept.
		return (page.conversation as IDataObject[]).flatMap((group) =>
			((group.messages as IDataObject[] | undefined) ?? []).map((message) => {
				const text = (message.text ?? {}) as IDataObject;
				return {
					json: {
						date: message.date,
						type: message.type,
						status: message.status,
						fromContact: text.senderContact ?? null,
						content: text.content ?? null,
						phone: page.phone,
						contactId: contact.contactId ?? null,
						message,
					},
					pairedItem,
				};
			}),
		);
	});
}

export const conversationGetOperation: INodePropertyOptions = {
	name: 'Get',
	value: 'get',
	action: 'Get the texts exchanged with a contact',
	description:
		'Reads every text and call message with the contact with this ID, or with this phone number when no contact is given, oldest first. Returns one item per message, or the raw pages.',
	routing: {
		request: { method: 'GET', url: '/v1/texts/conversations' },
		send: { preSend: [customerAndPhoneInQuery, requireCustomerOrPhone] },
		operations: { pagination: paginateConversation },
	},
};

const showOnlyForConversationGet = { resource: ['conversation'], operation: ['get'] };

export const conversationGetDescription: INodeProperties[] = [
	{
		displayName: 'Phone',
		name: 'phone',
		type: 'string',
		default: '',
		placeholder: 'e.g. +15550100',
		description:
			'The phone number whose texts to read, in international form, e.g. +15550100, when no Customer is given',
		displayOptions: { show: showOnlyForConversationGet },
		// Sent in the body, as Customer is; customerAndPhoneInQuery moves both to the query.
		routing: sendAsText('phone'),
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: { show: showOnlyForConversationGet },
		options: [
			{
				displayName: 'Output',
				name: 'output',
				type: 'options',
				options: [
					{ name: 'One Item per Message', value: 'messages' },
					{
						name: 'Raw Pages',
						value: 'raw',
						description: 'The API responses as they came, oldest first',
					},
				],
				default: 'messages',
				description:
					'How to return the conversation: one item per message, or the pages as the API sent them',
			},
		],
	},
];
