/** Both local API servers with a little demo data: for `npm run sandbox` and `npm start`. */
import { CheckMonitorServer, CM_KEY, CM_READ_ONLY_KEY } from './checkMonitorServer';
import { CE_TOKEN, CustomerEngagementServer } from './customerEngagementServer';
import { REQUEST_BODY } from '../../nodes/CheckMonitorWebhookTrigger/delivery';

export const SANDBOX_CONTACT_ID = 'ct_demo_ann';
/** The secret of the "Check Monitor Webhook sandbox" credential, sent by the sandbox's Webhook integration. */
export const SANDBOX_WEBHOOK_SECRET = 'sandbox-webhook-secret-0001';
/** The webhookId of examples/check-down-instant-note.json: its production URL is fixed. */
export const INSTANT_EXAMPLE_WEBHOOK_ID = 'e7c1d2a4-0b3f-4c5d-8e6f-7a8b9c0d1e2f';
/** The webhookId of examples/check-change-once.json (push and poll joined). */
export const ONCE_EXAMPLE_WEBHOOK_ID = 'c4a9e2f1-6b3d-4e8a-9f70-2d1c5b8a3e64';
/** The sandbox's Webhook integrations, one per example it pushes to (the real server: one per URL). */
const EXAMPLE_INTEGRATIONS = [
	{ name: 'n8n (instant flips)', webhookId: INSTANT_EXAMPLE_WEBHOOK_ID },
	{ name: 'n8n (every change once)', webhookId: ONCE_EXAMPLE_WEBHOOK_ID },
];
/** Where a push that cannot reach n8n goes: nothing listens on the discard port. */
const UNREACHABLE = 'http://127.0.0.1:9';

export async function startSandbox(cePort = 4010, cmPort = 4020) {
	const ce = await new CustomerEngagementServer().start(cePort);
	const vip = { id: 'lb_vip', name: 'VIP', color: 'AMBER' };
	ce.state.labels.set(vip.id, vip);
	ce.state.customFields.set('cf_size', {
		id: 'cf_size',
		name: 'T-shirt size',
		type: 'single_select',
		options: [
			{ id: 'op_s', value: 'S' },
			{ id: 'op_m', value: 'M' },
		],
	});
	const ann = ce.seedContact({
		firstName: 'Ann',
		lastName: 'Lee',
		email: 'ann@example.com',
		phone: '+15550100',
		labels: [{ id: vip.id }],
	});
	// A stable id, so the example workflows can name this contact.
	const stored = ce.state.contacts.get(ann.id as string)!;
	ce.state.contacts.delete(ann.id as string);
	stored.id = SANDBOX_CONTACT_ID;
	ce.state.contacts.set(SANDBOX_CONTACT_ID, stored);
	ce.seedContact({ firstName: 'Bob', lastName: 'Stone', phone: '+15550101' });
	ce.seedVisit({ contactId: SANDBOX_CONTACT_ID, points: 5 });
	ce.state.rewards.set('rw_coffee', {
		id: 'rw_coffee',
		title: 'Free coffee',
		points: 10,
		quantity: { total: null, perContact: null },
		startDate: null,
		expiredDate: null,
		expires: false,
		type: 'ITEM',
		value: null,
		itemId: null,
		itemName: null,
	});

	const cm = await new CheckMonitorServer().start(cmPort);
	cm.seedChannel('ops-email', 'email');
	const backup = cm.seedCheck({
		name: 'Nightly backup',
		slug: 'nightly-backup',
		tags: 'prod backup',
		timeout: 86400,
	});
	cm.seedCheck({
		name: 'Invoice export',
		slug: 'invoice-export',
		tags: 'prod',
		kind: 'cron',
		schedule: '0 6 * * *',
	});
	cm.receivePing(backup.uuid, '', 'backup finished: 42 files');

	return {
		ce,
		cm,
		describe: () => [
			`Customer Engagement API  ${ce.url}  access token: ${CE_TOKEN}`,
			`Check Monitor API        ${cm.url}  API key: ${CM_KEY}  (read-only: ${CM_READ_ONLY_KEY})`,
		],
		stop: async () => {
			await Promise.all([ce.stop(), cm.stop()]);
		},
	};
}

export type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

/**
 * The stand-in's Webhook integrations, set up as the Check Monitor Webhook Trigger's panel
 * says, pointing at the production URLs of examples/check-down-instant-note.json and
 * examples/check-change-once.json in the n8n at `n8nUrl`, and assigned to every check (as the
 * web UI does). n8n is on 127.0.0.1, so private addresses are allowed
 * (INTEGRATIONS_ALLOW_PRIVATE_IPS on a real server).
 */
