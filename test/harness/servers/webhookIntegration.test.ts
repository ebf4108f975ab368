/**
 * The stand-in's Webhook integration sends what the real server sends
 * (docs/api/check-monitor.md, "Webhook integration"): placeholders, headers, attempts,
 * time limit, the answers that count, which changes are sent, the test notification.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { useCheckMonitorServer } from '../../support/setup';
import {
	expandPlaceholders,
	pythonJson,
	type PlaceholderValues,
} from '../../../harness/servers/webhookIntegration';

const { server } = useCheckMonitorServer();

interface Received {
	method: string;
	url: string;
	headers: http.IncomingHttpHeaders;
	body: string;
}

/** A receiver on 127.0.0.1 answering with the next of `answers` (a status, or 'hang'), then 200. */
async function receiver(answers: Array<number | 'hang'> = []) {
	const received: Received[] = [];
	const receiverServer = http.createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			received.push({
				method: req.method!,
				url: req.url!,
				headers: req.headers,
				body: Buffer.concat(chunks).toString('utf8'),
			});
			const answer = answers.shift() ?? 200;
			if (answer === 'hang') return;
			res.writeHead(answer).end(`answer ${answer}`);
		});
	});
	await new Promise<void>((resolve) => receiverServer.listen(0, '127.0.0.1', resolve));
	const url = `http://127.0.0.1:${(receiverServer.address() as AddressInfo).port}`;
	closers.push(async () => {
		receiverServer.closeAllConnections();
		await new Promise<void>((resolve) => receiverServer.close(() => resolve()));
	});
	return { url, received };
}
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
	await server.webhooks.idle();
	for (const close of closers.splice(0)) await close();
});

function upCheck(fields: Record<string, unknown> = {}) {
	const check = server.seedCheck({
		name: 'Nightly "backup" é',
		slug: 'nightly-backup',
		tags: 'prod db',
		...fields,
	});
	server.receivePing(check.uuid);
	return check;
}

test("a change to down: the method, URL, body and headers with their placeholders; curl's headers and no Content-Type of its own", async () => {
	const r = await receiver();
	server.webhooks.allowPrivateIps = true;
	const check = upCheck();
	server.addWebhookIntegration({
		down: {
			method: 'POST',
			url: `${r.url}/hook/$CODE/$STATUS?name=$NAME&tags=$TAGS&t1=$TAG1&slug=$SLUG`,
			body: '{"event": "$STATUS", "at": "$NOW", "name": $NAME_JSON, "check": $JSON, "exitStatus": $EXITSTATUS, "body": $BODY_JSON, "raw": "$BODY"}',
			headers: { 'X-Name': '$NAME', 'X-Tag': '$TAG2' },
		},
	});
	server.receivePing(check.uuid, '7', 'exit 7: disk full');
	await server.webhooks.idle();
	expect(r.received).toHaveLength(1);
	const [sent] = r.received;
	expect(sent.method).toBe('POST');
	expect(sent.url).toBe(
		`/hook/${check.uuid}/down?name=Nightly%20%22backup%22%20%C3%A9&tags=prod%20db&t1=prod&slug=nightly-backup`,
	);
	expect(sent.headers).toMatchObject({
		'user-agent': 'healthchecks.io',
		accept: '*/*',
		'x-name': 'Nightly "backup" é',
		'x-tag': 'db',
	});
	expect(sent.headers['content-type']).toBeUndefined();
	const at = `${check.flips[check.flips.length - 1].created.toISOString().slice(0, 19)}+00:00`;
	expect(
		sent.body.startsWith(
			`{"event": "down", "at": "${at}", "name": "Nightly \\"backup\\" \\u00e9", "check": {"name": "Nightly \\"backup\\" \\u00e9", "slug": "nightly-backup", "tags": "prod db"`,
		),
	).toBe(true);
	const body = JSON.parse(sent.body);
	expect(body).toMatchObject({
		exitStatus: 7,
		body: 'exit 7: disk full',
		raw: 'exit 7: disk full',
	});
	expect(Object.keys(body.check)).toEqual([
		'name',
		'slug',
		'tags',
		'desc',
		'grace',
		'n_pings',
		'status',
		'started',
		'last_ping',
		'next_ping',
		'manual_resume',
		'methods',
		'subject',
		'subject_fail',
		'start_kw',
		'success_kw',
		'failure_kw',
		'filter_subject',
		'filter_body',
		'filter_http_body',
		'filter_default_fail',
		'badge_url',
		'timeout',
		'uuid',
		'ping_url',
		'update_url',
		'pause_url',
		'resume_url',
		'channels',
	]);
	expect(server.webhooks.log.map((a) => [a.event, a.attempt, a.status, a.delivered])).toEqual([
		['down', 1, 200, true],
	]);
});

