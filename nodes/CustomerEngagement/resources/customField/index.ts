import type { INodeProperties } from 'n8n-workflow';
import { customFieldCreateOperation } from './create';
import { customFieldGetManyOperation } from './getAll';
import { customFieldRenameOperation } from './rename';
import { customFieldUpdateOptionsOperation } from './updateOptions';

/** The Operation selector of the customField resource: its operations, in the order the editor lists them. */
export const customFieldOperations: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['customField'] } },
	options: [customFieldCreateOperation, customFieldGetManyOperation, customFieldRenameOperation, customFieldUpdateOptionsOperation],
	default: 'getAll',
};
