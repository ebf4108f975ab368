import type { INodeProperties } from 'n8n-workflow';
import { checkCreateOperation } from './create';
import { checkDeleteOperation } from './delete';
import { checkGetOperation } from './get';
import { checkGetManyOperation } from './getAll';
import { checkPauseOperation } from './pause';
import { checkResumeOperation } from './resume';
import { checkUpdateOperation } from './update';

/** The Operation selector of the check resource: its operations, in the order the editor lists them. */
export const checkOperations: INodeProperties = {
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
};
