/**
 * End-to-end checks of `npm start` itself (part of the end-to-end tier): custom ports for
 * every service, the user's data kept across a restart, an explicit reset, and each
 * example workflow made to fire by an event the sandbox plays.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { playEvent } from '../../harness/servers/sandbox';
import { freePort } from '../shared/ports';
import { waitForAsync, waitUntil } from '../shared/progress';
import { editorSession } from '../shared/editorSession';
import { startEnvironment, type Environment, type StartConfig } from '../dev/start';
import { webhookRegistered } from './webhookTrigger';

type Record = (name: string, message?: string) => void;
const examples = path.join(__dirname, '..', '..', 'examples');
const EXAMPLES = readdirSync(examples).filter((f) => f.endsWith('.json')).length;
/** The webhook ID of an example (its production URL). */
const webhookIdOf = (file: string) =>
	(
		JSON.parse(readFileSync(path.join(examples, file), 'utf8')) as {
			nodes: Array<{ webhookId?: string }>;
		}
	).nodes.find((node) => node.webhookId)?.webhookId;

export async function startScriptChecks(record: Record): Promise<void> {
	const config: StartConfig = {
		n8nPort: await freePort(),
		brokerPort: await freePort(),
		cePort: await freePort(),
		cmPort: await freePort(),
		folder: path.join(mkdtempSync(path.join(os.tmpdir(), 'n8n-start-e2e-')), 'sandbox'),
		reset: false,
		dev: false,
		log: () => undefined,
	};
	let environment: Environment | undefined;
	const stop = async () => {
		await environment?.stop();
		environment = undefined;
	};
	try {
		environment = await startEnvironment(config);
		const ports = [environment.url, environment.sandbox.ce.url, environment.sandbox.cm.url].map(
			(u) => Number(new URL(u).port),
		);
		record(
			'npm start › n8n, its task broker and both stand-ins on the ports given',
			JSON.stringify(ports) === JSON.stringify([config.n8nPort, config.cePort, config.cmPort])
				? undefined
				: `ports ${JSON.stringify(ports)}`,
		);
		const first = await editorSession(environment.url);
		await first.createWorkflow('My own workflow');
		await stop();

		environment = await startEnvironment(config);
		const second = await editorSession(environment.url);
		const names = await second.workflowNames();
		record(
			'npm start › a workflow made in the editor is there after a restart, examples not duplicated',
			names.filter((n) => n === 'My own workflow').length === 1 && names.length === EXAMPLES + 1
				? undefined
				: `workflows: ${JSON.stringify(names)}`,
		);
		// As a user would in the editor: publish the four trigger examples. n8n registers a
		// published webhook a moment after it answers (2.41.1): wait for the webhook examples'.
		for (const example of [
			'exVisitThankYou',
			'exCheckDownNote',
			'exCheckDownInstant',
			'exCheckChangeOnce',
		])
			await second.publish(example);
		const registered = [
			await webhookRegistered(
				`${environment.url}/webhook/${webhookIdOf('check-down-instant-note.json')}/webhook`,
			),
			await webhookRegistered(
				`${environment.url}/webhook/${webhookIdOf('check-change-once.json')}/webhook`,
			),
		];
		record(
			"npm start › the published webhook examples' production URLs answer",
			registered.every(Boolean)
				? undefined
				: `answered (instant, once): ${JSON.stringify(registered)}; no 403 within 120 s`,
		);

		const { ce, cm } = environment.sandbox;
		// The activation polls record the starting point: wait until n8n has saved it in each
		// polling example's static data, so the events played next are new to both.
		const startSaved = async (workflowId: string) =>
			Object.keys((await second.staticData(workflowId)) ?? {}).length > 0;
		const polled = await waitForAsync(
			async () =>
				(await startSaved('exVisitThankYou')) &&
				(await startSaved('exCheckDownNote')) &&
				(await startSaved('exCheckChangeOnce')),
			120_000,
		);
		if (!polled) {
			record(
				'npm start › examples fire from played events',
				"n8n did not save the published examples' starts within 120 s",
			);
		} else {
			const notesBefore = ce.state.notes.length;
			playEvent(environment.sandbox, 'visit');
			playEvent(environment.sandbox, 'down');
			const texted = await waitUntil(
				() => ce.requests.some((r) => r.method === 'POST' && r.path === '/v1/texts'),
				150_000,
			);
			record(
				'npm start › key "v" (a visit) makes "New visit: thank you" text the contact',
				texted ? undefined : 'no text was sent within 150 s',
			);
			const added = () => ce.state.notes.slice(notesBefore).map((n) => String(n.text));
			// The webhook example's note comes first: the server pushes the change at once.
			const instant = await waitUntil(
				() => added().some((n) => n.startsWith('Instantly: check "Nightly backup" went down')),
				30_000,
			);
			record(
				'npm start › key "d" (a fail ping) makes "Check down, instantly" add a note within seconds (the stand-in\'s Webhook integration)',
				instant
					? undefined
					: `notes: ${JSON.stringify(added())}; deliveries: ${JSON.stringify(cm.webhooks.log.map((a) => [a.status ?? a.error, a.responseBody]))}`,
			);
			const noted = await waitUntil(
				() => added().some((n) => n.startsWith('Check "Nightly backup" went down')),
				150_000,
			);
			record(
				'npm start › key "d" (a fail ping) makes "Check down" add a note',
				noted ? undefined : `notes: ${JSON.stringify(added())}`,
			);
			// "Every check change once": d and u pushed, m's push lost and taken from the poll, each one note.
			const once = () => added().filter((n) => n.startsWith('Once: check "Nightly backup"'));
			await waitUntil(() => once().length >= 1, 30_000);
			playEvent(environment.sandbox, 'up');
			await waitUntil(() => once().length >= 2, 30_000);
			const lostAt = Date.now();
			playEvent(environment.sandbox, 'lostDown');
			const fromPoll = await waitUntil(
				() => once().some((n) => n.endsWith('(from the poll).')),
				150_000,
			);
			const afterKey = ((Date.now() - lostAt) / 1000).toFixed(0);
			await new Promise((resolve) => setTimeout(resolve, 3000));
			record(
				`npm start › keys "d", "u", then "m" (its push lost) make "Every check change once" add one note each, d's and u's pushed, m's from the poll (${afterKey} s after the key)`,
				fromPoll &&
					JSON.stringify(once().map((n) => n.replace(/ at \S+ /, ' '))) ===
						JSON.stringify(
							['down (pushed)', 'up (pushed)', 'down (from the poll)'].map(
								(what) => `Once: check "Nightly backup" went ${what}.`,
							),
						)
					? undefined
					: `notes: ${JSON.stringify(once())}; deliveries: ${JSON.stringify(cm.webhooks.log.filter((a) => a.url.includes(String(webhookIdOf('check-change-once.json')))).map((a) => [a.event, a.attempt, a.status ?? a.error]))}`,
			);
		}
		await stop();

		environment = await startEnvironment({ ...config, reset: true });
		const afterReset = await (await editorSession(environment.url)).workflowNames();
		record(
			'npm start -- --reset › the earlier workflows are gone, the examples are back',
			!afterReset.includes('My own workflow') && afterReset.length === EXAMPLES
				? undefined
				: `workflows: ${JSON.stringify(afterReset)}`,
		);
	} catch (error) {
		record('npm start › runs', (error as Error).message.slice(0, 1500));
	} finally {
		await stop();
	}
}
