import type { INodeProperties } from 'n8n-workflow';
import { checkCreateDescription, checkCreateOperation } from './create';
import { checkDeleteDescription, checkDeleteOperation } from './delete';
import { checkGetDescription, checkGetOperation } from './get';
import { checkGetManyDescription, checkGetManyOperation } from './getAll';
import { checkPauseDescription, checkPauseOperation } from './pause';
import { checkResumeDescription, checkResumeOperation } from './resume';
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
	// Not the selector's order: the node merges the Check of Get, Update, Pause, Resume and
	// Delete into one definition whose display rule names them in the order declared here.
	...checkCreateDescription,
	...checkGetDescription,
	...checkGetManyDescription,
	...checkUpdateDescription,
	...checkPauseDescription,
	...checkResumeDescription,
	...checkDeleteDescription,
];