test('only changes to down, and to up from down, are sent: not new→up, paused→up, pauses, resumes or starts', async () => {
	const r = await receiver();
	server.webhooks.allowPrivateIps = true;
	const check = server.seedCheck({ name: 'job' });
	server.addWebhookIntegration({
		down: { url: `${r.url}/$STATUS` },
		up: { url: `${r.url}/$STATUS` },
	});
	server.receivePing(check.uuid); // new → up
	server.receivePing(check.uuid, 'start');
	server.pause(check.uuid);
	server.receivePing(check.uuid); // paused → up
	server.receivePing(check.uuid, 'fail'); // up → down
	server.receivePing(check.uuid); // down → up
	server.receivePing(check.uuid, 'log');
	await server.webhooks.idle();
	expect(r.received.map((x) => `${x.method} ${x.url}`)).toEqual(['GET /down', 'GET /up']);
	expect(r.received[0].headers['content-length']).toBeUndefined();
});

test("a timeout's down flip is sent when the alert worker writes it, with the due time as $NOW", async () => {
	const r = await receiver();
	server.webhooks.allowPrivateIps = true;
	let now = new Date('2026-11-28T10:00:00Z');
	server.now = () => now;
	const check = server.seedCheck({ name: 'job', timeout: 60, grace: 60 });
	server.addWebhookIntegration({ down: { method: 'POST', url: r.url, body: '$NOW' } });
	server.receivePing(check.uuid);
	now = new Date('2026-11-28T10:05:00Z');
	server.sendAlerts();
	await server.webhooks.idle();
	expect(r.received.map((x) => x.body)).toEqual(['2026-11-28T10:02:00+00:00']);
});

test('3 attempts back to back while the answer is not 200, 201, 202 or 204; each attempt logged, the same body each time', async () => {
	const r = await receiver([500, 301, 202]);
	server.webhooks.allowPrivateIps = true;
	const check = upCheck();
	server.addWebhookIntegration({ down: { method: 'PUT', url: r.url, body: '$STATUS $NOW' } });
	server.receivePing(check.uuid, 'fail');
	await server.webhooks.idle();
	expect(server.webhooks.log.map((a) => [a.attempt, a.status, a.delivered])).toEqual([
		[1, 500, false],
		[2, 301, false],
		[3, 202, true],
	]);
	expect(new Set(r.received.map((x) => `${x.method} ${x.body}`)).size).toBe(1);
});

test('given up after 3 attempts; a 4xx is retried too', async () => {
	const r = await receiver([400, 403, 404, 200]);
	server.webhooks.allowPrivateIps = true;
	const check = upCheck();
	server.addWebhookIntegration({ down: { method: 'POST', url: r.url, body: 'x' } });
	server.receivePing(check.uuid, 'fail');
	await server.webhooks.idle();
	expect(server.webhooks.log.map((a) => a.status)).toEqual([400, 403, 404]);
	expect(r.received).toHaveLength(3);
});

test('no answer within the time limit (30 s on the server, shorter here) is a failed attempt, retried', async () => {
	const r = await receiver(['hang', 204]);
	server.webhooks.allowPrivateIps = true;
	server.webhooks.timeoutMs = 200;
	expect(server.webhooks.timeoutMs).toBe(200);
	const check = upCheck();
	server.addWebhookIntegration({ down: { method: 'POST', url: r.url, body: 'x' } });
	server.receivePing(check.uuid, 'fail');
	await server.webhooks.idle();
	expect(server.webhooks.log.map((a) => [a.attempt, a.status ?? a.error, a.delivered])).toEqual([
		[1, 'Connection timed out', false],
		[2, 204, true],
	]);
});

test('the time limit is 30 s unless a test shortens it', () => {
	expect(server.webhooks.timeoutMs).toBe(30_000);
});

