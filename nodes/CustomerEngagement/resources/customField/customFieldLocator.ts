import type { INodeProperties } from 'n8n-workflow';
import { customFieldLocator } from '../../shared/locators';

/** Custom Field of Rename and Update Options. */
export const customFieldParameter: INodeProperties = {
	...customFieldLocator,
	displayOptions: { show: { resource: ['customField'], operation: ['rename', 'updateOptions'] } },
};
