/**
 * What several resources show under one name with one meaning, declared once, as
 * n8n-nodes-starter's shared/descriptions.ts declares owner and repository. For every item,
 * n8n's routing evaluates the saved value of each definition of a name, shown or not (twice
 * from n8n-core 2.38), so a name declared by five resources costs five times its expression.
 */
import type {
	IDataObject,
	IDisplayOptions,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';
import { readId } from '../../shared/apiRequest';
import { convertSent, numberAsText, sendAsText } from '../../shared/convertSent';
import { limitParameter, returnAllParameter } from '../../shared/returnAllLimit';
import { customerEngagementApi } from './customerEngagementApi';

/** A resource locator for one of the API's main objects: pick from a searchable list, or paste an ID (the trigger uses them too). */
export function objectLocator(options: {
	name: string;
	displayName: string;
	searchListMethod: string;
	placeholder: string;
	description?: string;
}): INodeProperties {
	return {
		displayName: options.displayName,
		name: options.name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: options.description,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: `Select a ${options.displayName.toLowerCase()}...`,
				typeOptions: { searchListMethod: options.searchListMethod, searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: options.placeholder,
				validation: [
					{
						type: 'regex',
						// Empty passes: n8n's own "is required" says that, alone.
						properties: { regex: '^\\S*$', errorMessage: 'The ID must not contain spaces' },
					},
				],
			},
		],
	};
}

/**
 * The descriptions of the locators say the ID's form: as an AI tool, a model that fills
 * one (the editor writes `$fromAI('Contact', '', 'string')`) gets only the display name,
 * and the user copies the form from here into the description the editor leaves empty.
 */
export const contactLocator = objectLocator({
	name: 'contactId',
	displayName: 'Contact',
	searchListMethod: 'searchContacts',
	placeholder: 'e.g. 5f1d3c0e9a7b',
	description:
		"The contact's ID, e.g. 5f1d3c0e9a7b, as Contact → Get Many or Create return it (not a name or an email)",
});

/**
 * Contact, for the operations on one contact. A display rule is resources × operations and
 * cannot say "(contact and get) or (note and create)", so Contact is one definition per rule
 * below, each naming no operation that does not show it: four, not one per resource (five).
 */
const CONTACT_SHOWN: Array<IDisplayOptions['show']> = [
	{ resource: ['contact'], operation: ['get', 'update', 'delete', 'adjustLoyaltyPoints'] },
	{ resource: ['activity', 'note'], operation: ['getAll', 'create'] },
	{ resource: ['visit'], operation: ['create'] },
	{ resource: ['loyaltyReward'], operation: ['redeem'] },
];
const contactParameters: INodeProperties[] = CONTACT_SHOWN.map((show) => ({
	...contactLocator,
	displayOptions: { show },
}));

/** preSend of Visit → Create and Loyalty Reward → Redeem, which send the contact in the body: read as a path's ID is. */
export async function sendContactIdInBody(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	requestOptions.body = {
		...((requestOptions.body ?? {}) as IDataObject),
		contactId: readId(this, customerEngagementApi, 'contactId'),
	};
	return requestOptions;
}

/**
 * Customer of Text → Send and Conversation → Get: the contact, optional because a phone
 * number may be given instead. A plain string saved by earlier versions (the field was a
 * text field) is still read as the ID. Sent in the body; Conversation → Get moves it to its query.
 */
const customerParameter: INodeProperties = {
	...objectLocator({
		name: 'customerId',
		displayName: 'Customer',
		searchListMethod: 'searchContacts',
		placeholder: 'e.g. 5f1d3c0e9a7b',
		description:
			"The contact's ID, e.g. 5f1d3c0e9a7b (not a name or a phone number). Wins over the phone number when both are given; leave empty to use the phone number.",
	}),
	required: false,
	displayOptions: { show: { resource: ['text', 'conversation'], operation: ['send', 'get'] } },
	// An ID is text: n8n sends an expression's number as a JSON number, which the API refuses.
	routing: {
		send: {
			type: 'body',
			property: 'customerId',
			preSend: [convertSent('body', 'customerId', numberAsText)],
		},
	},
};

/** The Name of a new custom field or label, or a custom field's new name. */
const nameParameter: INodeProperties = {
	displayName: 'Name',
	name: 'name',
	type: 'string',
	required: true,
	default: '',
	description:
		'The name, unique among the custom fields (for a field) or the labels (for a label), e.g. VIP',
	displayOptions: { show: { resource: ['customField', 'label'], operation: ['create', 'rename'] } },
	routing: sendAsText('name'),
};

/** Every Get Many: each resource has one, so one rule names them all. */
const GET_MANY = {
	resource: ['activity', 'contact', 'customField', 'label', 'loyaltyReward', 'redeem', 'visit'],
	operation: ['getAll'],
};

/**
 * In the order the editor shows them: after each resource's Operation and the record it acts on
 * (Loyalty Reward → Redeem: Loyalty Reward, then Contact), before each operation's own parameters.
 */
export const sharedParameters: INodeProperties[] = [
	...contactParameters,
	customerParameter,
	nameParameter,
	{ ...returnAllParameter, displayOptions: { show: GET_MANY } },
	{ ...limitParameter, displayOptions: { show: { ...GET_MANY, returnAll: [false] } } },
];