test('private addresses are refused unless allowed (INTEGRATIONS_ALLOW_PRIVATE_IPS); an event with no URL is not sent', async () => {
	const r = await receiver();
	const check = upCheck();
	server.addWebhookIntegration({
		down: { method: 'POST', url: r.url, body: 'x' },
		up: { url: '' },
	});
	server.receivePing(check.uuid, 'fail');
	server.receivePing(check.uuid);
	await server.webhooks.idle();
	expect(server.webhooks.log.map((a) => [a.attempt, a.error])).toEqual([
		[1, 'Connections to private IP addresses are not allowed'],
		[2, 'Connections to private IP addresses are not allowed'],
		[3, 'Connections to private IP addresses are not allowed'],
	]);
	expect(r.received).toHaveLength(0);
});

test('a header can replace the User-Agent (a 302 without a Location is a failed attempt)', async () => {
	const r = await receiver([302, 200]);
	server.webhooks.allowPrivateIps = true;
	const check = upCheck();
	server.addWebhookIntegration({
		down: { method: 'POST', url: r.url, body: 'x', headers: { 'User-Agent': 'mine' } },
	});
	server.receivePing(check.uuid, 'fail');
	await server.webhooks.idle();
	expect(r.received.map((x) => x.headers['user-agent'])).toEqual(['mine', 'mine']);
});

test('the web UI assigns a new integration to every existing check; /channels/ lists it as kind webhook; a later check has none', async () => {
	const before = server.seedCheck({ name: 'before' });
	const integration = server.addWebhookIntegration({ down: { url: 'http://127.0.0.1:9/x' } });
	const after = server.seedCheck({ name: 'after' });
	expect([before.channels, after.channels]).toEqual([[integration.id], []]);
	expect(server.channels).toContainEqual({ id: integration.id, name: 'Webhook', kind: 'webhook' });
	const unassigned = server.addWebhookIntegration(
		{ name: 'quiet', down: { url: 'http://127.0.0.1:9/x' } },
		'none',
	);
	expect(before.channels).not.toContain(unassigned.id);
});

test('"Send test notification": a made-up check named TEST (random UUID, 42 pings, no slug) going down, one attempt only', async () => {
	const r = await receiver([500]);
	server.webhooks.allowPrivateIps = true;
	const integration = server.addWebhookIntegration({
		down: { method: 'POST', url: r.url, body: '{"event": "$STATUS", "check": $JSON}' },
	});
	server.sendTestNotification(integration.id);
	await server.webhooks.idle();
	const body = JSON.parse(r.received[0].body);
	expect(body).toMatchObject({
		event: 'down',
		check: { name: 'TEST', n_pings: 42, slug: '', channels: '' },
	});
	expect(server.checks.has(body.check.uuid)).toBe(false);
	expect(server.webhooks.log.map((a) => [a.test, a.attempt, a.status])).toEqual([[true, 1, 500]]);
	const upOnly = server.addWebhookIntegration({
		up: { method: 'POST', url: r.url, body: '$STATUS' },
	});
	server.sendTestNotification(upOnly.id);
	await server.webhooks.idle();
	expect(r.received[1].body).toBe('up');
});

test('placeholders are replaced once: a value holding a placeholder stays as it is; longer names first', () => {
	const values: PlaceholderValues = {
		code: 'c',
		status: 'down',
		now: 'n',
		name: '$SLUG and $BODY',
		slug: 's',
		tags: '',
		check: {},
		exitStatus: null,
		body: null,
	};
	expect(
		expandPlaceholders('$NAME|$NAME_JSON|$SLUG|$EXITSTATUS|$BODY_JSON|$BODY', values, 'body'),
	).toBe('$SLUG and $BODY|"$SLUG and $BODY"|s|-1|""|');
	expect(expandPlaceholders('$BODY', values, 'url')).toBe('$BODY');
	expect(expandPlaceholders('$NAME', { ...values, name: 'Ω' }, 'header')).toBe('&#937;');
});

test('$JSON and $NAME_JSON are Python\'s json.dumps: ", " and ": ", non-ASCII escaped', () => {
	expect(pythonJson({ a: [1, true, null], b: 'é' })).toBe('{"a": [1, true, null], "b": "\\u00e9"}');
});
