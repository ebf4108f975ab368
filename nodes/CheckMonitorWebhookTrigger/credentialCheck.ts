/**
 * The credential's test: nothing to ask the server (it has no API for integrations), so it
 * checks what the server can send as it is (docs/webhook-trigger.md, "Only the server gets in").
 */
import type { ICredentialDataDecryptedObject, INodeCredentialTestResult } from 'n8n-workflow';

/** An HTTP header name (RFC 9110 token). */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Headers the server, a proxy or n8n set or read themselves. */
const TAKEN = [
	'content-type',
	'user-agent',
	'host',
	'content-length',
	'connection',
	'transfer-encoding',
	'authorization',
	'cookie',
];
export const MIN_SECRET_LENGTH = 16;

export function checkWebhookCredential(
	data: ICredentialDataDecryptedObject,
): INodeCredentialTestResult {
	const headerName = String(data.headerName ?? '').trim();
	const secret = String(data.secret ?? '');
	const refuse = (message: string): INodeCredentialTestResult => ({ status: 'Error', message });
	if (!TOKEN.test(headerName))
		return refuse('Header Name: letters, digits and - only (e.g. X-Check-Monitor-Secret)');
	if (TAKEN.includes(headerName.toLowerCase()))
		return refuse(
			`Header Name: ${headerName} is set by the server or by proxies; use another, e.g. X-Check-Monitor-Secret`,
		);
	if (secret.length < MIN_SECRET_LENGTH)
		return refuse(
			`Secret: at least ${MIN_SECRET_LENGTH} characters (a random string; a password manager makes one)`,
		);
	// The server writes characters outside latin-1 as &#NNN; and HTTP trims a value's spaces.
	if (!/^[\x21-\x7e]+$/.test(secret))
		return refuse(
			'Secret: printable ASCII only, no spaces (the server rewrites other characters in headers)',
		);
	return {
		status: 'OK',
		message: 'The header name and the secret can be sent by the server as they are',
	};
}
