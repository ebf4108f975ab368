import type { INodeProperties } from 'n8n-workflow';
import { convertSent, listOf } from '../../../shared/convertSent';
import { getManyParameters } from '../../../shared/descriptions';
import { simplifyChecks } from './get';

const show = { resource: ['check'], operation: ['getAll'] };

export const checkGetManyDescription: INodeProperties[] = [
	...getManyParameters(show),
	simplifyChecks(['getAll']),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		displayOptions: { show },
		options: [
			{
				displayName: 'Slug',
				name: 'slug',
				type: 'string',
				default: '',
				description: 'Only checks with exactly this slug, e.g. nightly-backup (lowercase letters, digits, - and _). Empty means no slug filter.',
				routing: { send: { type: 'query', property: 'slug' } },
			},
			{
				displayName: 'Tags',
				name: 'tag',
				type: 'string',
				default: '',
				placeholder: 'e.g. prod backup',
				description:
					'Only checks that carry every one of these tags: space-separated, e.g. prod backup, or a list from an expression. Empty means no tag filter: every check of the project is returned.',
				routing: { send: { type: 'query', property: 'tag', preSend: [convertSent('qs', 'tag', (v) => listOf(v, /\s/))] } },
			},
		],
	},
];
