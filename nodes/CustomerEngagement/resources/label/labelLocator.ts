import { objectLocator } from '../../shared/descriptions';

export const labelLocator = objectLocator({
	name: 'labelId',
	displayName: 'Label',
	searchListMethod: 'searchLabels',
	placeholder: 'e.g. 61aa0c2e7d',
	description: "The label's ID, e.g. 61aa0c2e7d, as Label → Get Many returns it (not its name)",
});
