/**
 * One delivery of the server's Webhook integration, read from the body the trigger's panel
 * gives (docs/node-contract.md): the change, or the plain words that tell the user what to
 * fix in the integration (the server's web UI shows only the status; `curl` shows the words).
 */
import type { IDataObject } from 'n8n-workflow';

export const REQUEST_BODY =
	'{"event": "$STATUS", "at": "$NOW", "check": $JSON, "exitStatus": $EXITSTATUS, "lastPingBody": $BODY_JSON}';

export interface Delivery {
	event: 'down' | 'up';
	at: string;
	check: IDataObject;
	exitStatus: IDataObject[string];
	lastPingBody: IDataObject[string];
}

const isObject = (value: unknown): value is IDataObject =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

const FIX = `Set the integration's body to ${REQUEST_BODY}`;

/**
 * The body as n8n parsed it (a JSON Content-Type), else the raw bytes read as JSON: the
 * server sends no Content-Type unless the integration adds one.
 */
export function readDelivery(
	parsed: unknown,
	raw: string | undefined,
): Delivery | { problem: string } {
	let body = parsed;
	if (!isObject(body) || Object.keys(body).length === 0) {
		if (raw === undefined || raw.trim() === '')
			return { problem: `The request has no body. ${FIX}` };
		try {
			body = JSON.parse(raw);
		} catch {
			return { problem: `The body is not JSON. ${FIX}` };
		}
	}
	if (!isObject(body)) return { problem: `The body is JSON but not an object. ${FIX}` };
	if (!('event' in body)) return { problem: `The body has no "event". ${FIX}` };
	if (body.event !== 'down' && body.event !== 'up') {
		return {
			problem: `"event" is ${JSON.stringify(body.event)}: only "down" and "up" are changes. Put "$STATUS" in "event". ${FIX}`,
		};
	}
	if (!('check' in body)) return { problem: `The body has no "check". ${FIX}` };
	if (!isObject(body.check) || typeof body.check.uuid !== 'string' || body.check.uuid === '') {
		return {
			problem: `"check" is not a check with a "uuid": put $JSON (no quotes) in "check". ${FIX}`,
		};
	}
	if (typeof body.at !== 'string' || body.at === '')
		return { problem: `The body has no "at" (the time of the change). Put "$NOW" in "at". ${FIX}` };
	return {
		event: body.event,
		at: body.at,
		check: body.check,
		exitStatus: body.exitStatus ?? null,
		lastPingBody: body.lastPingBody ?? null,
	};
}

/**
 * The server's Test! button ("Send a test notification") sends a made-up check: named TEST, 42 pings, no slug
 * (docs/api/check-monitor.md, "Webhook integration").
 */
export const isTestNotification = (check: IDataObject) =>
	check.name === 'TEST' && check.n_pings === 42 && check.slug === '';
