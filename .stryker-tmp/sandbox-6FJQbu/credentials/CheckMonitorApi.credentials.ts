// @ts-nocheck
import type {
	IAuthenticate,
	Icon,
	ICredentialTestRequest,
	ICredentialType,
	INodeProperties,
} from 'n8n-workflow';
import { applyCredential, normalizeBaseUrl } from '../nodes/shared/baseUrl';

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
	];

	// Plain code rather than a generic header expression: n8n evaluates expressions for every
	// item; this also sets the base URL (see applyCredential).
	authenticate: IAuthenticate = async (credentials, requestOptions) =>
		applyCredential(requestOptions, normalizeBaseUrl(credentials.baseUrl, /\/api\/v[0-9]+$/), { 'X-Api-Key': String(credentials.apiKey ?? '') });

	// Listing checks needs a valid key (read-only or read-write); /status/ would pass without one.
	test: ICredentialTestRequest = {
		request: {
			url: '/api/v3/checks/',
			method: 'GET',
		},
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
