/**
 * The optional fields of a contact. Each operation's collection lists those it takes, in the
 * editor's order: Create and Create or Update (Additional Fields), Update (Update Fields).
 */
import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';
import { apiRequest, invalidInput } from '../../../shared/apiRequest';
import { convertSent, listOf, sendAsText } from '../../../shared/convertSent';
import { customerEngagementApi } from '../../shared/customerEngagementApi';
import { emailRouting } from './emailOrPhone';

const body = (property: string) => ({ send: { type: 'body' as const, property } });

/**
 * A select custom field's value is an option ID, which users do not know: the option's name
 * is taken too, resolved with the field definitions, read once per execution (not per item)
 * and kept for the last few executions of this n8n process (in queue mode each worker reads its own).
 */
const KEPT_EXECUTIONS = 8;
const definitionsByExecution = new Map<string, Promise<IDataObject[]>>();

function definitions(context: IExecuteSingleFunctions): Promise<IDataObject[]> {
	const key = `${context.getExecutionId()}:${context.getNode().credentials?.customerEngagementApi?.id ?? ''}`;
	let pending = definitionsByExecution.get(key);
	if (!pending) {
		pending = apiRequest(context, customerEngagementApi, { url: '/v1/custom-fields' }).then(
			({ body }) => (Array.isArray(body) ? (body as IDataObject[]) : []),
		);
		// A failed read is not kept: the next item tries again.
		pending.catch(() => definitionsByExecution.delete(key));
		definitionsByExecution.set(key, pending);
		while (definitionsByExecution.size > KEPT_EXECUTIONS)
			definitionsByExecution.delete(definitionsByExecution.keys().next().value as string);
	}
	return pending;
}

/** How many executions' definitions this process holds now (a test reads it: memory stays bounded). */
export const keptDefinitionReads = (): number => definitionsByExecution.size;

/** Custom field values with option names replaced by option IDs (other values as given). */
export async function resolveOptionNames(
	context: IExecuteSingleFunctions,
	fields: Array<{ id: string; value: string }>,
): Promise<Array<{ id: string; value: string }>> {
	if (!fields.some((field) => field.value.trim() !== '')) return fields;
	const byId = new Map(
		(await definitions(context)).map((definition) => [String(definition.id), definition]),
	);
	return fields.map((field) => {
		const definition = byId.get(field.id);
		// A blank value (the field cleared) has no entries below and is sent as ''.
		if (!definition || !['single_select', 'multi_select'].includes(String(definition.type)))
			return field;
		const options = ((definition.options ?? []) as IDataObject[]).map((o) => ({
			id: String(o.id),
			name: String(o.value),
		}));
		// Blank entries of a list (`Alpha, Beta,` from a joined column) are no options.
		const wanted = (definition.type === 'multi_select' ? field.value.split(',') : [field.value])
			.map((raw) => raw.trim())
			.filter(Boolean);
		const ids = wanted.map((entry) => {
			const match =
				options.find((o) => o.id === entry) ??
				options.find((o) => o.name.toLowerCase() === entry.toLowerCase());
			if (match) return match.id;
			const choices =
				options.map((o) => `${o.name} (${o.id})`).join(', ') || 'the field has no options';
			throw invalidInput(
				context,
				`Custom field "${String(definition.name)}"`,
				`"${entry}" is not one of its options`,
				`Use an option name or ID: ${choices}.`,
			);
		});
		return { id: field.id, value: ids.join(',') };
	});
}

/** preSend of Custom Fields: the API's `[{id, value}]`, option names resolved (n8n runs it only when the field is given). */
async function customFieldsForApi(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const sent = requestOptions.body as IDataObject;
	const given = ((sent.customFields as IDataObject).field ?? []) as IDataObject[];
	sent.customFields = await resolveOptionNames(
		this,
		given.map((field) => ({ id: String(field.id ?? ''), value: String(field.value ?? '') })),
	);
	return requestOptions;
}

