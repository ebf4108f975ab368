/** The sandbox's Webhook integration fires the instant-flips example: key d makes one change, one execution. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startWebhookProcess } from '../../support/webhookTrigger';
import { connectInstantExample, INSTANT_EXAMPLE_WEBHOOK_ID, playEvent, SANDBOX_WEBHOOK_SECRET, startSandbox } from '../../../harness/servers/sandbox';

test('"d" pushes "Nightly backup" going down to the example\'s production URL with the sandbox secret; "u" is left out by its Events', async () => {
	const example = JSON.parse(readFileSync(path.join(__dirname, '..', '..', '..', 'examples', 'check-down-instant-note.json'), 'utf8'));
	const trigger = example.nodes.find((node: { type: string }) => node.type.endsWith('.checkMonitorWebhookTrigger'));
	expect(trigger.webhookId).toBe(INSTANT_EXAMPLE_WEBHOOK_ID);
	const sandbox = await startSandbox(0, 0);
	const n8n = await startWebhookProcess({ parameters: trigger.parameters, credentials: { checkMonitorWebhook: { headerName: 'X-Check-Monitor-Secret', secret: SANDBOX_WEBHOOK_SECRET } }, webhookId: trigger.webhookId });
	try {
		connectInstantExample(sandbox, n8n.url.replace(/\/webhook\/.*$/, ''));
		// Connected again (n8n restarted on another port): still one integration.
		connectInstantExample(sandbox, n8n.url.replace(/\/webhook\/.*$/, ''));
		playEvent(sandbox, 'down');
		await sandbox.cm.webhooks.idle();
		playEvent(sandbox, 'up');
		await sandbox.cm.webhooks.idle();
		expect(sandbox.cm.channels.filter((c) => c.kind === 'webhook')).toHaveLength(1);
		expect(n8n.executions.map((items) => [items[0].json.to, (items[0].json.check as { name: string }).name])).toEqual([['down', 'Nightly backup']]);
		expect(sandbox.cm.webhooks.log.map((a) => [a.event, a.status])).toEqual([
			['down', 200],
			['up', 200],
		]);
	} finally {
		await n8n.stop();
		await sandbox.stop();
	}
});
