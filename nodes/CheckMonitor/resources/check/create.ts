import type {
	IExecuteSingleFunctions,
	IN8nHttpFullResponse,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { checkFields, UNIQUE_FIELDS, validateCheckBody } from './fields';

/** Create answers 201 for a new check and 200 when `unique` matched an existing one. */
export async function markCreatedOrUpdated(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	const outcome = response.statusCode === 201 ? 'created' : 'updated';
	return items.map((item) => ({ json: { ...item.json, outcome } }));
}

export const checkCreateOperation: INodePropertyOptions = {
	name: 'Create',
	value: 'create',
	action: 'Create a check or upsert by unique fields',
	description:
		'Creates a check (a monitor that expects pings from a job) from the given fields, or updates the check whose Unique fields match. Returns the check with its UUID, ping URL and an outcome of created or updated.',
	routing: {
		request: { method: 'POST', url: '/api/v3/checks/' },
		send: { preSend: [validateCheckBody] },
		output: { postReceive: [markCreatedOrUpdated] },
	},
};

const showOnlyForCheckCreate = { resource: ['check'], operation: ['create'] };

export const checkCreateDescription: INodeProperties[] = [
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: { show: showOnlyForCheckCreate },
		options: checkFields,
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: { show: showOnlyForCheckCreate },
		options: [
			{
				displayName: 'Unique',
				name: 'unique',
				type: 'multiOptions',
				options: UNIQUE_FIELDS.map((field) => ({ name: field, value: field })),
				default: [],
				description:
					'Upsert: when a check with the same values of these fields exists, update it instead of creating a new one. The output says "created" or "updated".',
				routing: { send: { type: 'body', property: 'unique' } },
			},
		],
	},
];
