import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, IN8nHttpFullResponse, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { convertSent, numberAsText } from '../../../shared/convertSent';
import { sentRequestOf } from '../../../shared/transport';
import { getManyParameters } from '../../../shared/descriptions';
import { customFieldLocator, nameParameter } from '../../shared/descriptions';

const fieldUrl = '/v1/custom-fields/{customFieldId}';
const FIELD_TYPES = [
	{ name: 'Date', value: 'date' },
	{ name: 'Multi Select', value: 'multi_select' },
	{ name: 'Number', value: 'number' },
	{ name: 'Single Select', value: 'single_select' },
	{ name: 'Text', value: 'text' },
];

/** Rename takes the new name as a bare JSON string body (routing can only build objects). */
async function nameAsJsonString(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
	requestOptions.body = JSON.stringify(String((requestOptions.body as IDataObject).name));
	return requestOptions;
}

/** The field's type in words ("Single select") next to the API's value (`single_select`), which stays as it is. */
async function withTypeName(this: IExecuteSingleFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	return items.map((item) => {
		const type = FIELD_TYPES.find((t) => t.value === item.json.type);
		if (!type) return item;
		const typeName = type.name.charAt(0) + type.name.slice(1).toLowerCase();
		return { ...item, json: { ...item.json, typeName } };
	});
}

/** Rename answers a bare JSON string; say what changed instead. */
async function renameResult(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	const sent = sentRequestOf(response);
	return items.map((item) => ({
		json: {
			id: sent.parameters.customFieldId,
			name: JSON.parse(String(sent.body)) as string,
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
				routing: { request: { method: 'POST', url: '/v1/custom-fields' }, output: { postReceive: [withTypeName] } },
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many custom fields',
				routing: { request: { method: 'GET', url: '/v1/custom-fields' }, output: { postReceive: [withTypeName] } },
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
				routing: { request: { method: 'PUT', url: `${fieldUrl}/option` }, output: { postReceive: [withTypeName] } },
			},
		],
		default: 'getAll',
	},
	{ ...customFieldLocator, displayOptions: { show: { resource: ['customField'], operation: ['rename', 'updateOptions'] } } },
	{ ...nameParameter, displayOptions: { show: { resource: ['customField'], operation: ['create', 'rename'] } } },
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
		displayOptions: { show: { resource: ['customField'], operation: ['create'] } },
		options: [
			{
				displayName: 'Options',
				name: 'options',
				// Shown here rather than on the collection, so the collection can be one with the
				// other operations' Additional Fields (see mergeSameNamedProperties).
				displayOptions: { show: { '/type': ['single_select', 'multi_select'] } },
				type: 'string',
				typeOptions: { multipleValues: true },
				default: [],
				description: 'The choices of the select field; each must be unique',
				routing: { send: { type: 'body', property: 'options', preSend: [convertSent('body', 'options', (v) => ([] as unknown[]).concat(v).map((value) => ({ value: numberAsText(value) })))] } },
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
				preSend: [
					convertSent('body', 'options', (v) =>
						(((v as IDataObject).option ?? []) as IDataObject[]).map((o) => (o.id ? { id: numberAsText(o.id), value: numberAsText(o.value) } : { value: numberAsText(o.value) })),
					),
				],
			},
		},
	},
	...getManyParameters({ resource: ['customField'], operation: ['getAll'] }),
];
