import type { INodeProperties } from 'n8n-workflow';
import { convertSent, numberAsText } from '../../../shared/convertSent';
import { objectLocator } from '../contact/contactLocator';

/**
 * Customer of Text → Send and Conversation → Get: the contact, optional because a phone
 * number may be given instead. A plain string saved by earlier versions (the field was a
 * text field) is still read as the ID. Sent in the body; Conversation → Get moves it to its query.
 */
export const customerLocator: INodeProperties = {
	...objectLocator({
		name: 'customerId',
		displayName: 'Customer',
		searchListMethod: 'searchContacts',
		placeholder: 'e.g. 5f1d3c0e9a7b',
		description:
			"The contact's ID, e.g. 5f1d3c0e9a7b (not a name or a phone number). Wins over the phone number when both are given; leave empty to use the phone number.",
	}),
	required: false,
	// An ID is text: n8n sends an expression's number as a JSON number, which the API refuses.
	routing: {
		send: {
			type: 'body',
			property: 'customerId',
			preSend: [convertSent('body', 'customerId', numberAsText)],
		},
	},
};
