import type { INodeProperties } from 'n8n-workflow';
import { checkCreateDescription, checkCreateOperation } from './create';
import { checkDeleteOperation } from './delete';
import { checkGetDescription, checkGetOperation } from './get';
import { checkGetManyDescription, checkGetManyOperation } from './getAll';
import { checkPauseOperation } from './pause';
import { checkResumeOperation } from './resume';
import { checkUpdateDescription, checkUpdateOperation } from './update';

/** The resource's Operation selector (the node lists every resource's first: the editor shows parameters in the node's order). */
export const checkOperation: INodeProperties = {
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

export const checkDescription: INodeProperties[] = [
	...checkCreateDescription,
	...checkGetDescription,
	...checkGetManyDescription,
	...checkUpdateDescription,
];
