import type { INodePropertyOptions } from 'n8n-workflow';
import type { OperationDescription } from '../../../shared/resourceDescription';
import { CHECK_PATH } from '../../shared/checkParameters';
import { checksToItems } from './simplify';

/** Its parameters are shared: Check (shared/sharedParameters.ts) and Simplify (simplify.ts). */
const checkGetOperation: INodePropertyOptions = {
	name: 'Get',
	value: 'get',
	action: 'Get a check by UUID or slug',
	description:
		'Reads the check with this UUID or slug, or with its unique key (what read-only API keys see). Returns its name, slug, tags, status (up, down, grace, paused or new), last and next ping and schedule.',
	routing: {
		request: { method: 'GET', url: CHECK_PATH },
		output: { postReceive: [checksToItems] },
	},
};

export const checkGet: OperationDescription = {
	option: checkGetOperation,
};
