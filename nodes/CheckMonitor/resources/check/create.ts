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
	action: 'Create a new check (or upsert with Unique)',
	description:
		'Creates a new check (a monitor that expects pings from a job) on every run; with Options → Unique set, it updates instead the check whose Unique fields match and creates one only when none does. Returns the check with its UUID, ping URL and an outcome of created or updated.',
	routing: {
		request: { method: 'POST', url: '/api/v3/checks/' },
		send: { preSend: [validateCheckBody] },
		output: { postReceive: [markCreatedOrUpdated] },
	},
};

const showOnlyForCheckCreate = { resource: ['check'], operation: ['create'] };

export const checkCreateDescription: INodeProperties[] = [
	// A second run of Create makes a second check: said where the user looks, with the way out.
	{
		displayName:
			'Each run creates a new check, even when one with the same name exists. To update that check instead, add Options → Unique and pick Name (or the fields that identify your check): a run then updates the check whose Unique fields match and creates one only when none does.',
		name: 'uniqueNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: showOnlyForCheckCreate },
	},
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
				options: UNIQUE_FIELDS.map((field) => ({
					name: field[0].toUpperCase() + field.slice(1),
					value: field,
				})),
				default: [],
				description:
					"Update rather than duplicate: when a check has the same values of these fields (e.g. Name), the run updates it instead of creating another, and creates one only when none matches. Without Unique, every run creates a new check. The output's outcome says created or updated.",
				routing: { send: { type: 'body', property: 'unique' } },
			},
		],
	},
];
