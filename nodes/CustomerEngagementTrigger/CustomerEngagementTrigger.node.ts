import {
	NodeConnectionTypes,
	NodeOperationError,
	type IDataObject,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
	type IPollFunctions,
} from 'n8n-workflow';
import { apiRequest } from '../shared/apiRequest';
import { type CountedState, pollCounted } from './countedFeed';
import { pollIdSet } from './idSetFeed';
import { type FeedState, pollNewestFirst } from './newestFirstFeed';
import { MAX_PAGE_SIZE, reportedTotal } from '../CustomerEngagement/shared/pages';
import { pollDeadline } from '../shared/pollDeadline';
import { pollFromStart } from '../shared/keptStart';
import { numberOption } from '../shared/triggerNumberOption';
import { optionSubtitle } from '../shared/optionSubtitle';
import { eventOptions } from './eventOptions';
import { customerEngagementApi } from '../CustomerEngagement/shared/customerEngagementApi';
import { searchContacts } from '../CustomerEngagement/listSearch/searchContacts';
import { searchRewards } from '../CustomerEngagement/listSearch/searchRewards';
import { contactLocator } from '../CustomerEngagement/shared/descriptions';
import { rewardLocator } from '../CustomerEngagement/resources/loyaltyReward/rewardLocator';

const HOUR_MS = 3_600_000;

/** What each event polls: a list sorted newest first by the given date field. */
const EVENTS: Record<
	string,
	{ url: string; dateField: string; lookBack: boolean; qs?: IDataObject }
> = {
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
		subtitle: optionSubtitle('event', eventOptions),
		description:
			'Starts the workflow when a visit is recorded, a contact registers, a reward is redeemed or created',
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
				options: eventOptions,
				default: 'newVisit',
				description:
					'What starts the workflow. Each poll (every minute unless Poll Times says otherwise) starts it once with an item per new record since the last poll.',
			},
			{
				...contactLocator,
				required: false,
				description: 'Only visits (or redeems) of this contact; leave empty for every contact',
				displayOptions: { show: { event: ['newVisit', 'newRedeem'] } },
			},
			{
				...rewardLocator,
				required: false,
				description: 'Only redeems of this reward; leave empty for every reward',
				displayOptions: { show: { event: ['newRedeem'] } },
			},
			{
				displayName: 'Late Redeem Window (Minutes)',
				name: 'redeemWindowMinutes',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: 1440 },
				default: 60,
				description:
					'A redeem recorded late is still reported when dated at most this many minutes before the newest redeem; one dated earlier is not. Redeems have no ID: the trigger tells them apart by reward, contact, time and employee, and remembers those of this window.',
				displayOptions: { show: { event: ['newRedeem'] } },
			},
			{
				displayName: 'Back-Dated Visits Window (Hours)',
				name: 'lookBackHours',
				type: 'number',
				typeOptions: { minValue: 0, maxValue: 720 },
				default: 24,
				description:
					'A visit entered with a past date is still reported when dated at most this many hours before the newest visit. 0: only visits newer than the newest one seen. A poll re-reads these hours only when the visit count says one is missing.',
				displayOptions: { show: { event: ['newVisit'] } },
			},
		],
	};

	methods = { listSearch: { searchContacts, searchRewards } };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const eventName = this.getNodeParameter('event') as string;
		if (eventName === 'newRedeem') return await pollRedeems.call(this);
		if (eventName === 'newLoyaltyReward') return await pollRewards.call(this);
		const event = EVENTS[eventName];
		if (!event) throw new NodeOperationError(this.getNode(), `Unknown event "${eventName}"`);
		const qs: IDataObject = { ...(event.qs ?? {}) };
		if (eventName === 'newVisit') {
			const contactId = String(
				this.getNodeParameter('contactId', '', { extractValue: true }) ?? '',
			).trim();
			if (contactId) qs.contactId = contactId;
		}
		const fetchPage = async (page: number, perPage = MAX_PAGE_SIZE) =>
			await fetchListPage(this, event.url, qs, page, perPage);
		if (this.getMode() !== 'trigger') {
			// Fetch Test Event (or any run that is not the active poll): the newest record,
			// without touching the cursor.
			const { items } = await fetchPage(1, 1);
			return items.length ? [items.map((json) => ({ json }))] : null;
		}

		const staticData = this.getWorkflowStaticData('node') as Record<string, unknown>;
		// The cursor belongs to one event and filter: changing them starts afresh.
		const key = `${eventName}:${String(qs.contactId ?? '*')}`;
		const lookBackHours = event.lookBack
			? numberOption(
					this,
					this.getNodeParameter('lookBackHours', undefined),
					'Back-Dated Visits Window (Hours)',
					{ min: 0, max: 720, fallback: 24 },
				)
			: 0;
		const deadline = pollDeadline(this);
		const feed = async (state: FeedState | undefined) => {
			const result = await pollNewestFirst({
				state,
				fetchPage: async (page) => await fetchPage(page),
				pageSize: MAX_PAGE_SIZE,
				idOf: (item) => String(item.id),
				dateOf: (item) => Date.parse(String(item[event.dateField])),
				lookBackMs: lookBackHours * HOUR_MS,
				deadline,
			});
			staticData.key = key;
			staticData.feed = result.state;
			return result.items;
		};
		return await pollFromStart(this, {
			key,
			hasState: () => staticData.key === key && staticData.feed !== undefined,
			takeStart: async () => void (await feed(undefined)),
			goOn: async () => asBatches(await feed(staticData.feed as FeedState)),
		});
	}
}

