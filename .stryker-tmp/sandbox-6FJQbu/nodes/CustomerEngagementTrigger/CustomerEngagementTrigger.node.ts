// @ts-nocheck
import {
	NodeConnectionTypes,
	NodeOperationError,
	type IDataObject,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
	type IPollFunctions,
} from 'n8n-workflow';
import { directRequest } from '../shared/directRequest';
import { type FeedState, pollNewestFirst } from '../shared/newestFirstFeed';
import { pollDeadline } from '../shared/pollDeadline';
import { customerEngagementApi } from '../CustomerEngagement/shared/transport';
import { searchContacts } from '../CustomerEngagement/listSearch/searchContacts';
import { contactLocator } from '../CustomerEngagement/shared/descriptions';

const PAGE_SIZE = 100;
const HOUR_MS = 3_600_000;

/** What each event polls: a list sorted newest first by the given date field. */
const EVENTS: Record<string, { url: string; dateField: string; lookBack: boolean; qs?: IDataObject }> = {
	newVisit: { url: '/v1/visits', dateField: 'date', lookBack: true },
	newContact: {
		url: '/v1/contacts',
		dateField: 'registrationDate',
		lookBack: false,
		qs: { sort: 'REGISTRATION_DATE', order: 'DESC' },
	},
};

export class CustomerEngagementTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Customer Engagement Trigger',
		name: 'customerEngagementTrigger',
		icon: {
			light: 'file:../../icons/customerEngagement.svg',
			dark: 'file:../../icons/customerEngagement.dark.svg',
		},
		group: ['trigger'],
		version: 1,
		subtitle: '={{$parameter["event"]}}',
		description: 'Starts the workflow when a visit is recorded or a contact registers',
		defaults: { name: 'Customer Engagement Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'customerEngagementApi', required: true }],
		properties: [
			{
				displayName: 'Event',
				name: 'event',
				type: 'options',
				noDataExpression: true,
				options: [
					{ name: 'New Contact', value: 'newContact', description: 'A contact registered' },
					{ name: 'New Visit', value: 'newVisit', description: 'A visit (check-in) was recorded' },
				],
				default: 'newVisit',
			},
			{
				...contactLocator,
				required: false,
				description: 'Only visits of this contact; leave empty for every contact',
				displayOptions: { show: { event: ['newVisit'] } },
			},
			{
				displayName: 'Back-Dated Visits Window (Hours)',
				name: 'lookBackHours',
				type: 'number',
				typeOptions: { minValue: 0, maxValue: 720 },
				default: 24,
				description:
					'Visits recorded with a past date are still caught when dated at most this many hours before the newest visit. Each poll re-reads the visits of this window only when the total says one is missing. 0 turns it off.',
				displayOptions: { show: { event: ['newVisit'] } },
			},
		],
	};

	methods = { listSearch: { searchContacts } };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const eventName = this.getNodeParameter('event') as string;
		const event = EVENTS[eventName];
		if (!event) throw new NodeOperationError(this.getNode(), `Unknown event "${eventName}"`);
		const qs: IDataObject = { ...(event.qs ?? {}) };
		if (eventName === 'newVisit') {
			const contactId = String(this.getNodeParameter('contactId', '', { extractValue: true }) ?? '').trim();
			if (contactId) qs.contactId = contactId;
		}
		const fetchPage = async (page: number, perPage = PAGE_SIZE) => {
			const { body, headers } = await directRequest(this, customerEngagementApi, {
				url: event.url,
				qs: { ...qs, page, perPage },
			});
			const total = Number(headers['x-total-count']);
			return {
				items: (Array.isArray(body) ? body : []) as IDataObject[],
				total: headers['x-total-count'] !== undefined && Number.isFinite(total) ? total : undefined,
			};
		};

		if (this.getMode() !== 'trigger') {
			// Fetch Test Event (or any run that is not the active poll): the newest record,
			// without touching the cursor.
			const { items } = await fetchPage(1, 1);
			return items.length ? [items.map((json) => ({ json }))] : null;
		}

		const staticData = this.getWorkflowStaticData('node');
		// The cursor belongs to one event and filter: changing them starts afresh.
		const key = `${eventName}:${String(qs.contactId ?? '*')}`;
		const previous = staticData.key === key ? (staticData.feed as FeedState | undefined) : undefined;
		const lookBackHours = event.lookBack ? (this.getNodeParameter('lookBackHours', 24) as number) : 0;
		const result = await pollNewestFirst({
			state: previous,
			fetchPage: async (page) => await fetchPage(page),
			pageSize: PAGE_SIZE,
			idOf: (item) => String(item.id),
			dateOf: (item) => Date.parse(String(item[event.dateField])),
			lookBackMs: lookBackHours * HOUR_MS,
			deadline: pollDeadline(this),
		});
		staticData.key = key;
		staticData.feed = result.state as unknown as IDataObject;
		return result.items.length ? [result.items.map((json) => ({ json }))] : null;
	}
}
