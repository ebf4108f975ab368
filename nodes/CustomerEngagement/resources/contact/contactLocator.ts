/** The contact's locator, which the contact operations and those of other resources on one contact share; the other main objects' locators are made alike (objectLocator). */
import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';
import { readId } from '../../../shared/apiRequest';
import { customerEngagementApi } from '../../shared/customerEngagementApi';

/** A resource locator for one of the API's main objects: pick from a searchable list, or paste an ID (the triggers use them too). */
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
