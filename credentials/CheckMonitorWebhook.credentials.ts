import type { Icon, ICredentialType, INodeProperties } from 'n8n-workflow';

// Tested by the Check Monitor Webhook Trigger's checkWebhookCredential: the server has no
// API to test against, only what it can send. Not an API credential (it authenticates the
// server to n8n), so no "Api" in its names, which the node contract fixes.
// eslint-disable-next-line n8n-nodes-base/cred-class-name-unsuffixed
export class CheckMonitorWebhook implements ICredentialType {
	// eslint-disable-next-line n8n-nodes-base/cred-class-field-name-unsuffixed
	name = 'checkMonitorWebhook';

	// eslint-disable-next-line n8n-nodes-base/cred-class-field-display-name-missing-api
	displayName = 'Check Monitor Webhook';

	icon: Icon = {
		light: 'file:../icons/checkMonitor.svg',
		dark: 'file:../icons/checkMonitor.dark.svg',
	};

	documentationUrl = 'https://github.com/engagement-monitor/n8n-nodes-engagement-monitor#instant-flips';

	properties: INodeProperties[] = [
		{
			displayName: 'Header Name',
			name: 'headerName',
			type: 'string',
			required: true,
			default: 'X-Check-Monitor-Secret',
			description: "The header that carries the secret; add it, with the secret, to the server's Webhook integration for both events",
		},
		{
			displayName: 'Secret',
			name: 'secret',
			type: 'string',
			typeOptions: { password: true },
			required: true,
			default: '',
			description: 'A random string of at least 16 characters (letters, digits, punctuation, no spaces). Requests without it are refused (403).',
		},
	];
}
