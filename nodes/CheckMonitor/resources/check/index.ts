import type { INodeProperties } from 'n8n-workflow';
import { operationCheckLocator } from './checkLocator';
import { checkCreateDescription, checkCreateOperation } from './create';
import { checkDeleteOperation } from './delete';
import { checkGetDescription, checkGetOperation } from './get';
import { checkGetManyDescription, checkGetManyOperation } from './getAll';
import { checkPauseOperation } from './pause';
import { checkResumeOperation } from './resume';
import { checkUpdateDescription, checkUpdateOperation } from './update';

export const checkDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['check'] } },
		options: [
			checkCreateOperation,
			checkDeleteOperation,
			checkGetOperation,
			checkGetManyOperation,
			checkPauseOperation,
			checkResumeOperation,
			checkUpdateOperation,
		],
		default: 'getAll',
	},
	{
		...operationCheckLocator(),
		displayOptions: {
			show: { resource: ['check'], operation: ['get', 'update', 'pause', 'resume', 'delete'] },
		},
	},
	...checkCreateDescription,
	...checkGetDescription,
	...checkGetManyDescription,
	...checkUpdateDescription,
];
