import type {
	IAuthenticateGeneric,
	Icon,
	ICredentialTestRequest,
	ICredentialType,
	INodeProperties,
} from 'n8n-workflow';

/** What users paste after the server root (the API's /api/v3, trailing slashes): removed. */
const PASTED_SUFFIX = /(\/api\/v[0-9]+)?\/*$/;
/** The server root, for the requests n8n's routing did not build (look-ups, triggers, pings). */
export const checkMonitorRoot = (baseUrl: unknown) =>
	String(baseUrl ?? '')
		.trim()
		.replace(PASTED_SUFFIX, '');
/** The same root, as the expression of the node's requestDefaults and this credential's test. */
export const CHECK_MONITOR_BASE_URL =
	'={{ String($credentials.baseUrl).trim().replace(' + String(PASTED_SUFFIX) + ', "") }}';

export class CheckMonitorApi implements ICredentialType {
	name = 'checkMonitorApi';

	displayName = 'Check Monitor API';

	icon: Icon = {
		light: 'file:../icons/checkMonitor.svg',
		dark: 'file:../icons/checkMonitor.dark.svg',
	};

	documentationUrl =
		'https://github.com/engagement-monitor/n8n-nodes-engagement-monitor#check-monitor-api';

	properties: INodeProperties[] = [
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			required: true,
			default: 'https://healthchecks.io',
			placeholder: 'https://healthchecks.io',
			description:
				'Root address of the hosted service or of your self-hosted server, for example http://monitor.internal:8000 (a trailing slash or /api/v3 is removed for you)',
		},
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			required: true,
			default: '',
			description:
				'Project API key from Project Settings → API Access. A read-only key can only list and read checks, flips and badges.',
		},
		{
			displayName: 'Ping URL',
			name: 'pingUrl',
			type: 'string',
			default: '',
			placeholder: 'https://hc-ping.com',
			description:
				"Root of the ping endpoints, only for Ping → Send. Leave empty for the hosted service's ping host (https://hc-ping.com) or, for a self-hosted server, <Base URL>/ping. A server with its own PING_ENDPOINT shows it in every check's ping URL.",
		},
		// The ping key lets anyone ping (and with ?create=1 create) the project's checks by slug:
		// a secret, and a password field in the node contract.
		// eslint-disable-next-line @n8n/community-nodes/credential-unnecessary-password
		{
			displayName: 'Ping Key',
			name: 'pingKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description:
				"The project's ping key (Project Settings → API Access), only needed to ping a check by its slug",
		},
	];

	// The management API only: Ping → Send builds the ping URL from the credential and sends no key.
	authenticate: IAuthenticateGeneric = {
		type: 'generic',
		properties: { headers: { 'X-Api-Key': '={{$credentials.apiKey}}' } },
	};

	// Listing checks needs a valid key (read-only or read-write); /status/ would pass without one.
	test: ICredentialTestRequest = {
		request: { baseURL: CHECK_MONITOR_BASE_URL, url: '/api/v3/checks/', method: 'GET' },
		rules: [
			{
				type: 'responseCode',
				properties: {
					value: 401,
					message:
						'The API key was rejected (401). Use a project API key from Project Settings → API Access (32 characters).',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 404,
					message:
						'Nothing answered at <Base URL>/api/v3/checks/ (404). Check the Base URL: it is the server root, for example https://healthchecks.io.',
				},
			},
		],
	};
}
