import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

export const visitGetOperation: INodePropertyOptions = {
	name: 'Get',
	value: 'get',
	action: 'Get a visit by ID',
	description:
		'Reads the visit with this ID. Returns its date, points, contact ID and check-in source.',
	routing: { request: { method: 'GET', url: '/v1/visits/{visitId}' } },
};

export const visitGetDescription: INodeProperties[] = [
	{
		displayName: 'Visit ID',
		name: 'visitId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 63f0a1b2c3',
		description: "The visit's ID, e.g. 63f0a1b2c3, as Visit → Get Many or Create return it",
		displayOptions: { show: { resource: ['visit'], operation: ['get'] } },
	},
];
