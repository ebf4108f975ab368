/** The sandbox's Webhook integration fires the instant-flips example: key d makes one change, one execution. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startWebhookProcess } from '../../support/webhookTrigger';
import {
	connectInstantExample,
	INSTANT_EXAMPLE_WEBHOOK_ID,
	ONCE_EXAMPLE_WEBHOOK_ID,
	playEvent,
	SANDBOX_WEBHOOK_SECRET,
	startSandbox,
} from '../../../harness/servers/sandbox';

test('"d" pushes "Nightly backup" going down to the example\'s production URL with the sandbox secret; "u" is left out by its Events', async () => {
	const example = JSON.parse(
		readFileSync(
			path.join(__dirname, '..', '..', '..', 'examples', 'check-down-instant-note.json'),
			'utf8',
		),
	);
	const trigger = example.nodes.find((node: { type: string }) =>
		node.type.endsWith('.checkMonitorWebhookTrigger'),
	);
	expect(trigger.webhookId).toBe(INSTANT_EXAMPLE_WEBHOOK_ID);
	const sandbox = await startSandbox(0, 0);
	const n8n = await startWebhookProcess({
		parameters: trigger.parameters,
		credentials: {
			checkMonitorWebhook: { headerName: 'X-Check-Monitor-Secret', secret: SANDBOX_WEBHOOK_SECRET },
		},
		webhookId: trigger.webhookId,
	});
	try {
		connectInstantExample(sandbox, n8n.url.replace(/\/webhook\/.*$/, ''));
		// Connected again (n8n restarted on another port): still one integration.
		connectInstantExample(sandbox, n8n.url.replace(/\/webhook\/.*$/, ''));
		playEvent(sandbox, 'down');
		await sandbox.cm.webhooks.idle();
		playEvent(sandbox, 'up');
		await sandbox.cm.webhooks.idle();
		// One integration per example it pushes to, not one more per connection.
		expect(sandbox.cm.channels.filter((c) => c.kind === 'webhook').map((c) => c.name)).toEqual([
			'n8n (instant flips)',
			'n8n (every change once)',
		]);
		expect(
			n8n.executions.map((items) => [
				items[0].json.to,
				(items[0].json.check as { name: string }).name,
			]),
		).toEqual([['down', 'Nightly backup']]);
		const instant = sandbox.cm.channels.find((c) => c.name === 'n8n (instant flips)')!.id;
		expect(
			sandbox.cm.webhooks.log
				.filter((a) => a.integration === instant)
				.map((a) => [a.event, a.status]),
		).toEqual([
			['down', 200],
			['up', 200],
		]);
	} finally {
		await n8n.stop();
		await sandbox.stop();
	}
});

test('"m" makes "Nightly backup" go down with every attempt of its pushes failing (n8n unreachable); the next change is pushed to n8n again', async () => {
	const sandbox = await startSandbox(0, 0);
	const n8n = await startWebhookProcess({
		parameters: { events: ['down', 'up'], options: {} } as never,
		credentials: {
			checkMonitorWebhook: { headerName: 'X-Check-Monitor-Secret', secret: SANDBOX_WEBHOOK_SECRET },
		},
		webhookId: ONCE_EXAMPLE_WEBHOOK_ID,
	});
	try {
		connectInstantExample(sandbox, n8n.url.replace(/\/webhook\/.*$/, ''));
		expect(playEvent(sandbox, 'lostDown')).toBe(
			'"Nightly backup" pinged fail (down); its push cannot reach n8n',
		);
		await sandbox.cm.webhooks.idle();
		expect(playEvent(sandbox, 'lostDown')).toMatch(/it was down already, so nothing changed/);
		playEvent(sandbox, 'up');
		await sandbox.cm.webhooks.idle();
		const attempts = (integration: string) =>
			sandbox.cm.webhooks.log
				.filter((a) => a.integration === integration)
				.map((a) => `${a.event} ${a.attempt} ${a.status ?? a.error}`);
		const [instant, once] = ['n8n (instant flips)', 'n8n (every change once)'].map(
			(name) => sandbox.cm.channels.find((c) => c.name === name)!.id,
		);
		expect(attempts(once)).toEqual([
			'down 1 Connection failed',
			'down 2 Connection failed',
			'down 3 Connection failed',
			'up 1 200',
		]);
		// The instant example's URL is served by no process here: its up reached n8n, which has no such webhook.
		expect(attempts(instant)).toEqual([
			'down 1 Connection failed',
			'down 2 Connection failed',
			'down 3 Connection failed',
			'up 1 404',
			'up 2 404',
			'up 3 404',
		]);
		expect(n8n.executions.map((items) => items[0].json.to)).toEqual(['up']);
	} finally {
		await n8n.stop();
		await sandbox.stop();
	}
});
