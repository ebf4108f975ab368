/**
 * preSend conversions and checks several Customer Engagement operations share: run before
 * any request is sent, naming the field the user has to fix. An operation's own checks are
 * in its file (resources/<resource>/<operation>.ts).
 */
import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, PreSendAction } from 'n8n-workflow';
import { toInstant } from '../../shared/dates';
import { invalidInput } from '../../shared/invalidInput';

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
 * Whether a field has a value, for the preSend checks of the operations (Contact → Create,
 * Text → Send, ...). Not truthiness: a 0 from an expression is a value (a text field's number
 * becomes text in its own preSend, sendAsText, which runs after the operation's checks).
 */
export const given = (value: unknown) => value !== undefined && value !== null;
