import type { INodePropertyOptions } from 'n8n-workflow';
import type { OperationDescription } from '../../../shared/resourceDescription';
import { CHECK_PATH } from '../../shared/checkParameters';

/** Its one parameter is Check (shared/sharedParameters.ts). */
const checkDeleteOperation: INodePropertyOptions = {
	name: 'Delete',
	value: 'delete',
	action: 'Delete a check by UUID or slug',
	description: 'Deletes the check with this UUID or slug permanently. Returns the deleted check as it was.',
	routing: { request: { method: 'DELETE', url: CHECK_PATH } },
};

export const checkDelete: OperationDescription = {
	option: checkDeleteOperation,
};
