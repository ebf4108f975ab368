import {
	NodeConnectionTypes,
	type ICredentialDataDecryptedObject,
	type ICredentialTestFunctions,
	type ICredentialsDecrypted,
	type IDataObject,
	type INodeCredentialTestResult,
	type INodeType,
	type INodeTypeDescription,
	type IWebhookFunctions,
	type IWebhookResponseData,
} from 'n8n-workflow';
import { checkWebhookCredential } from './credentialCheck';
import { isTestNotification, readDelivery, REQUEST_BODY } from './delivery';
import { deliveryItem } from './deliveryItem';
import { filtersOf, leftOutBecause } from './filters';
import { deliveryKey, firstDelivery } from './recentDeliveries';
import { sameSecret } from './sameSecret';

export class CheckMonitorWebhookTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Check Monitor Webhook Trigger',
		name: 'checkMonitorWebhookTrigger',
		icon: {
			light: 'file:../../icons/checkMonitor.svg',
			dark: 'file:../../icons/checkMonitor.dark.svg',
		},
		group: ['trigger'],
		version: 1,
		subtitle: '={{($parameter["events"] || []).join(" and ") || "down and up"}}',
		description:
			"Starts the workflow the moment a check goes down or up, sent by the check-monitor server's own Webhook integration",
		defaults: { name: 'Check Monitor Webhook Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [
			{ name: 'checkMonitorWebhook', required: true, testedBy: 'checkWebhookCredential' },
		],
		webhooks: [
			{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'webhook' },
		],
		properties: [
			{
				displayName:
					"In the check-monitor server: Integrations → Webhook. For both events (down and up): method POST and this trigger's Production URL (open Webhook URLs above, then its Production URL tab: the box opens on Test URL; the address reads localhost unless n8n's WEBHOOK_URL is set), then the body and the two headers below. The Test! button on the integration's row tries it.",
				name: 'setUpNotice',
				type: 'notice',
				default: '',
			},
			{
				displayName: `Body (the same for down and up): ${REQUEST_BODY}`,
				name: 'bodyNotice',
				type: 'notice',
				default: '',
			},
			{
				// A header a line, as the server's Request Headers box takes them: a list, the one
				// line break n8n's notices keep on 2.x (they allow only a, ul and li).
				displayName:
					"Request Headers, each on a line of its own:<ul><li>Content-Type: application/json</li><li>X-Check-Monitor-Secret: the secret of this trigger's credential</li></ul>(the credential's Header Name in place of X-Check-Monitor-Secret, if you changed it)",
				name: 'headersNotice',
				type: 'notice',
				default: '',
			},
			// Not named "Events": n8n's nodes panel would list each as an event of its own and open an
			// entry that says "We don't have Check Monitor Webhook Trigger actions yet".
			{
				displayName: 'Flips To',
				name: 'events',
				type: 'multiOptions',
				options: [
					{ name: 'Down', value: 'down', description: 'A check went down' },
					{ name: 'Up', value: 'up', description: 'A check went up' },
				],
				default: ['down', 'up'],
				description: 'Which changes start the workflow (none selected: every change)',
			},
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add Option',
				default: {},
				options: [
					{
						displayName: 'Checks',
						name: 'checks',
						type: 'string',
						default: '',
						placeholder: 'e.g. 8a3c5b7e-1f2d-4c6a-9b0e-3d5f7a9c1e2b',
						description: 'Only changes of these checks: their UUIDs, separated by spaces or commas',
					},
					{
						displayName: 'Ignore Test Notifications',
						name: 'ignoreTests',
						type: 'boolean',
						default: false,
						description:
							"Whether the server's Test! button (Send a test notification) starts nothing (otherwise it starts the workflow with test: true, whatever the filters)",
					},
					{
						displayName: 'Tags',
						name: 'tags',
						type: 'string',
						default: '',
						placeholder: 'e.g. prod',
						description: 'Only changes of checks carrying all of these space-separated tags',
					},
				],
			},
		],
	};

	methods = {
		credentialTest: {
			async checkWebhookCredential(
				this: ICredentialTestFunctions,
				credential: ICredentialsDecrypted,
			): Promise<INodeCredentialTestResult> {
				return checkWebhookCredential(credential.data ?? {});
			},
		},
	};

	// The server has no API to create an integration: the user pastes the URL into it, so
	// there is nothing to register at activation nor to remove at deactivation.
	webhookMethods = {
		default: {
			async checkExists(): Promise<boolean> {
				return true;
			},
			async create(): Promise<boolean> {
				return true;
			},
			async delete(): Promise<boolean> {
				return true;
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const answer = (status: number, message: string): IWebhookResponseData => {
			this.getResponseObject().status(status).json({ message });
			return { noWebhookResponse: true };
		};
		const credential: ICredentialDataDecryptedObject =
			await this.getCredentials('checkMonitorWebhook');
		const headerName = String(credential.headerName || 'X-Check-Monitor-Secret').trim();
		const received = this.getHeaderData()[headerName.toLowerCase()];
		if (typeof received !== 'string' || !sameSecret(received, String(credential.secret ?? ''))) {
			return answer(
				403,
				`Forbidden: the request has no ${headerName} header, or not this trigger's secret in it`,
			);
		}
		const request = this.getRequestObject() as unknown as { rawBody?: Buffer | string };
		const delivery = readDelivery(
			this.getBodyData(),
			request.rawBody === undefined ? undefined : String(request.rawBody),
		);
		if ('problem' in delivery) return answer(400, delivery.problem);

		const options = this.getNodeParameter('options', {}) as IDataObject;
		if (isTestNotification(delivery.check)) {
			if (options.ignoreTests === true)
				return answer(
					200,
					'Test notification received; this trigger ignores them, so nothing was started',
				);
		} else {
			const leftOut = leftOutBecause(
				delivery,
				filtersOf(this.getNodeParameter('events', []), options),
			);
			if (leftOut) return answer(200, `Received; nothing started: ${leftOut}`);
			const key = deliveryKey(String(delivery.check.uuid), delivery.event, delivery.at);
			if (!firstDelivery(this.getWorkflowStaticData('node'), key, Math.floor(Date.now() / 1000))) {
				return answer(200, 'Received before; this change already started the workflow');
			}
		}
		// Answered by the node, as every other answer: n8n's own answer for a node that declares
		// no response data is the text "firstEntryJson". n8n saves the static data right after.
		answer(200, 'Workflow was started');
		return { workflowData: [[deliveryItem(delivery)]], noWebhookResponse: true };
	}
}