export const birthDate: INodeProperties = {
	displayName: 'Birth Date',
	name: 'birthDate',
	type: 'dateTime',
	default: '',
	description: "The contact's birth date, as an ISO 8601 date, e.g. 1990-04-21",
	routing: body('birthDate'),
};
export const customFields: INodeProperties = {
	displayName: 'Custom Fields',
	name: 'customFields',
	type: 'fixedCollection',
	typeOptions: { multipleValues: true },
	placeholder: 'Add Custom Field',
	default: {},
	description:
		"Values of the contact's custom fields; a field not given here keeps the value it has",
	options: [
		{
			displayName: 'Field',
			name: 'field',
			values: [
				{
					displayName: 'Field Name or ID',
					name: 'id',
					type: 'options',
					typeOptions: { loadOptionsMethod: 'getCustomFields' },
					default: '',
					description:
						'The custom field, by its ID, e.g. 4c8e1d2a7f. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
				},
				{
					displayName: 'Value',
					name: 'value',
					type: 'string',
					default: '',
					description:
						'Text, number or date (e.g. 2024-05-01); for select fields the option name or ID (several comma-separated for multi-select). Empty clears the value.',
				},
			],
		},
	],
	routing: { send: { type: 'body', property: 'customFields', preSend: [customFieldsForApi] } },
};
export const description: INodeProperties = {
	displayName: 'Description',
	name: 'description',
	type: 'string',
	typeOptions: { rows: 2 },
	default: '',
	description: 'Free text shown on the contact page',
	routing: sendAsText('description'),
};
export const email: INodeProperties = {
	displayName: 'Email',
	name: 'email',
	type: 'string',
	placeholder: 'name@email.com',
	default: '',
	description: "The contact's new email address, e.g. name@email.com",
	routing: emailRouting('email'),
};
export const firstName: INodeProperties = {
	displayName: 'First Name',
	name: 'firstName',
	type: 'string',
	default: '',
	description: "The contact's first name, e.g. Maria",
	routing: sendAsText('firstName'),
};
export const labels: INodeProperties = {
	displayName: 'Label Names or IDs',
	name: 'labels',
	type: 'multiOptions',
	typeOptions: { loadOptionsMethod: 'getLabels' },
	default: [],
	description:
		'Labels the contact carries (they replace any it has): label IDs, e.g. 61aa0c2e7d, comma-separated in an expression. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	routing: {
		send: {
			type: 'body',
			property: 'labels',
			preSend: [convertSent('body', 'labels', (v) => listOf(v, /,/).map((id) => ({ id })))],
		},
	},
};
export const lastName: INodeProperties = {
	displayName: 'Last Name',
	name: 'lastName',
	type: 'string',
	default: '',
	description: "The contact's last name, e.g. Garcia",
	routing: sendAsText('lastName'),
};
export const phone: INodeProperties = {
	displayName: 'Phone',
	name: 'phone',
	type: 'string',
	placeholder: 'e.g. +15550100',
	default: '',
	description: "The contact's new phone number in international form, e.g. +15550100",
	routing: sendAsText('phone'),
};
export const sendNotification: INodeProperties = {
	displayName: 'Send Notification',
	name: 'shouldSendNotification',
	type: 'boolean',
	default: false,
	description: 'Whether to send the registration notification by email or text',
	routing: body('shouldSendNotification'),
};
export const type: INodeProperties = {
	displayName: 'Type',
	name: 'type',
	type: 'options',
	options: [
		{ name: 'Active (Current Customer)', value: 'ACTIVE' },
		{ name: 'Passive (Past Customer)', value: 'PASSIVE' },
		{ name: 'Potential (Lead)', value: 'POTENTIAL' },
	],
	default: 'ACTIVE',
	description:
		'Kind of contact: ACTIVE (a current customer), PASSIVE (a past customer) or POTENTIAL (a lead)',
	routing: body('type'),
};
export const unsubscribedFromEmail: INodeProperties = {
	displayName: 'Unsubscribed From Email',
	name: 'unsubscribedFromEmail',
	type: 'boolean',
	default: false,
	description: 'Whether the contact opted out of emails',
	routing: body('unsubscribedFromEmail'),
};
export const unsubscribedFromText: INodeProperties = {
	displayName: 'Unsubscribed From Text',
	name: 'unsubscribedFromText',
	type: 'boolean',
	default: false,
	description: 'Whether the contact opted out of texts',
	routing: body('unsubscribedFromText'),
};
