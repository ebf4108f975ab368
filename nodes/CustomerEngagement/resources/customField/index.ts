import type { IExecuteSingleFunctions, IHttpRequestOptions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { getManyParameters } from '../../../shared/descriptions';
import { customFieldLocator } from '../../shared/descriptions';

const fieldUrl = '=/v1/custom-fields/{{ encodeURIComponent($parameter.customFieldId) }}';
const FIELD_TYPES = [
	{ name: 'Date', value: 'date' },
	{ name: 'Multi Select', value: 'multi_select' },
	{ name: 'Number', value: 'number' },
	{ name: 'Single Select', value: 'single_select' },
	{ name: 'Text', value: 'text' },
];

/** Rename takes the new name as a bare JSON string body (routing can only build objects). */
async function nameAsJsonString(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
	requestOptions.body = JSON.stringify(String(this.getNodeParameter('name')));
	return requestOptions;
}

/** Rename answers a bare JSON string; say what changed instead. */
async function renameResult(this: IExecuteSingleFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	return items.map((item) => ({
		json: {
			id: this.getNodeParameter('customFieldId', '', { extractValue: true }),
			name: this.getNodeParameter('name'),
			message: typeof item.json === 'string' ? item.json : JSON.stringify(item.json),
		},
	}));
}

export const customFieldDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['customField'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				action: 'Create a custom field',
				routing: { request: { method: 'POST', url: '/v1/custom-fields' } },
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many custom fields',
				routing: { request: { method: 'GET', url: '/v1/custom-fields' } },
			},
			{
				name: 'Rename',
				value: 'rename',
				action: 'Rename a custom field',
				routing: {
					request: { method: 'PUT', url: `${fieldUrl}/name` },
					send: { preSend: [nameAsJsonString] },
					output: { postReceive: [renameResult] },
				},
			},
			{
				name: 'Update Options',
				value: 'updateOptions',
				action: 'Update the options of a select custom field',
				description: 'Change option values (with an option ID) or add options (without one)',
				routing: { request: { method: 'PUT', url: `${fieldUrl}/option` } },
			},
		],
		default: 'getAll',
	},
	{ ...customFieldLocator, displayOptions: { show: { resource: ['customField'], operation: ['rename', 'updateOptions'] } } },
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		required: true,
		default: '',
		description: 'Name of the custom field; must be unique',
		displayOptions: { show: { resource: ['customField'], operation: ['create'] } },
		routing: { send: { type: 'body', property: 'name' } },
	},
	{
		// Same parameter, no body routing: rename sends the name as the whole body.
		displayName: 'Name',
		name: 'name',
		type: 'string',
		required: true,
		default: '',
		description: 'The new name of the custom field; must be unique',
		displayOptions: { show: { resource: ['customField'], operation: ['rename'] } },
	},
	{
		displayName: 'Type',
		name: 'type',
		type: 'options',
		required: true,
		options: FIELD_TYPES,
		default: 'text',
		displayOptions: { show: { resource: ['customField'], operation: ['create'] } },
		routing: { send: { type: 'body', property: 'type' } },
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: { show: { resource: ['customField'], operation: ['create'], type: ['single_select', 'multi_select'] } },
		options: [
			{
				displayName: 'Options',
				name: 'options',
				type: 'string',
				typeOptions: { multipleValues: true },
				default: [],
				description: 'The choices of the select field; each must be unique',
				routing: { send: { type: 'body', property: 'options', value: '={{ [].concat($value).map(value => ({ value })) }}' } },
			},
		],
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		required: true,
		placeholder: 'Add Option',
		default: {},
		displayOptions: { show: { resource: ['customField'], operation: ['updateOptions'] } },
		options: [
			{
				displayName: 'Option',
				name: 'option',
				values: [
					{ displayName: 'Option ID', name: 'id', type: 'string', default: '', description: 'ID of the option to change; leave empty to add a new option' },
					{ displayName: 'Value', name: 'value', type: 'string', default: '', description: 'The option text; unique and not empty' },
				],
			},
		],
		routing: {
			send: {
				type: 'body',
				property: 'options',
				value: '={{ ($value.option ?? []).map(o => o.id ? { id: o.id, value: o.value } : { value: o.value }) }}',
			},
		},
	},
	...getManyParameters({ resource: ['customField'], operation: ['getAll'] }),
];
