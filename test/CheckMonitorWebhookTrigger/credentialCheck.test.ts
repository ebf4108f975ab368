/** The webhook credential's test: what the server can send as it is. */
import { checkWebhookCredential } from '../../nodes/CheckMonitorWebhookTrigger/credentialCheck';

const SECRET = 'Zq8-r7Tn2wP5xL9kV3mB';

test.each([
	[
		{ headerName: 'X-Check-Monitor-Secret', secret: SECRET },
		'OK',
		'The header name and the secret can be sent by the server as they are',
	],
	[
		{ headerName: ' X-Hc-Token ', secret: SECRET },
		'OK',
		'The header name and the secret can be sent by the server as they are',
	],
	[
		{ headerName: 'X Check', secret: SECRET },
		'Error',
		'Header Name: letters, digits and - only (e.g. X-Check-Monitor-Secret)',
	],
	[
		{ headerName: '', secret: SECRET },
		'Error',
		'Header Name: letters, digits and - only (e.g. X-Check-Monitor-Secret)',
	],
	[
		{ headerName: 'User-Agent', secret: SECRET },
		'Error',
		'Header Name: User-Agent is set by the server or by proxies; use another, e.g. X-Check-Monitor-Secret',
	],
	[
		{ headerName: 'content-type', secret: SECRET },
		'Error',
		'Header Name: content-type is set by the server or by proxies; use another, e.g. X-Check-Monitor-Secret',
	],
	[
		{ headerName: 'X-Check-Monitor-Secret', secret: 'short' },
		'Error',
		'Secret: at least 16 characters (a random string; a password manager makes one)',
	],
	[
		{ headerName: 'X-Check-Monitor-Secret', secret: `${SECRET} x` },
		'Error',
		'Secret: printable ASCII only, no spaces (the server rewrites other characters in headers)',
	],
	[
		{ headerName: 'X-Check-Monitor-Secret', secret: `${SECRET}é` },
		'Error',
		'Secret: printable ASCII only, no spaces (the server rewrites other characters in headers)',
	],
])('%j: %s', (data, status, message) => {
	expect(checkWebhookCredential(data)).toEqual({ status, message });
});
