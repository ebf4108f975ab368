import type { INodePropertyOptions } from 'n8n-workflow';
import { CHECK_PATH } from '../../shared/checkMonitorApi';

/** Its one parameter, Check, is the resource's (index.ts). */
export const checkPauseOperation: INodePropertyOptions = {
	name: 'Pause',
	value: 'pause',
	action: 'Pause monitoring of a check by UUID or slug',
	description:
		'Pauses the check with this UUID or slug: it sends no alerts until it is resumed or, unless Manual Resume is on, pinged again. Returns the check as it is now.',
	routing: { request: { method: 'POST', url: `${CHECK_PATH}/pause`, body: {} } },
};
