import type {
	IAuthenticateGeneric,
	Icon,
	ICredentialTestRequest,
	ICredentialType,
	INodeProperties,
} from 'n8n-workflow';

/** What users paste after the API root (the API's /v1, trailing slashes): removed. */
const PASTED_SUFFIX = /(\/v1)?\/*$/;
/** The API root, for the requests n8n's routing did not build (look-ups, triggers). */
export const customerEngagementRoot = (baseUrl: unknown) =>
	String(baseUrl ?? '')
		.trim()
		.replace(PASTED_SUFFIX, '');
/** The same root, as the expression of the node's requestDefaults and this credential's test. */
export const CUSTOMER_ENGAGEMENT_BASE_URL =
	'={{ String($credentials.baseUrl).trim().replace(' + String(PASTED_SUFFIX) + ', "") }}';

export class CustomerEngagementApi implements ICredentialType {
	name = 'customerEngagementApi';

	displayName = 'Customer Engagement API';

	icon: Icon = {
		light: 'file:../icons/customerEngagement.svg',
		dark: 'file:../icons/customerEngagement.dark.svg',
	};

	documentationUrl =
		'https://github.com/engagement-monitor/n8n-nodes-engagement-monitor#customer-engagement-api';

	properties: INodeProperties[] = [
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'https://api.example.com',
			description:
				'Root address of the Customer Engagement API, without the /v1 path (a trailing slash or /v1 is removed for you)',
		},
		{
			displayName: 'Access Token',
			name: 'accessToken',
			type: 'string',
			typeOptions: { password: true },
			required: true,
			default: '',
			description:
				'API token from the Apps / Integration page of your business backend. Sent as a Bearer token.',
		},
	];

	authenticate: IAuthenticateGeneric = {
		type: 'generic',
		properties: { headers: { Authorization: '=Bearer {{$credentials.accessToken}}' } },
	};

	// Listing one contact needs a valid token, so a wrong token fails the test.
	test: ICredentialTestRequest = {
		request: {
			baseURL: CUSTOMER_ENGAGEMENT_BASE_URL,
			url: '/v1/contacts',
			method: 'GET',
			qs: { perPage: 1 },
		},
		rules: [
			{
				type: 'responseCode',
				properties: {
					value: 401,
					message:
						'The access token was rejected (401). Copy it again from the Apps / Integration page of your business backend.',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 404,
					message:
						'Nothing answered at <Base URL>/v1/contacts (404). Check the Base URL: it is the API root, for example https://api.example.com.',
				},
			},
		],
	};
}
