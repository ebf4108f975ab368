import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { convertSent, numberAsText } from '../../../shared/convertSent';
import { FIELD_TYPES, withTypeName } from './fieldTypes';

const showOnlyForCustomFieldCreate = { resource: ['customField'], operation: ['create'] };

export const customFieldCreateOperation: INodePropertyOptions = {
	name: 'Create',
	value: 'create',
	action: 'Create a custom field for contacts',
	description:
		'Creates a contact custom field with a unique name and a type (text, number, date, single or multi select, with its options). Returns the field with its ID.',
	routing: {
		request: { method: 'POST', url: '/v1/custom-fields' },
		output: { postReceive: [withTypeName] },
	},
};

/** Name is the resource's (index.ts). */
export const customFieldCreateDescription: INodeProperties[] = [
	{
		displayName: 'Type',
		name: 'type',
		type: 'options',
		required: true,
		options: FIELD_TYPES,
		default: 'text',
		description:
			'What the field holds: text, a number, a date, or one (single select) or several (multi select) of its options',
		displayOptions: { show: showOnlyForCustomFieldCreate },
		routing: { send: { type: 'body', property: 'type' } },
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: { show: showOnlyForCustomFieldCreate },
		options: [
			{
				displayName: 'Options',
				name: 'options',
				displayOptions: { show: { '/type': ['single_select', 'multi_select'] } },
				type: 'string',
				typeOptions: { multipleValues: true },
				default: [],
				description:
					'The choices of the select field, one text per entry, e.g. Small; each must be unique',
				routing: {
					send: {
						type: 'body',
						property: 'options',
						preSend: [
							convertSent('body', 'options', (v) =>
								([] as unknown[]).concat(v).map((value) => ({ value: numberAsText(value) })),
							),
						],
					},
				},
			},
		],
	},
];
