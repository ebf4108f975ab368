import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { convertSent, listOf } from '../../../shared/convertSent';
import { checksToItems, simplifyParameter } from './simplify';

const showOnlyForCheckGetMany = { resource: ['check'], operation: ['getAll'] };

export const checkGetManyOperation: INodePropertyOptions = {
	name: 'Get Many',
	value: 'getAll',
	action: 'List checks filtered by slug or tags',
	description:
		'Lists the checks of the project: only those with this slug, or carrying every given tag, when Filters are set (an empty filter matches every check). Returns one item per check with its UUID, name, slug, tags and status.',
	routing: {
		// Repeated tags are ANDed by the server: ?tag=a&tag=b.
		request: { method: 'GET', url: '/api/v3/checks/', arrayFormat: 'repeat' },
		output: { postReceive: [checksToItems] },
	},
};

export const checkGetManyDescription: INodeProperties[] = [
	{ ...simplifyParameter, displayOptions: { show: showOnlyForCheckGetMany } },
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		displayOptions: { show: showOnlyForCheckGetMany },
		options: [
			{
				displayName: 'Slug',
				name: 'slug',
				type: 'string',
				default: '',
				description:
					'Only checks with exactly this slug, e.g. nightly-backup (lowercase letters, digits, - and _). Empty means no slug filter.',
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
				routing: {
					send: {
						type: 'query',
						property: 'tag',
						preSend: [convertSent('qs', 'tag', (v) => listOf(v, /\s/))],
					},
				},
			},
		],
	},
];
