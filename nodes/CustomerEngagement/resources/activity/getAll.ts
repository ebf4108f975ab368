import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import type { OperationDescription } from '../../../shared/resourceDescription';
import { dateCursorPagination } from '../../../shared/pagination';
import { customerEngagementApi } from '../../shared/customerEngagementApi';

const ACTIVITY_TYPES = [
	'CALL', 'CALL_LOG', 'CLAIMED_OFFERS', 'CONTACT_STATUS_CHANGE', 'EMAIL', 'EMAIL_LOG', 'NOTE',
	'SUBSCRIPTION', 'TEXT', 'UTM_TAG_CHANGE',
];

/** Newest first; the next page is everything before the last activity's date. */
const paginateActivities = dateCursorPagination(customerEngagementApi, {
	cursorParameter: 'beforeDate',
	pageSize: 100,
	nextCursor: (items) => items[items.length - 1]?.json.date as string | undefined,
});

const activityGetManyOperation: INodePropertyOptions = {
	name: 'Get Many',
	value: 'getAll',
	action: 'List the activities of a contact by ID',
	description:
		'Lists what happened with the contact with this ID (texts, emails, calls, notes, status changes and more), newest first, optionally of one type only. Returns one item per activity with its type, date and data.',
	routing: {
		request: { method: 'GET', url: '/v1/contacts/{contactId}/activities' },
		operations: { pagination: paginateActivities },
	},
};

/** Where its collection entries are shown: the node holds one collection of each name for every operation (nodes/shared/resourceDescription.ts). */
const entryShown = { show: { '/resource': ['activity'], '/operation': ['getAll'] } };

/** Its Filters; Contact, Return All and Limit are shared (shared/sharedParameters.ts). */
const activityGetManyFilters: INodeProperties[] = [
	{
		displayName: 'Type',
		name: 'type',
		displayOptions: entryShown,
		type: 'options',
		options: ACTIVITY_TYPES.map((type) => ({
			name: type.split('_').map((w) => w[0] + w.slice(1).toLowerCase()).join(' '),
			value: type,
		})),
		default: 'NOTE',
		description: 'Only activities of this type, e.g. Note or Text; leave the filter out for every type',
		routing: { send: { type: 'query', property: 'type' } },
	},
];

export const activityGetMany: OperationDescription = {
	option: activityGetManyOperation,
	collections: { filters: activityGetManyFilters },
};
