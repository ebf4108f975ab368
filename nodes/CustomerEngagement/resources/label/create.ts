import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { invalidInput } from '../../../shared/apiRequest';

/** The colors the API accepts for a label. */
const LABEL_COLORS = [
	'AMBER',
	'BLUE_GREY',
	'BROWN',
	'CYAN',
	'DEEP_ORANGE',
	'DEEP_PURPLE',
	'GREY',
	'INDIGO',
	'LIGHT_BLUE',
	'LIME',
	'ORANGE',
	'PINK',
	'PURPLE',
	'RED',
	'TEAL',
];

/** preSend: a Color from an expression must still be one of the API's colors. */
export async function validateLabelColor(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const color = (requestOptions.body as IDataObject | undefined)?.color;
	if (color !== undefined && !LABEL_COLORS.includes(String(color))) {
		throw invalidInput(
			this,
			'Color',
			`"${String(color)}" is not a label color; use one of ${LABEL_COLORS.join(', ')}`,
		);
	}
	return requestOptions;
}

export const labelCreateOperation: INodePropertyOptions = {
	name: 'Create',
	value: 'create',
	action: 'Create a label that contacts can carry',
	description:
		'Creates a label with a unique name and an optional color, which contacts can then carry. Returns the label with its ID.',
	routing: {
		request: { method: 'POST', url: '/v1/labels' },
		send: { preSend: [validateLabelColor] },
	},
};

const showOnlyForLabelCreate = { resource: ['label'], operation: ['create'] };

export const labelCreateDescription: INodeProperties[] = [
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: { show: showOnlyForLabelCreate },
		options: [
			{
				displayName: 'Color',
				name: 'color',
				type: 'options',
				default: 'GREY',
				options: LABEL_COLORS.map((color) => ({
					name: color
						.split('_')
						.map((word) => word[0] + word.slice(1).toLowerCase())
						.join(' '),
					value: color,
				})),
				description: 'Color of the label in the app, e.g. Red (GREY when left out)',
				routing: { send: { type: 'body', property: 'color' } },
			},
		],
	},
];
