import type { IDataObject, INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { convertSent, numberAsText } from '../../../shared/convertSent';
import { withTypeName } from './fieldTypes';

const showOnlyForUpdateOptions = { resource: ['customField'], operation: ['updateOptions'] };

export const customFieldUpdateOptionsOperation: INodePropertyOptions = {
	name: 'Update Options',
	value: 'updateOptions',
	action: 'Change or add options of a select field',
	description:
		'Changes options of the single or multi select custom field with this ID (an entry with an option ID) or adds new ones (an entry without). Returns the field with its options.',
	routing: {
		request: { method: 'PUT', url: '/v1/custom-fields/{customFieldId}/option' },
		output: { postReceive: [withTypeName] },
	},
};

/** Custom Field is the resource's (index.ts). */
export const customFieldUpdateOptionsDescription: INodeProperties[] = [
	{
		displayName: 'Options',
		name: 'options',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		required: true,
		placeholder: 'Add Option',
		default: {},
		displayOptions: { show: showOnlyForUpdateOptions },
		options: [
			{
				displayName: 'Option',
				name: 'option',
				values: [
					{
						displayName: 'Option ID',
						name: 'id',
						type: 'string',
						default: '',
						description:
							'ID of the option to change, e.g. 9b1c2d3e4f, as the field lists its options; leave empty to add a new option',
					},
					{
						displayName: 'Value',
						name: 'value',
						type: 'string',
						default: '',
						description: 'The option text, e.g. Large; unique and not empty',
					},
				],
			},
		],
		routing: {
			send: {
				type: 'body',
				property: 'options',
				preSend: [
					convertSent('body', 'options', (v) =>
						(((v as IDataObject).option ?? []) as IDataObject[]).map((o) =>
							o.id
								? { id: numberAsText(o.id), value: numberAsText(o.value) }
								: { value: numberAsText(o.value) },
						),
					),
				],
			},
		},
	},
];
