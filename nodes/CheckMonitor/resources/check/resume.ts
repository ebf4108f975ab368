import type { INodePropertyOptions } from 'n8n-workflow';
import { CHECK_PATH } from '../../shared/checkMonitorApi';

/** Its one parameter, Check, is the resource's (index.ts). */
export const checkResumeOperation: INodePropertyOptions = {
	name: 'Resume',
	value: 'resume',
	action: 'Resume a paused check by UUID or slug',
	description:
		'Resumes the paused check with this UUID or slug (its status becomes new until the next ping); fails when it is not paused. Returns the check as it is now.',
	routing: { request: { method: 'POST', url: `${CHECK_PATH}/resume`, body: {} } },
};
