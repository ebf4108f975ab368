/**
 * Bulk visit creation. The API answers `[]` instead of an error when any contactId in the
 * batch is unknown, and then creates nothing. The node never reports that as success: it
 * looks up the batch's contacts to name the ones that do not exist.
 */
import {
	NodeApiError,
	NodeOperationError,
	type JsonObject,
	type IDataObject,
	type IExecutePaginationFunctions,
	type IExecuteSingleFunctions,
	type IHttpRequestOptions,
	type INodeExecutionData,
	type INodeProperties,
	type INodePropertyOptions,
} from 'n8n-workflow';
import { invalidInput } from '../../../shared/apiRequest';
import { routedRequest, type RoutedRequest } from '../../../shared/routedRequest';
import { numberAsText } from '../../../shared/convertSent';
import { customerEngagementApi } from '../../shared/customerEngagementApi';
import { toApiDate } from '../../../shared/dates';

const VISIT_FIELDS = ['contactId', 'points', 'amountSpent', 'date'];

/** preSend: the Visits parameter (a JSON array) checked visit by visit and sent as the body. */
export async function buildVisitsBody(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	let visits = this.getNodeParameter('visits') as unknown;
	if (typeof visits === 'string') {
		try {
			visits = JSON.parse(visits);
		} catch {
			throw invalidInput(
				this,
				'Visits',
				'is not valid JSON',
				'Give a JSON array such as [{"contactId": "…", "points": 5}].',
			);
		}
	}
	if (!Array.isArray(visits) || visits.length === 0) {
		throw invalidInput(this, 'Visits', 'must be a non-empty JSON array of visits');
	}
	requestOptions.body = visits.map((visit: unknown, index) => {
		const where = `Visits[${index}]`;
		if (typeof visit !== 'object' || visit === null || Array.isArray(visit))
			throw invalidInput(this, where, 'must be an object');
		const v = visit as IDataObject;
		const unknownKeys = Object.keys(v).filter((k) => !VISIT_FIELDS.includes(k));
		if (unknownKeys.length)
			throw invalidInput(
				this,
				where,
				`unknown field ${unknownKeys.join(', ')}; use ${VISIT_FIELDS.join(', ')}`,
			);
		const given = numberAsText(v.contactId);
		const contactId = typeof given === 'string' ? given.trim() : given;
		if (contactId === undefined || contactId === null || contactId === '')
			throw invalidInput(this, `${where}.contactId`, 'is required');
		if (typeof contactId !== 'string')
			throw invalidInput(
				this,
				`${where}.contactId`,
				`must be text (a contact ID), got ${JSON.stringify(contactId)}`,
			);
		for (const key of ['points', 'amountSpent']) {
			if (v[key] !== undefined && typeof v[key] !== 'number')
				throw invalidInput(
					this,
					`${where}.${key}`,
					`must be a number, got ${JSON.stringify(v[key])}`,
				);
		}
		const body: IDataObject = { ...v, contactId };
		// No date (absent, null or blank, as a spreadsheet's empty cell gives it) means now.
		if (v.date === undefined || v.date === null || String(v.date).trim() === '') delete body.date;
		else {
			const date = toApiDate(v.date, this.getTimezone());
			if (!date) throw invalidInput(this, `${where}.date`, `"${String(v.date)}" is not a date`);
			// Stryker disable next-line EqualityOperator: > and >= differ only in the millisecond of now
			if (Date.parse(date) > Date.now())
				throw invalidInput(
					this,
					`${where}.date`,
					`${date} is in the future; visits can only be back-dated`,
				);
			body.date = date;
		}
		return body;
	});
	return requestOptions;
}

export async function createVisits(
	this: IExecutePaginationFunctions,
	requestData: RoutedRequest,
): Promise<INodeExecutionData[]> {
	const visits = requestData.options.body as IDataObject[];
	const { items } = await routedRequest(this, customerEngagementApi, requestData);
	if (items.length === visits.length) return items;
	if (items.length > 0) {
		// Not the API's documented answer, but a batch that was partly saved must not be
		// reported as not saved: running it again would create those visits twice.
		const created = items.map((item) => String(item.json.id));
		throw new NodeOperationError(
			this.getNode(),
			`Only ${items.length} of ${visits.length} visits were created`,
			{
				itemIndex: this.getItemIndex(),
				description: `The API answered with ${created.length === 1 ? '1 visit (ID' : `${created.length} visits (IDs`} ${created.join(', ')}) for a batch of ${visits.length}. Running the whole batch again would create those again: check which visits are missing and create only those.`,
			},
		);
	}

	const contactIds = [...new Set(visits.map((v) => String(v.contactId)))];
	const missing: string[] = [];
	for (const contactId of contactIds) {
		try {
			await routedRequest(this, customerEngagementApi, requestData, {
				method: 'GET',
				url: `/v1/contacts/${encodeURIComponent(contactId)}`,
				body: undefined,
			});
		} catch (error) {
			if ((error as { httpCode?: string }).httpCode === '404') missing.push(contactId);
			else throw new NodeApiError(this.getNode(), error as JsonObject);
		}
	}
	const which = visits
		.map((v, index) => ({ index, contactId: String(v.contactId) }))
		.filter((v) => missing.includes(v.contactId))
		.map((v) => `visit ${v.index + 1} (contactId "${v.contactId}")`);
	throw new NodeOperationError(
		this.getNode(),
		missing.length
			? `No visits were created: ${which.join(', ')} names a contact that does not exist`
			: `No visits were created: the API answered with none for a batch of ${visits.length}`,
		{
			itemIndex: this.getItemIndex(),
			description:
				'The API rejects the whole batch when one contactId is unknown. Fix or remove those visits and run again; none of this batch was saved.',
		},
	);
}

export const visitCreateManyOperation: INodePropertyOptions = {
	name: 'Create Many',
	value: 'createMany',
	action: 'Record several visits in one request',
	description:
		'Records every visit of the Visits JSON array (each with a contactId) in one request per input item. Returns one item per visit created, with its ID.',
	routing: {
		request: { method: 'POST', url: '/v1/visits/all' },
		send: { preSend: [buildVisitsBody] },
		operations: { pagination: createVisits },
	},
};

export const visitCreateManyDescription: INodeProperties[] = [
	{
		displayName: 'Visits',
		name: 'visits',
		type: 'json',
		required: true,
		default: '[\n  { "contactId": "", "points": 1 }\n]',
		description:
			'JSON array of visits, e.g. [{"contactId": "5f1d3c0e9a7b", "points": 1}]: each with contactId (required), points, amountSpent and date (in the past). Sent as one request.',
		displayOptions: { show: { resource: ['visit'], operation: ['createMany'] } },
	},
];
