/**
 * preSend checks and conversions for Customer Engagement requests: run before any request
 * is sent, naming the field the user has to fix.
 */
import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, PreSendAction } from 'n8n-workflow';
import { toInstant } from '../../shared/dates';
import { invalidInput } from '../../shared/validation';
import { LABEL_COLORS } from './constants';

function getPath(body: IDataObject, path: string): unknown {
	return path.split('.').reduce<unknown>((value, key) => (value as IDataObject | undefined)?.[key], body);
}

function setPath(body: IDataObject, path: string, value: unknown): void {
	const keys = path.split('.');
	const last = keys.pop() as string;
	let parent = body;
	for (const key of keys) parent = (parent[key] ??= {}) as IDataObject;
	parent[last] = value as IDataObject[string];
}

/**
 * An n8n date-time as the API's `YYYY-MM-DDTHH:MM:SS.SSSZ` in UTC (see toInstant for values
 * without a zone); undefined when it is not a date.
 */
export function toApiDate(value: unknown, timeZone: string): string | undefined {
	// A value already in the API's format has its zone (Z), so it comes back unchanged.
	return toInstant(value, timeZone)?.toISOString();
}

/** Convert the body's date fields (dot paths) to the API format; empty ones are dropped. */
export function apiDates(fields: Record<string, string>, options: { notInFuture?: string[] } = {}): PreSendAction {
	return async function (this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		const body = (requestOptions.body ?? {}) as IDataObject;
		for (const [path, label] of Object.entries(fields)) {
			const raw = getPath(body, path);
			if (raw === undefined || raw === null || raw === '') {
				if (raw === '') setPath(body, path, undefined);
				continue;
			}
			const date = toApiDate(raw, this.getTimezone());
			if (!date) {
				throw invalidInput(this, label, `"${String(raw)}" is not a date`, 'Use a date and time such as 2026-11-01T18:30:00Z.');
			}
			if (options.notInFuture?.includes(path) && Date.parse(date) > Date.now()) {
				throw invalidInput(this, label, `${date} is in the future; the API only accepts past dates here`);
			}
			setPath(body, path, date);
		}
		requestOptions.body = body;
		return requestOptions;
	};
}

/**
 * Whether a field has a value. Not truthiness: a 0 from an expression is a value, as a number
 * (a field left to n8n's routing is converted to text after these checks, by
 * sendNumbersAsText) or as "0" (a plain field, sent as text by sendPlainFieldsOnce first).
 */
const given = (value: unknown) => value !== undefined && value !== null;

/**
 * The refusal of a contact with neither email nor phone: the preSend of Create and Create or
 * Update words it, and so does the upsert's own guard (contact.ts), which does not count on
 * the preSend.
 */
export function noEmailOrPhone(context: IExecuteSingleFunctions) {
	return invalidInput(context, 'Email or Phone', 'enter at least one of them; the API identifies contacts by email or phone');
}

/** Contacts need an email or a phone (create, upsert). */
export async function requireEmailOrPhone(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const body = (requestOptions.body ?? {}) as IDataObject;
	for (const key of ['email', 'phone']) {
		if (typeof body[key] === 'string') body[key] = (body[key] as string).trim();
		if (body[key] === '') delete body[key];
	}
	if (!given(body.email) && !given(body.phone)) throw noEmailOrPhone(this);
	return requestOptions;
}

export async function validateLabelColor(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const color = (requestOptions.body as IDataObject | undefined)?.color;
	if (color !== undefined && !LABEL_COLORS.includes(String(color))) {
		throw invalidInput(this, 'Color', `"${String(color)}" is not a label color; use one of ${LABEL_COLORS.join(', ')}`);
	}
	return requestOptions;
}

/**
 * preSend of reward create (Points required) and update (Points checked when given: the
 * other fields come from the stored reward, which the update reads before it writes).
 * A Points or Value field whose expression gives nothing is given, and refused.
 */
function checkReward(pointsRequired: boolean) {
	return async function (this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
		const body = (requestOptions.body ?? {}) as IDataObject;
		if ('value' in body && (typeof body.value !== 'number' || body.value < 0)) {
			throw invalidInput(this, 'Value', `must be a number of at least 0, got ${JSON.stringify(body.value)}`);
		}
		if (body.type === 'PERCENT_DISCOUNT' && typeof body.value === 'number' && body.value > 100) {
			throw invalidInput(this, 'Value', `a percent discount must be between 0 and 100, got ${body.value}`);
		}
		if ((pointsRequired || 'points' in body) && (typeof body.points !== 'number' || body.points < 0)) {
			throw invalidInput(this, 'Points', `must be a number of at least 0, got ${JSON.stringify(body.points)}`);
		}
		return requestOptions;
	};
}

export const validateNewReward = checkReward(true);
export const validateRewardChanges = checkReward(false);

/** A text needs a message and a recipient (customer ID or phone). */
export async function validateText(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const body = (requestOptions.body ?? {}) as IDataObject;
	for (const key of ['customerId', 'toPhone', 'message']) {
		if (typeof body[key] === 'string' && (body[key] as string).trim() === '') delete body[key];
	}
	if (!given(body.message)) throw invalidInput(this, 'Message', 'enter the text to send');
	if (!given(body.customerId) && !given(body.toPhone)) {
		throw invalidInput(this, 'Customer or To Phone', 'enter at least one recipient (Customer wins when both are given)');
	}
	return requestOptions;
}
