/**
 * Create and Create or Update identify a contact by its email or its phone: the two
 * parameters (Conversation → Get finds a conversation by the same Phone), and the refusal of
 * a contact with neither.
 */
import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';
import { invalidInput } from '../../../shared/apiRequest';
import { sendAsText } from '../../../shared/convertSent';

export const emailParameter: INodeProperties = {
	displayName: 'Email',
	name: 'email',
	type: 'string',
	placeholder: 'name@email.com',
	default: '',
	description:
		'Email address of the contact, e.g. name@email.com. Enter an email, a phone, or both.',
	routing: sendAsText('email'),
};

export const phoneParameter: INodeProperties = {
	displayName: 'Phone',
	name: 'phone',
	type: 'string',
	default: '',
	placeholder: 'e.g. +15550100',
	description:
		'Phone number of the contact in international form, e.g. +15550100. A contact is created or upserted by email, phone, or both; a conversation is found by Customer, or by this phone when no Customer is given.',
	routing: sendAsText('phone'),
};

/** The refusal of a contact with neither: the preSend below, and the upsert's own guard (upsert.ts), which does not count on it. */
export const noEmailOrPhone = (context: IExecuteSingleFunctions) =>
	invalidInput(
		context,
		'Email or Phone',
		'enter at least one of them; the API identifies contacts by email or phone',
	);

/** preSend of Create and Create or Update: an email or a phone, trimmed. */
export async function requireEmailOrPhone(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const body = (requestOptions.body ?? {}) as IDataObject;
	for (const key of ['email', 'phone']) {
		if (typeof body[key] === 'string') body[key] = (body[key] as string).trim();
		if (body[key] === '') delete body[key];
	}
	// Not truthiness: a 0 from an expression is a value.
	if ((body.email ?? null) === null && (body.phone ?? null) === null) throw noEmailOrPhone(this);
	return requestOptions;
}
