import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { CHECK_PATH } from '../../shared/checkMonitorApi';
import { checksToItems, simplifyParameter } from './simplify';

export const checkGetOperation: INodePropertyOptions = {
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

/** Check is the resource's (index.ts). */
export const checkGetDescription: INodeProperties[] = [
	{ ...simplifyParameter, displayOptions: { show: { resource: ['check'], operation: ['get'] } } },
];
