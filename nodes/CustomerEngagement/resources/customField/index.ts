import type { INodeProperties } from 'n8n-workflow';
import { customFieldCreateDescription, customFieldCreateOperation } from './create';
import { customFieldGetManyDescription, customFieldGetManyOperation } from './getAll';
import { customFieldRenameDescription, customFieldRenameOperation } from './rename';
import { customFieldUpdateOptionsDescription, customFieldUpdateOptionsOperation } from './updateOptions';

export const customFieldDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['customField'] } },
		options: [customFieldCreateOperation, customFieldGetManyOperation, customFieldRenameOperation, customFieldUpdateOptionsOperation],
		default: 'getAll',
	},
	...customFieldCreateDescription,
	...customFieldRenameDescription,
	...customFieldUpdateOptionsDescription,
	...customFieldGetManyDescription,
];
