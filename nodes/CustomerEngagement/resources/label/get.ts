import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import type { OperationDescription } from '../../../shared/resourceDescription';
import { labelLocator } from '../../shared/locators';

const labelGetOperation: INodePropertyOptions = {
	name: 'Get',
	value: 'get',
	action: 'Get a label by ID',
	description: 'Reads the label with this ID. Returns its ID, name and color.',
	routing: {
		request: { method: 'GET', url: '/v1/labels/{labelId}' },
	},
};

const labelGetDescription: INodeProperties[] = [
	{ ...labelLocator, displayOptions: { show: { resource: ['label'], operation: ['get'] } } },
];

export const labelGet: OperationDescription = {
	option: labelGetOperation,
	parameters: labelGetDescription,
};
