/**
 * The parameters that operations of several resources share, each declared once with the
 * operations that show it: n8n evaluates the value saved under a name once per definition of
 * that name, for every item, whichever operation runs (docs/architecture.md, "One definition
 * per name"). Where n8n's display rules cannot list the operations in one rule, a hidden
 * `<name>Shown` flag says where the parameter is shown (nodes/shared/shownFlags.ts).
 */
import type { INodeProperties } from 'n8n-workflow';
import { getManyParameters } from '../../shared/commonParameters';
import { shownFlag } from '../../shared/shownFlags';
import { convertSent, numberAsText, sendAsText } from '../../shared/convertSent';
import { contactLocator, objectLocator } from './locators';

/**
 * Contact, for the operations that act on one contact: shown where `contactIdShown` is true
 * (nodes/shared/shownFlags.ts; the node file adds the flag's `false` everywhere else).
 */
const contactShown = (show: Record<string, string[]>) => shownFlag('contactIdShown', 'Contact Shown', show);
export const contactParameter: INodeProperties[] = [
	contactShown({ resource: ['contact'], operation: ['get', 'update', 'delete', 'adjustLoyaltyPoints'] }),
	contactShown({ resource: ['activity', 'note'], operation: ['getAll', 'create'] }),
	contactShown({ resource: ['visit'], operation: ['create'] }),
	contactShown({ resource: ['loyaltyReward'], operation: ['redeem'] }),
	{ ...contactLocator, displayOptions: { show: { contactIdShown: [true] } } },
];

/**
 * Customer of Text → Send and Conversation → Get: the contact, from the list or by ID,
 * optional because a phone number may be given instead. A plain string saved by earlier
 * versions (the field was a text field) is still read as the ID. Sent in the body;
 * Conversation → Get moves it to its query.
 */
export const customerParameter: INodeProperties = {
	...objectLocator({
		name: 'customerId',
		displayName: 'Customer',
		searchListMethod: 'searchContacts',
		placeholder: 'e.g. 5f1d3c0e9a7b',
		description: "The contact's ID, e.g. 5f1d3c0e9a7b (not a name or a phone number). Wins over the phone number when both are given; leave empty to use the phone number.",
	}),
	required: false,
	displayOptions: { show: { resource: ['text', 'conversation'], operation: ['send', 'get'] } },
	// An ID is text: n8n sends an expression's number as a JSON number, which the API refuses.
	routing: { send: { type: 'body', property: 'customerId', preSend: [convertSent('body', 'customerId', numberAsText)] } },
};

/** Phone of Contact → Create and Create or Update and of Conversation → Get (sent in the body; Conversation → Get moves it to its query). */
const phoneShown = (show: Record<string, string[]>) => shownFlag('phoneShown', 'Phone Shown', show);
export const phoneParameter: INodeProperties[] = [
	phoneShown({ resource: ['contact'], operation: ['create', 'upsert'] }),
	phoneShown({ resource: ['conversation'], operation: ['get'] }),
	{
		displayName: 'Phone',
		name: 'phone',
		type: 'string',
		default: '',
		placeholder: 'e.g. +15550100',
		description: 'Phone number of the contact in international form, e.g. +15550100. A contact is created or upserted by email, phone, or both; a conversation is found by Customer, or by this phone when no Customer is given.',
		displayOptions: { show: { phoneShown: [true] } },
		routing: sendAsText('phone'),
	},
];

/** The Name of a new custom field or label, or a custom field's new name. */
export const nameParameter: INodeProperties = {
	displayName: 'Name',
	name: 'name',
	type: 'string',
	required: true,
	default: '',
	description: 'The name, unique among the custom fields (for a field) or the labels (for a label), e.g. VIP',
	displayOptions: { show: { resource: ['customField', 'label'], operation: ['create', 'rename'] } },
	routing: sendAsText('name'),
};

export const getManyParameter = getManyParameters({
	resource: ['contact', 'activity', 'customField', 'visit', 'label', 'loyaltyReward', 'redeem'],
	operation: ['getAll'],
});
