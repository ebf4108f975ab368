import type { INodeProperties } from 'n8n-workflow';

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
