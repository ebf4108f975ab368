/**
 * What an answer is, before any operation's code sees it: an error status (stopped and
 * worded), something other than the API's data (a web page, a stray text), or data.
 */
import type { IDataObject } from 'n8n-workflow';
import type { ErrorResponse } from './apiDefinition';

export class ErrorStatusReceived extends Error {
	constructor(readonly response: ErrorResponse) {
		super(`HTTP ${response.statusCode}`);
	}
}

/**
 * A success status with something other than the API's data: a web page (the Base URL
 * points at a sign-in page, or a web app that answers every path with its start page), or
 * text the operation did not ask for (a proxy's or another service's "OK"), or JSON that no
 * endpoint answers with (null, a number, a boolean). Without this check it would reach the
 * operation's output code.
 */
export class NotDataReceived extends Error {
	// No message of its own: toNodeApiError words it, with the API's name.
	constructor(
		readonly statusCode: number,
		/** The text's beginning; none for a web page, which is no message for a person. */
		readonly text?: string,
	) {
		super();
	}
}

/**
 * Stop on a success answer that is not the API's data (NotDataReceived). Ping bodies, which
 * may well be HTML, are asked for as bytes and arrive as a Buffer, never as text.
 */
export function refuseNonData(response: { statusCode: number; body: unknown; headers?: IDataObject }, wantsJson: boolean): void {
	// JSON that no endpoint of either API answers with on success (null, a number, true or
	// false; the specs answer objects, arrays, a JSON string or no body): stopped here, so no
	// operation's output code or write meets it.
	const { body } = response;
	if (wantsJson && (body === null || typeof body === 'number' || typeof body === 'boolean')) throw new NotDataReceived(response.statusCode, JSON.stringify(body));
	if (typeof body !== 'string') return;
	if (looksLikeHtml(body)) throw new NotDataReceived(response.statusCode);
	// n8n parses JSON whatever its content type, so text here is no JSON, or a JSON string
	// (a Custom Field Rename's answer), which comes as JSON. Empty is no body (a 204).
	const contentType = String(response.headers?.['content-type'] ?? '');
	const text = body.trim();
	if (wantsJson && text !== '' && !contentType.includes('json')) throw new NotDataReceived(response.statusCode, text.slice(0, 100));
}

/** Text of an error body for messages: JSON `error`/`message`, plain text, never HTML. */
export function bodyText(body: unknown): string {
	if (body === undefined || body === null) return '';
	if (Buffer.isBuffer(body)) return bodyText(body.toString('utf8'));
	if (body instanceof ArrayBuffer) return bodyText(Buffer.from(body).toString('utf8'));
	if (typeof body === 'object') {
		const record = body as IDataObject;
		const text = record.message ?? record.error;
		return typeof text === 'string' ? text : JSON.stringify(body);
	}
	const text = String(body).trim();
	if (looksLikeHtml(text)) return '';
	return text.slice(0, 500);
}

/** A web page (Django's error pages, a sign-in page), not text meant for a person to read here. */
function looksLikeHtml(text: string): boolean {
	return /^<(!doctype|html)/i.test(text) || /<\/(html|body|h1)>/i.test(text);
}
