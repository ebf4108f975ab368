import type { INodeProperties } from 'n8n-workflow';
import { LABEL_COLORS } from '../../shared/constants';
import { nameParameter } from '../../shared/descriptions';

const showOnlyForLabelCreate = { resource: ['label'], operation: ['create'] };

export const labelCreateDescription: INodeProperties[] = [
	{ ...nameParameter, displayOptions: { show: showOnlyForLabelCreate } },
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
