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
				action: 'Create a custom field for contacts',
				description:
					'Creates a contact custom field with a unique name and a type (text, number, date, single or multi select, with its options). Returns the field with its ID.',
				routing: { request: { method: 'POST', url: '/v1/custom-fields' }, output: { postReceive: [withTypeName] } },
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'List the custom fields of contacts',
				description: 'Lists the custom fields defined for contacts. Returns one item per field with its ID, name, type and, for a select field, its options.',
				routing: { request: { method: 'GET', url: '/v1/custom-fields' }, output: { postReceive: [withTypeName] } },
			},
			{
				name: 'Rename',
				value: 'rename',
				action: 'Rename a custom field by ID',
				description: 'Gives the custom field with this ID a new name, unique among the fields. Returns the field ID, the new name and the message of the API.',
				routing: {
					request: { method: 'PUT', url: `${fieldUrl}/name` },
					send: { preSend: [nameAsJsonString] },
					output: { postReceive: [renameResult] },
				},
			},
			{
				name: 'Update Options',
				value: 'updateOptions',
				action: 'Change or add options of a select field',
				description:
					'Changes options of the single or multi select custom field with this ID (an entry with an option ID) or adds new ones (an entry without). Returns the field with its options.',
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
		description: 'What the field holds: text, a number, a date, or one (single select) or several (multi select) of its options',
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
				description: 'The choices of the select field, one text per entry, e.g. Small; each must be unique',
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
					{ displayName: 'Option ID', name: 'id', type: 'string', default: '', description: 'ID of the option to change, e.g. 9b1c2d3e4f, as the field lists its options; leave empty to add a new option' },
					{ displayName: 'Value', name: 'value', type: 'string', default: '', description: 'The option text, e.g. Large; unique and not empty' },
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
