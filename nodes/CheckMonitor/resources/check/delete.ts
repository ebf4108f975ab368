import type { INodePropertyOptions } from 'n8n-workflow';
import { CHECK_PATH } from '../../shared/checkMonitorApi';

/** Its one parameter, Check, is the resource's (index.ts). */
export const checkDeleteOperation: INodePropertyOptions = {
	name: 'Delete',
	value: 'delete',
	action: 'Delete a check by UUID or slug',
	description:
		'Deletes the check with this UUID or slug permanently. Returns the deleted check as it was.',
	routing: { request: { method: 'DELETE', url: CHECK_PATH } },
};
