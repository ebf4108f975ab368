/**
 * Create and Create or Update identify a contact by its email or its phone: the Email
 * parameter, and the refusal of a contact with neither.
 */
import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';
import { invalidInput } from '../../../shared/invalidInput';
import { sendAsText } from '../../../shared/convertSent';
import { given } from '../../shared/inputChecks';

/** Email of Create and Create or Update; Phone, which Conversation → Get shares, is in shared/sharedParameters.ts. */
export const contactEmail: INodeProperties = {
	displayName: 'Email',
	name: 'email',
	type: 'string',
	placeholder: 'name@email.com',
	default: '',
	description: 'Email address of the contact, e.g. name@email.com. Enter an email, a phone, or both.',
	displayOptions: { show: { resource: ['contact'], operation: ['create', 'upsert'] } },
	routing: sendAsText('email'),
};

/**
 * The refusal of a contact with neither email nor phone: the preSend below words it, and so
 * does the upsert's own guard (upsert.ts), which does not count on the preSend.
 */
export function noEmailOrPhone(context: IExecuteSingleFunctions) {
	return invalidInput(context, 'Email or Phone', 'enter at least one of them; the API identifies contacts by email or phone');
}

/** preSend: contacts need an email or a phone (create, upsert). */
export async function requireEmailOrPhone(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const body = (requestOptions.body ?? {}) as IDataObject;
	for (const key of ['email', 'phone']) {
		if (typeof body[key] === 'string') body[key] = (body[key] as string).trim();
		if (body[key] === '') delete body[key];
	}
	if (!given(body.email) && !given(body.phone)) throw noEmailOrPhone(this);
	return requestOptions;
}
