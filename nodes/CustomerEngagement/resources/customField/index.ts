import type { INodeProperties } from 'n8n-workflow';
import { objectLocator } from '../contact/contactLocator';
import { nameParameter } from '../../shared/nameParameter';
import { customFieldCreateDescription, customFieldCreateOperation } from './create';
import { customFieldGetManyDescription, customFieldGetManyOperation } from './getAll';
import { customFieldRenameOperation } from './rename';
import {
	customFieldUpdateOptionsDescription,
	customFieldUpdateOptionsOperation,
} from './updateOptions';

const customFieldLocator = objectLocator({
	name: 'customFieldId',
	displayName: 'Custom Field',
	searchListMethod: 'searchCustomFields',
	placeholder: 'e.g. 4c8e1d2a7f',
	description:
		"The custom field's ID, e.g. 4c8e1d2a7f, as Custom Field → Get Many returns it (not its name)",
});

export const customFieldDescription: INodeProperties[] = [
	{
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
	},
	{
		...customFieldLocator,
		displayOptions: { show: { resource: ['customField'], operation: ['rename', 'updateOptions'] } },
	},
	{
		...nameParameter,
		displayOptions: { show: { resource: ['customField'], operation: ['create', 'rename'] } },
	},
	...customFieldCreateDescription,
	...customFieldGetManyDescription,
	...customFieldUpdateOptionsDescription,
];
