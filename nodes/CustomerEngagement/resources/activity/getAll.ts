import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { dateCursorPages } from '../../shared/pages';

const showOnlyForActivityGetMany = { resource: ['activity'], operation: ['getAll'] };

const ACTIVITY_TYPES = [
	'CALL',
	'CALL_LOG',
	'CLAIMED_OFFERS',
	'CONTACT_STATUS_CHANGE',
	'EMAIL',
	'EMAIL_LOG',
	'NOTE',
	'SUBSCRIPTION',
	'TEXT',
	'UTM_TAG_CHANGE',
];

export const activityGetManyOperation: INodePropertyOptions = {
	name: 'Get Many',
	value: 'getAll',
	action: 'List the activities of a contact by ID',
	description:
		'Lists what happened with the contact with this ID (texts, emails, calls, notes, status changes and more), newest first, optionally of one type only. Returns one item per activity with its type, date and data.',
	routing: {
		request: { method: 'GET', url: '/v1/contacts/{contactId}/activities' },
		// Newest first: the next page is everything before the last activity's date.
		operations: {
			pagination: dateCursorPages({
				cursorParameter: 'beforeDate',
				pageSize: 100,
				nextCursor: (items) => items[items.length - 1]?.json.date as string | undefined,
			}),
		},
	},
};

export const activityGetManyDescription: INodeProperties[] = [
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		displayOptions: { show: showOnlyForActivityGetMany },
		options: [
			{
				displayName: 'Type',
				name: 'type',
				type: 'options',
				options: ACTIVITY_TYPES.map((type) => ({
					name: type
						.split('_')
						.map((w) => w[0] + w.slice(1).toLowerCase())
						.join(' '),
					value: type,
				})),
				default: 'NOTE',
				description:
					'Only activities of this type, e.g. Note or Text; leave the filter out for every type',
				routing: { send: { type: 'query', property: 'type' } },
			},
		],
	},
];
