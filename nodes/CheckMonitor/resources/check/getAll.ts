import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import type { OperationDescription } from '../../../shared/resourceDescription';
import { convertSent, listOf } from '../../../shared/convertSent';
import { checksToItems } from './simplify';

const checkGetManyOperation: INodePropertyOptions = {
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

/** Where its collection entries are shown: the node holds one collection of each name for every operation (nodes/shared/resourceDescription.ts). */
const entryShown = { show: { '/resource': ['check'], '/operation': ['getAll'] } };

/** Its Filters; Return All, Limit and Simplify are shared (shared/sharedParameters.ts, simplify.ts). */
const checkGetManyFilters: INodeProperties[] = [
	{
		displayName: 'Slug',
		name: 'slug',
		displayOptions: entryShown,
		type: 'string',
		default: '',
		description: 'Only checks with exactly this slug, e.g. nightly-backup (lowercase letters, digits, - and _). Empty means no slug filter.',
		routing: { send: { type: 'query', property: 'slug' } },
	},
	{
		displayName: 'Tags',
		name: 'tag',
		displayOptions: entryShown,
		type: 'string',
		default: '',
		placeholder: 'e.g. prod backup',
		description:
			'Only checks that carry every one of these tags: space-separated, e.g. prod backup, or a list from an expression. Empty means no tag filter: every check of the project is returned.',
		routing: { send: { type: 'query', property: 'tag', preSend: [convertSent('qs', 'tag', (v) => listOf(v, /\s/))] } },
	},
];

export const checkGetMany: OperationDescription = {
	option: checkGetManyOperation,
	collections: { filters: checkGetManyFilters },
};
