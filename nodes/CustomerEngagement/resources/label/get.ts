import type { INodePropertyOptions } from 'n8n-workflow';

/** Its one parameter, the Label locator, is the resource's (index.ts). */
export const labelGetOperation: INodePropertyOptions = {
	name: 'Get',
	value: 'get',
	action: 'Get a label by ID',
	description: 'Reads the label with this ID. Returns its ID, name and color.',
	routing: { request: { method: 'GET', url: '/v1/labels/{labelId}' } },
};
