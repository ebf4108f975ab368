import type { INodeProperties } from 'n8n-workflow';
import { convertSent, numberAsText } from '../../shared/convertSent';

/** A resource locator for one of the API's main objects: pick from a searchable list, or paste an ID. */
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
						properties: { regex: '^\\S+$', errorMessage: 'The ID must not contain spaces' },
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
	description: "The contact's ID, e.g. 5f1d3c0e9a7b, as Contact → Get Many or Create return it (not a name or an email)",
});

/**
 * `customerId` of Text → Send and Conversation → Get: the contact, from the list or by ID,
 * optional because a phone number may be given instead. A plain string saved by earlier
 * versions (the field was a text field) is still read as the ID.
 *
 * One definition for both operations, text and routing alike (sent in the body; Conversation
 * Get moves it to its query): definitions that differ in anything but where they are shown
 * cannot be merged, and each definition of a name costs an evaluation of the user's
 * expression per item (see mergeSameNamedProperties).
 */
export const customerLocator: INodeProperties = {
	...objectLocator({
		name: 'customerId',
		displayName: 'Customer',
		searchListMethod: 'searchContacts',
		placeholder: 'e.g. 5f1d3c0e9a7b',
		description: "The contact's ID, e.g. 5f1d3c0e9a7b (not a name or a phone number). Wins over the phone number when both are given; leave empty to use the phone number.",
	}),
	required: false,
	// n8n routes a resource locator itself (sendPlainFieldsOnce leaves it), and sends an
	// expression's number as a JSON number, which the API refuses for an ID.
	routing: { send: { type: 'body', property: 'customerId', preSend: [convertSent('body', 'customerId', numberAsText)] } },
};

/**
 * `phone` of Contact → Create and Upsert and Conversation → Get: one definition for the three,
 * as `customerLocator` is (sent in the body; Conversation Get moves it to its query).
 */
export const phoneParameter: INodeProperties = {
	displayName: 'Phone',
	name: 'phone',
	type: 'string',
	default: '',
	placeholder: 'e.g. +15550100',
	description: 'Phone number of the contact in international form, e.g. +15550100. A contact is created or upserted by email, phone, or both; a conversation is found by Customer, or by this phone when no Customer is given.',
	routing: { send: { type: 'body', property: 'phone' } },
};

export const labelLocator = objectLocator({
	name: 'labelId',
	displayName: 'Label',
	searchListMethod: 'searchLabels',
	placeholder: 'e.g. 61aa0c2e7d',
	description: "The label's ID, e.g. 61aa0c2e7d, as Label → Get Many returns it (not its name)",
});

export const rewardLocator = objectLocator({
	name: 'rewardId',
	displayName: 'Loyalty Reward',
	searchListMethod: 'searchRewards',
	placeholder: 'e.g. 6b2f0a1c9d',
	description: "The loyalty reward's ID, e.g. 6b2f0a1c9d, as Loyalty Reward → Get Many returns it (not its title)",
});

export const customFieldLocator = objectLocator({
	name: 'customFieldId',
	displayName: 'Custom Field',
	searchListMethod: 'searchCustomFields',
	placeholder: 'e.g. 4c8e1d2a7f',
	description: "The custom field's ID, e.g. 4c8e1d2a7f, as Custom Field → Get Many returns it (not its name)",
});

/** The Name of a new custom field or label, or a custom field's new name. */
export const nameParameter: INodeProperties = {
	displayName: 'Name',
	name: 'name',
	type: 'string',
	required: true,
	default: '',
	description: 'The name, unique among the custom fields (for a field) or the labels (for a label), e.g. VIP',
	routing: { send: { type: 'body', property: 'name' } },
};
