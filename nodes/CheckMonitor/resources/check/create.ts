import { additionalFields, optionsCollection } from '../../../shared/descriptions';
import type { INodeProperties } from 'n8n-workflow';
import { checkFields, UNIQUE_FIELDS } from '../../shared/checkFields';

const show = { resource: ['check'], operation: ['create'] };

export const checkCreateDescription: INodeProperties[] = [
	additionalFields(show, checkFields),
	optionsCollection(show, [
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
	]),
];
