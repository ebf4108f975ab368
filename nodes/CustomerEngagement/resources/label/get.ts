import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { objectLocator } from '../contact/contactLocator';

export const labelGetOperation: INodePropertyOptions = {
	name: 'Get',
	value: 'get',
	action: 'Get a label by ID',
	description: 'Reads the label with this ID. Returns its ID, name and color.',
	routing: { request: { method: 'GET', url: '/v1/labels/{labelId}' } },
};

const labelLocator = objectLocator({
	name: 'labelId',
	displayName: 'Label',
	searchListMethod: 'searchLabels',
	placeholder: 'e.g. 61aa0c2e7d',
	description: "The label's ID, e.g. 61aa0c2e7d, as Label → Get Many returns it (not its name)",
});

export const labelGetDescription: INodeProperties[] = [{ ...labelLocator, displayOptions: { show: { resource: ['label'], operation: ['get'] } } }];
