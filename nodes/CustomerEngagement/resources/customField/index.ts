import type { INodeProperties } from 'n8n-workflow';
import { objectLocator } from '../../shared/descriptions';
import { customFieldCreateDescription, customFieldCreateOperation } from './create';
import { customFieldGetManyOperation } from './getAll';
import { customFieldRenameOperation } from './rename';
import {
	customFieldUpdateOptionsDescription,
	customFieldUpdateOptionsOperation,
} from './updateOptions';

/** The resource's Operation selector (the node lists every resource's first: the editor shows parameters in the node's order). */
export const customFieldOperation: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['customField'] } },
	options: [
		customFieldCreateOperation,
		customFieldGetManyOperation,
		customFieldRenameOperation,
		customFieldUpdateOptionsOperation,
	],
	default: 'getAll',
};

/** Custom Field, which the node lists before the shared parameters: Rename shows it before Name (shared/descriptions.ts). */
export const customFieldLocator: INodeProperties = {
	...objectLocator({
		name: 'customFieldId',
		displayName: 'Custom Field',
		searchListMethod: 'searchCustomFields',
		placeholder: 'e.g. 4c8e1d2a7f',
		description:
			"The custom field's ID, e.g. 4c8e1d2a7f, as Custom Field → Get Many returns it (not its name)",
	}),
	displayOptions: { show: { resource: ['customField'], operation: ['rename', 'updateOptions'] } },
};

export const customFieldDescription: INodeProperties[] = [
	...customFieldCreateDescription,
	...customFieldUpdateOptionsDescription,
];
