import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { labelLocator } from '../../shared/locators';

export const labelGetOperation: INodePropertyOptions = {
	name: 'Get',
	value: 'get',
	action: 'Get a label by ID',
	description: 'Reads the label with this ID. Returns its ID, name and color.',
	routing: {
		request: { method: 'GET', url: '/v1/labels/{labelId}' },
	},
};

export const labelGetDescription: INodeProperties[] = [
	{ ...labelLocator, displayOptions: { show: { resource: ['label'], operation: ['get'] } } },
];