/** The items a poll emits, or null when there are none. */
const asBatches = (items: IDataObject[]): INodeExecutionData[][] | null =>
	items.length ? [items.map((json) => ({ json }))] : null;

/** One page of a Customer Engagement list, with its X-Total-Count. */
async function fetchListPage(
	context: IPollFunctions,
	url: string,
	qs: IDataObject,
	page: number,
	perPage = MAX_PAGE_SIZE,
) {
	const { body, headers } = await apiRequest(context, customerEngagementApi, {
		url,
		qs: { ...qs, page, perPage },
	});
	return {
		items: (Array.isArray(body) ? body : []) as IDataObject[],
		total: reportedTotal(headers),
	};
}

/** A page of redeems with the list's total: redeems have no id, only the total tells new ones from known ones. */
async function countedRedeemsPage(
	context: IPollFunctions,
	url: string,
	qs: IDataObject,
	page: number,
) {
	const { items, total } = await fetchListPage(context, url, qs, page);
	if (total === undefined) {
		throw new NodeOperationError(
			context.getNode(),
			'The list of redeems did not say how many redeems it holds',
			{
				description:
					'New Redeem needs the X-Total-Count header the API sends with the list to tell new redeems from known ones (redeems have no ID). Check that nothing between n8n and the API, such as a proxy, removes it.',
			},
		);
	}
	return { items, total };
}

/** New Redeem: see countedFeed.ts for the guarantee and the cost. */
async function pollRedeems(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	const qs: IDataObject = {};
	const contactId = String(
		this.getNodeParameter('contactId', '', { extractValue: true }) ?? '',
	).trim();
	const rewardId = String(
		this.getNodeParameter('rewardId', '', { extractValue: true }) ?? '',
	).trim();
	if (contactId) qs.contactId = contactId;
	if (rewardId) qs.loyaltyRewardId = rewardId;
	const url = '/v1/loyalty-rewards/redeems';
	const dateOf = (item: IDataObject) => Date.parse(String(item.date));
	if (this.getMode() !== 'trigger') {
		// Fetch Test Event: the newest redeem of the first and the last page (the list's order
		// is not documented; the server lists newest or oldest first), the cursor untouched.
		const first = await countedRedeemsPage(this, url, qs, 1);
		const pages = Math.ceil(first.total / MAX_PAGE_SIZE);
		const candidates =
			pages > 1
				? [...first.items, ...(await countedRedeemsPage(this, url, qs, pages)).items]
				: first.items;
		const newest = [...candidates].sort((a, b) => dateOf(b) - dateOf(a))[0];
		return newest ? [[{ json: newest }]] : null;
	}
	const staticData = this.getWorkflowStaticData('node') as Record<string, unknown>;
	const key = `newRedeem:${rewardId || '*'}:${contactId || '*'}`;
	const windowMs =
		numberOption(
			this,
			this.getNodeParameter('redeemWindowMinutes', undefined),
			'Late Redeem Window (Minutes)',
			{ min: 1, max: 1440, fallback: 60 },
		) * 60_000;
	const deadline = pollDeadline(this);
	const counted = async (state: CountedState | undefined) => {
		const result = await pollCounted({
			state,
			fetchPage: async (page) => await countedRedeemsPage(this, url, qs, page),
			pageSize: MAX_PAGE_SIZE,
			keyOf: (item) =>
				[item.loyaltyRewardId, item.contactId, item.employeeId]
					.map((v) => String(v ?? ''))
					.join('|'),
			dateOf,
			windowMs,
			deadline,
		});
		// The state now belongs to this event and filter, also when the first poll kept none (the
		// list moved while it read): an earlier event's state must not be resumed later.
		staticData.key = key;
		if (result.state) staticData.redeems = result.state;
		else delete staticData.redeems;
		return result.items;
	};
	return await pollFromStart(this, {
		key,
		hasState: () => staticData.key === key && staticData.redeems !== undefined,
		takeStart: async () => void (await counted(undefined)),
		goOn: async () => asBatches(await counted(staticData.redeems as CountedState)),
	});
}

/** New Loyalty Reward: the list is sorted by points, so each poll reads all of it (see idSetFeed.ts). */
async function pollRewards(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	const url = '/v1/loyalty-rewards';
	const key = 'newLoyaltyReward';
	const staticData = this.getWorkflowStaticData('node');
	const idSet = async (known: string[] | undefined) =>
		await pollIdSet({
			known,
			fetchPage: async (page) => await fetchListPage(this, url, {}, page),
			pageSize: MAX_PAGE_SIZE,
			idOf: (item) => String(item.id),
		});
	if (this.getMode() !== 'trigger') {
		// Fetch Test Event: rewards carry no date; the last one created since activation when
		// there is one, else the first of the list. The cursor is untouched.
		const { items } = await idSet(
			staticData.key === key ? (staticData.rewardIds as string[] | undefined) : undefined,
		);
		const sample = items.at(-1) ?? (await fetchListPage(this, url, {}, 1, 1)).items[0];
		return sample ? [[{ json: sample }]] : null;
	}
	const read = async (known: string[] | undefined) => {
		const result = await idSet(known);
		staticData.key = key;
		staticData.rewardIds = result.known;
		return result.items;
	};
	return await pollFromStart(this, {
		key,
		hasState: () => staticData.key === key && staticData.rewardIds !== undefined,
		takeStart: async () => void (await read(undefined)),
		goOn: async () => asBatches(await read(staticData.rewardIds as string[])),
	});
}