export function connectInstantExample(sandbox: Sandbox, n8nUrl: string): void {
	const cm = sandbox.cm;
	cm.webhooks.allowPrivateIps = true;
	// Connected again after a restart (n8n on another port): the earlier ones are removed.
	const names = EXAMPLE_INTEGRATIONS.map((example) => example.name);
	for (const [id, integration] of cm.webhooks.integrations) {
		if (!names.includes(integration.name)) continue;
		cm.webhooks.integrations.delete(id);
		cm.channels = cm.channels.filter((channel) => channel.id !== id);
		for (const check of cm.checks.values())
			check.channels = check.channels.filter((channel) => channel !== id);
	}
	for (const example of EXAMPLE_INTEGRATIONS) {
		const request = {
			method: 'POST' as const,
			url: `${n8nUrl}/webhook/${example.webhookId}/webhook`,
			body: REQUEST_BODY,
			headers: {
				'Content-Type': 'application/json',
				'X-Check-Monitor-Secret': SANDBOX_WEBHOOK_SECRET,
			},
		};
		cm.addWebhookIntegration({ name: example.name, down: request, up: request });
	}
}

/**
 * The examples' integrations call a closed port until every delivery queued so far is sent:
 * each attempt of those pushes fails, as when n8n restarts or the network drops them.
 */
function unreachableForQueuedPushes(sandbox: Sandbox): void {
	const webhooks = sandbox.cm.webhooks;
	const names = EXAMPLE_INTEGRATIONS.map((example) => example.name);
	const restore: Array<() => void> = [];
	for (const integration of webhooks.integrations.values()) {
		if (!names.includes(integration.name)) continue;
		const { down, up } = integration;
		integration.down = down && { ...down, url: down.url.replace(/^https?:\/\/[^/]+/, UNREACHABLE) };
		integration.up = up && { ...up, url: up.url.replace(/^https?:\/\/[^/]+/, UNREACHABLE) };
		restore.push(() => Object.assign(integration, { down, up }));
	}
	void webhooks.idle().then(() => restore.forEach((undo) => undo()));
}

/**
 * Events the sandbox can play so that each example workflow fires: `npm start` and
 * `npm run sandbox` map a key to each (see the README). Returns what happened, in words.
 */
export const SANDBOX_EVENTS = {
	visit: { key: 'v', what: 'a new visit by Ann (fires "New visit: thank you")' },
	down: {
		key: 'd',
		what: 'a fail ping: "Nightly backup" goes down (fires "Check down: note" within a minute, "Check down, instantly" and "Every check change once" at once)',
	},
	lostDown: {
		key: 'm',
		what: 'the same, but its push cannot reach n8n (all 3 attempts fail): "Check down, instantly" misses it, "Every check change once" gets it from its poll within a minute',
	},
	up: { key: 'u', what: 'a success ping: "Nightly backup" is up again' },
	contact: { key: 'c', what: 'a new contact' },
} as const;
export type SandboxEvent = keyof typeof SANDBOX_EVENTS;

export function playEvent(sandbox: Sandbox, event: SandboxEvent): string {
	switch (event) {
		case 'visit': {
			const visit = sandbox.ce.seedVisit({ contactId: SANDBOX_CONTACT_ID, points: 1 });
			return `visit ${String(visit.id)} by Ann`;
		}
		case 'down':
		case 'lostDown':
		case 'up': {
			const backup = [...sandbox.cm.checks.values()].find(
				(check) => check.slug === 'nightly-backup',
			);
			if (!backup) return 'the "Nightly backup" check was deleted: nothing to ping';
			const wasDown = backup.status === 'down';
			sandbox.cm.receivePing(backup.uuid, event === 'up' ? '' : 'fail');
			if (event === 'up') return '"Nightly backup" pinged success (up)';
			if (event === 'down') return '"Nightly backup" pinged fail (down)';
			if (wasDown)
				return '"Nightly backup" pinged fail; it was down already, so nothing changed (press u first)';
			unreachableForQueuedPushes(sandbox);
			return '"Nightly backup" pinged fail (down); its push cannot reach n8n';
		}
		case 'contact': {
			const n = sandbox.ce.state.contacts.size + 1;
			const contact = sandbox.ce.seedContact({
				firstName: `Guest ${n}`,
				phone: `+1555020${String(n).padStart(4, '0')}`,
			});
			return `contact ${String(contact.id)} (Guest ${n})`;
		}
	}
}

/** Keys on a terminal play events; returns a function that stops listening. */
export function playFromKeyboard(sandbox: Sandbox, onExit: () => void): () => void {
	const input = process.stdin;
	if (!input.isTTY) return () => undefined;
	input.setRawMode(true);
	input.resume();
	input.setEncoding('utf8');
	const onKey = (key: string) => {
		if (key === '\u0003' || key === 'q') return onExit();
		const event = (Object.keys(SANDBOX_EVENTS) as SandboxEvent[]).find(
			(name) => SANDBOX_EVENTS[name].key === key,
		);
		if (event) console.log(`  played: ${playEvent(sandbox, event)}`);
	};
	input.on('data', onKey);
	return () => {
		input.off('data', onKey);
		input.setRawMode(false);
		input.pause();
	};
}

export function describeKeys(): string[] {
	return (Object.keys(SANDBOX_EVENTS) as SandboxEvent[]).map(
		(name) => `  ${SANDBOX_EVENTS[name].key}  ${SANDBOX_EVENTS[name].what}`,
	);
}
