/**
 * Create and Create or Update identify a contact by its email or its phone: the two
 * parameters, each operation giving them its own description, the check that an email is
 * an address, and the refusal of a contact with neither.
 */
import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';
import { invalidInput } from '../../../shared/apiRequest';
import { sendAsText } from '../../../shared/convertSent';

/** Email as each operation shows it, with the description that says what it does there. */
export const emailParameter = (description: string): INodeProperties => ({
	displayName: 'Email',
	name: 'email',
	type: 'string',
	placeholder: 'name@email.com',
	default: '',
	description,
	routing: emailRouting('email'),
});

/** Phone as each operation shows it, with the description that says what it does there. */
export const phoneParameter = (description: string): INodeProperties => ({
	displayName: 'Phone',
	name: 'phone',
	type: 'string',
	default: '',
	placeholder: 'e.g. +15550100',
	description,
	routing: sendAsText('phone'),
});

/**
 * An email the API would store though nobody can write to it (it takes any text): no `@`, or
 * a space inside. Refused before anything is sent, naming the field. What is sent is the
 * address as text, trimmed (an expression may give a number, or a line break around it);
 * empty is left as it came, to the "Email or Phone" check (Create) or as no change (Update).
 */
export function emailToSend(context: IExecuteSingleFunctions, value: unknown): unknown {
	const text = typeof value === 'object' && value !== null ? JSON.stringify(value) : value;
	if (typeof text !== 'string' && typeof text !== 'number') return value;
	const email = String(text).trim();
	if (email === '') return value;
	if (email.includes('@') && !/\s/.test(email)) return email;
	throw invalidInput(
		context,
		'Email',
		`"${email}" is not an email address`,
		'Enter an address such as name@example.com: with an @ and no spaces.',
	);
}

/** The routing of an email field: sent as text, trimmed, and refused when not an address. */
export function emailRouting(property: string): NonNullable<INodeProperties['routing']> {
	return {
		send: {
			type: 'body',
			property,
			preSend: [
				async function checkEmail(this: IExecuteSingleFunctions, requestOptions) {
					const body = (requestOptions.body ?? {}) as IDataObject;
					if (body[property] !== undefined)
						body[property] = emailToSend(this, body[property]) as IDataObject[string];
					return requestOptions;
				},
			],
		},
	};
}

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
