import type {
	IDataObject,
	IExecutePaginationFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { invalidInput } from '../../../shared/apiRequest';
import { routedRequest, type RoutedRequest } from '../../../shared/routedRequest';
import { customerEngagementApi } from '../../shared/customerEngagementApi';
import { apiDates } from '../../../shared/dates';
import {
	emailParameter,
	noEmailOrPhone,
	phoneParameter,
	requireEmailOrPhone,
} from './emailOrPhone';
import {
	birthDate,
	customFields,
	description,
	firstName,
	labels,
	lastName,
	type,
	unsubscribedFromEmail,
	unsubscribedFromText,
} from './fields';
import { simplifyContacts, simplifyParameter } from './simplify';
import { mergeContact } from './update';

const showOnlyForContactUpsert = { resource: ['contact'], operation: ['upsert'] };

const IDENTIFIERS = ['email', 'phone'] as const;
type Identifier = (typeof IDENTIFIERS)[number];
const IDENTIFIER_LABELS: Record<Identifier, string> = { email: 'Email', phone: 'Phone' };

/**
 * The user's changes with email and phone trimmed (an empty one is none, not a value to
 * write), and the one the contact is looked up by: the email, else the phone. Refused when
 * there is neither: a look-up without either filter lists every contact, and the update
 * would go to the account's first one. Checked here, where the look-up is, whatever
 * preSend ran before.
 */
function lookUpBy(
	context: IExecutePaginationFunctions,
	body: IDataObject,
): { changes: IDataObject; key: Identifier; value: string } {
	const changes = { ...body };
	for (const key of IDENTIFIERS) {
		const value = changes[key];
		if (value === undefined || value === null) delete changes[key];
		else if (typeof value === 'string') {
			if (value.trim() === '') delete changes[key];
			else changes[key] = value.trim();
		}
	}
	const key = IDENTIFIERS.find((name) => name in changes);
	if (key === undefined) throw noEmailOrPhone(context);
	return { changes, key, value: String(changes[key]) };
}

/**
 * Whether a contact the look-up found has the email (any case) or phone it was looked up
 * by. Phones are compared by their digits (the API answers them formatted for display):
 * the same digits, or one number the other with a country code of at most 3 digits in
 * front (the shorter with at least 7 digits), so a local number shared by a contact in
 * another area or country is not taken for it. The API filters by exact match; a contact
 * with another one means the filter was not applied.
 */
function hasIdentifier(contact: IDataObject, key: Identifier, asked: string): boolean {
	const stored = contact[key];
	if (typeof stored !== 'string' && typeof stored !== 'number') return false;
	const text = String(stored).trim();
	if (key === 'email') return text.toLowerCase() === asked.toLowerCase();
	const [a, b] = [text, asked].map((phone) => phone.replace(/\D/g, ''));
	// With digits in one phone only, the test below answers false too, as this line does.
	// Stryker disable next-line ConditionalExpression, LogicalOperator, StringLiteral: see above
	if (a === '' || b === '') return text === asked;
	// Stryker disable next-line EqualityOperator: with equal lengths, either order gives the same
	const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
	return (
		a === b ||
		(shorter.length >= 7 && longer.length - shorter.length <= 3 && longer.endsWith(shorter))
	);
}

/** Find the contact by email (else phone); update it when found, create it when not. */
export async function upsertContact(
	this: IExecutePaginationFunctions,
	requestData: RoutedRequest,
): Promise<INodeExecutionData[]> {
	const { changes, key, value } = lookUpBy(this, (requestData.options.body ?? {}) as IDataObject);
	const { answer } = await routedRequest(this, customerEngagementApi, requestData, {
		method: 'GET',
		url: '/v1/contacts',
		body: undefined,
		qs: { [key]: value, page: 1, perPage: 1 },
	});
	const found = (Array.isArray(answer.body) ? answer.body : []) as IDataObject[];
	if (found.length > 0) {
		const current = found[0];
		const label = IDENTIFIER_LABELS[key];
		const hint =
			"The update sends back the fields it read, so it writes only to the contact it looked up. Check the Base URL in the credential: it must be the API's own address.";
		if (!hasIdentifier(current, key, value)) {
			throw invalidInput(
				this,
				label,
				`looking up "${value}" found a contact with the ${key} ${JSON.stringify(current[key] ?? null)}; nothing was written`,
				hint,
			);
		}
		const id = current.id;
		if ((typeof id !== 'string' && typeof id !== 'number') || String(id).trim() === '') {
			throw invalidInput(
				this,
				label,
				`looking up "${value}" found a contact without an ID; nothing was written`,
				hint,
			);
		}
		const { items } = await routedRequest(this, customerEngagementApi, requestData, {
			method: 'PUT',
			url: `/v1/contacts/${encodeURIComponent(String(id))}`,
			body: mergeContact(current, changes),
		});
		return items.map((item) => ({ ...item, json: { ...item.json, outcome: 'updated' } }));
	}
	// Not found: the operation's own request, POST /v1/contacts.
	const { items } = await routedRequest(this, customerEngagementApi, requestData, {
		body: changes,
	});
	return items.map((item) => ({ ...item, json: { ...item.json, outcome: 'created' } }));
}

export const contactUpsertOperation: INodePropertyOptions = {
	name: 'Create or Update',
	value: 'upsert',
	action: 'Upsert a contact found by email or phone',
	description:
		'Create a new contact from Email or Phone and the given fields (returned with its ID and an outcome of created or updated), or update the current one if it already exists (upsert)',
	routing: {
		request: { method: 'POST', url: '/v1/contacts' },
		send: { preSend: [requireEmailOrPhone, apiDates({ birthDate: 'Birth Date' })] },
		operations: { pagination: upsertContact },
		output: { postReceive: [simplifyContacts] },
	},
};

export const contactUpsertDescription: INodeProperties[] = [
	{
		...emailParameter(
			"The contact's email address, e.g. name@email.com: the contact with this email is updated, or a new one is created with it. Enter an email, a phone, or both.",
		),
		displayOptions: { show: showOnlyForContactUpsert },
	},
	{
		...phoneParameter(
			"The contact's phone number in international form, e.g. +15550100: with no Email, the contact with this phone is updated, or a new one is created with it; with an Email, it is written to the contact found by the email. Enter an email, a phone, or both.",
		),
		displayOptions: { show: showOnlyForContactUpsert },
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: { show: showOnlyForContactUpsert },
		options: [
			birthDate,
			customFields,
			description,
			firstName,
			labels,
			lastName,
			type,
			unsubscribedFromEmail,
			unsubscribedFromText,
		],
	},
	{ ...simplifyParameter, displayOptions: { show: showOnlyForContactUpsert } },
];
