import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { invalidInput } from '../../../shared/apiRequest';
import { sendAsText } from '../../../shared/convertSent';
import { apiDates } from '../../../shared/dates';

const showOnlyForTextSend = { resource: ['text'], operation: ['send'] };

/** A text needs a message and a recipient (customer ID or phone). */
/** Whether a field has a value: not truthiness, a 0 from an expression is one (sendAsText makes it text after this check). */
const given = (value: unknown) => value !== undefined && value !== null;

export async function validateText(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const body = (requestOptions.body ?? {}) as IDataObject;
	for (const key of ['customerId', 'toPhone', 'message']) {
		if (typeof body[key] === 'string' && (body[key] as string).trim() === '') delete body[key];
	}
	if (!given(body.message)) throw invalidInput(this, 'Message', 'enter the text to send');
	if (!given(body.customerId) && !given(body.toPhone)) {
		throw invalidInput(
			this,
			'Customer or To Phone',
			'enter at least one recipient (Customer wins when both are given)',
		);
	}
	return requestOptions;
}

export const textSendOperation: INodePropertyOptions = {
	name: 'Send',
	value: 'send',
	action: 'Text a contact or a phone number',
	description:
		'Sends an SMS with this message to the contact with this ID, or to To Phone when no contact is given, at once or at the Scheduled Date. Returns the text with its ID and status.',
	routing: {
		request: { method: 'POST', url: '/v1/texts' },
		send: { preSend: [validateText, apiDates({ scheduledDate: 'Scheduled Date' })] },
	},
};

export const textSendDescription: INodeProperties[] = [
	{
		displayName: 'To Phone',
		name: 'toPhone',
		type: 'string',
		default: '',
		placeholder: 'e.g. +15550100',
		description:
			'Phone number to text when no Customer is given, in international form, e.g. +15550100',
		displayOptions: { show: showOnlyForTextSend },
		routing: sendAsText('toPhone'),
	},
	{
		displayName: 'Message',
		name: 'message',
		type: 'string',
		typeOptions: { rows: 3 },
		required: true,
		default: '',
		description: 'The text of the SMS, plain text, e.g. Thanks for your visit today!',
		displayOptions: { show: showOnlyForTextSend },
		routing: sendAsText('message'),
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: { show: showOnlyForTextSend },
		options: [
			{
				displayName: 'Agent ID',
				name: 'agentId',
				type: 'string',
				default: '',
				description: 'ID of the agent who sends the text, e.g. 5f1d3c0e9a7b (optional)',
				routing: sendAsText('agentId'),
			},
			{
				displayName: 'Scheduled Date',
				name: 'scheduledDate',
				type: 'dateTime',
				default: '',
				description:
					'When to send, an ISO 8601 date-time, e.g. 2026-05-01T09:00:00Z; empty or in the past sends at once',
				routing: { send: { type: 'body', property: 'scheduledDate' } },
			},
		],
	},
];
