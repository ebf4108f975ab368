/**
 * Lazy loading, in real n8n (part of the end-to-end tier). At start n8n reads the package's
 * dist/known/ and dist/types/ (written by the build, gulpfile.js) and loads a node's class
 * only when it is used; with wrong metadata the editor breaks while executions still work,
 * so this checks what the editor uses, on an n8n just started with the package as installed
 * (before anything else runs there, so that no class of the package is loaded yet):
 * - n8n's debug log says it lazy-loaded the package, and no package fell back to a full load;
 * - the node and credential types the editor downloads (/types/nodes.json,
 *   /types/credentials.json) hold the five nodes, the two AI-tool variants n8n makes of
 *   the action nodes, and both credentials with the nodes they serve;
 * - through the editor's REST API, each needing a class n8n has not loaded yet: a
 *   credential test, a list search (contacts, checks) and load options (labels, channels).
 */
import { readFileSync } from 'node:fs';
import { CheckMonitorServer, CM_KEY } from '../../harness/servers/checkMonitorServer';
import { CE_TOKEN, CustomerEngagementServer } from '../../harness/servers/customerEngagementServer';
import type { StartedN8n } from '../shared/editorSession';

type Record = (name: string, message?: string) => void;
const PKG = 'n8n-nodes-engagement-monitor';

/**
 * Whether n8n's REST API answers within the time. Its health check answers earlier, before
 * the REST routes exist (seen on 2.41.1 and 1.123.81), so this asks for the settings the
 * editor loads first, and waits for JSON.
 */
export async function answers(url: string, timeoutMs: number): Promise<boolean> {
	const end = Date.now() + timeoutMs;
	while (Date.now() < end) {
		try {
			// While it starts, n8n answers every route with 200 and the text "n8n is starting up".
			const response = await fetch(`${url}/rest/settings`);
			if (response.ok && (response.headers.get('content-type') ?? '').includes('json')) return true;
		} catch {
			// not listening yet
		}
		await new Promise((resolve) => setTimeout(resolve, 200));
	}
	return false;
}

/** `expect`-style: undefined when fine, else what was wrong. */
const check = (ok: boolean, message: string) => (ok ? undefined : message);

/** Stand-ins seeded with one of each thing the editor lists, and credentials for them. */
export interface LazyStandIns {
	ce: CustomerEngagementServer;
	cm: CheckMonitorServer;
	/** To import before n8n starts: made in the editor, a credential would load its class. */
	credentials: Array<{ id: string; name: string; type: string; data: object }>;
	stop(): Promise<void>;
}

export async function lazyLoadingStandIns(): Promise<LazyStandIns> {
	const ce = await new CustomerEngagementServer().start();
	const cm = await new CheckMonitorServer().start();
	ce.seedContact({ firstName: 'Listed', email: 'listed@example.com' });
	ce.state.labels.set('lb_listed', { id: 'lb_listed', name: 'Listed', color: 'GREY' });
	cm.seedCheck({ name: 'Listed' });
	cm.seedChannel('ops-email');
	return {
		ce,
		cm,
		credentials: [
			{
				id: 'ceLazyLoading01',
				name: 'Customer Engagement (lazy loading)',
				type: 'customerEngagementApi',
				data: { baseUrl: `${ce.url}/`, accessToken: CE_TOKEN },
			},
			{
				id: 'cmLazyLoading01',
				name: 'Check Monitor (lazy loading)',
				type: 'checkMonitorApi',
				data: { baseUrl: cm.url, apiKey: CM_KEY },
			},
		],
		stop: async () => {
			await ce.stop();
			await cm.stop();
		},
	};
}

/**
 * On `n8n`, just started with the package installed, the stand-ins' credentials imported, and
 * N8N_LOG_LEVEL=debug, N8N_LOG_OUTPUT=console (its log in `n8n.logFile`).
 */
export async function lazyLoadingChecks(
	n8n: StartedN8n,
	standIns: LazyStandIns,
	record: Record,
): Promise<void> {
	const { editor, logFile } = n8n;
	const log = readFileSync(logFile, 'utf8');
	const lazy = log.includes(`Lazy-loading nodes and credentials from ${PKG}`);
	const fellBack = (log.match(/Can't enable lazy-loading/g) ?? []).length;
	record(
		'lazy loading › n8n lazy-loads the package (debug log), and no package falls back to loading every class',
		check(
			lazy && fellBack === 0,
			`lazy-loading line ${lazy ? 'present' : 'missing'}; "Can't enable lazy-loading" ${fellBack} times; log lines naming the package: ${log
				.split('\n')
				.filter((l) => l.includes(PKG))
				.slice(0, 5)
				.join(' | ')}`,
		),
	);

	const ref = (type: string) => {
		const { id, name } = standIns.credentials.find((c) => c.type === type)!;
		return { id, name };
	};
	const credentials = {
		customerEngagementApi: ref('customerEngagementApi'),
		checkMonitorApi: ref('checkMonitorApi'),
	};
	try {
		const nodeTypes = (await editor.getJson('/types/nodes.json')) as Array<{
			name: string;
			version: number | number[];
			properties?: unknown[];
		}>;
		const ours = nodeTypes
			.filter((t) => t.name.startsWith(`${PKG}.`))
			.map((t) => t.name.slice(PKG.length + 1))
			.sort();
		const expected = [
			'checkMonitor',
			'checkMonitorTool',
			'checkMonitorTrigger',
			'checkMonitorWebhookTrigger',
			'customerEngagement',
			'customerEngagementTool',
			'customerEngagementTrigger',
		];
		record(
			'lazy loading › the editor gets the five nodes and both AI-tool variants',
			check(JSON.stringify(ours) === JSON.stringify(expected), `got ${JSON.stringify(ours)}`),
		);
		const credentialTypes = (await editor.getJson('/types/credentials.json')) as Array<{
			name: string;
			supportedNodes?: string[];
		}>;
		const served = Object.fromEntries(
			credentialTypes
				.filter((c) => ['customerEngagementApi', 'checkMonitorApi'].includes(c.name))
				.map((c) => [c.name, [...(c.supportedNodes ?? [])].sort()]),
		);
		record(
			'lazy loading › the editor gets both credentials, each with the nodes it serves',
			check(
				JSON.stringify(served) ===
					JSON.stringify({
						customerEngagementApi: [
							`${PKG}.customerEngagement`,
							`${PKG}.customerEngagementTrigger`,
						],
						checkMonitorApi: [`${PKG}.checkMonitor`, `${PKG}.checkMonitorTrigger`],
					}) ||
					JSON.stringify(served) ===
						JSON.stringify({
							customerEngagementApi: ['customerEngagement', 'customerEngagementTrigger'],
							checkMonitorApi: ['checkMonitor', 'checkMonitorTrigger'],
						}),
				`got ${JSON.stringify(served)}`,
			),
		);

		const credentialTest = async (type: keyof typeof credentials) => {
			const stored = (await editor.call(
				'GET',
				`/credentials/${credentials[type].id}?includeData=true`,
			)) as { id: string; name: string; type: string; data: object };
			return (await editor.call('POST', '/credentials/test', {
				credentials: { id: stored.id, name: stored.name, type: stored.type, data: stored.data },
			})) as { status: string; message?: string };
		};
		for (const type of ['customerEngagementApi', 'checkMonitorApi'] as const) {
			try {
				const result = await credentialTest(type);
				record(
					`lazy loading › the ${type} credential test passes`,
					check(result.status === 'OK', JSON.stringify(result)),
				);
			} catch (error) {
				record(
					`lazy loading › the ${type} credential test passes`,
					(error as Error).message.slice(0, 400),
				);
			}
		}
		const dynamic = async (
			route: string,
			node: string,
			methodName: string,
			parameters: object,
			credential: keyof typeof credentials,
			extra: object = {},
		) =>
			editor.call('POST', `/dynamic-node-parameters/${route}`, {
				nodeTypeAndVersion: { name: `${PKG}.${node}`, version: 1 },
				path: 'parameters',
				methodName,
				currentNodeParameters: parameters,
				credentials: { [credential]: credentials[credential] },
				...extra,
			});
		const attempts: Array<[string, () => Promise<unknown>, (data: unknown) => boolean]> = [
			[
				'a contact list search (Contact → Get)',
				() =>
					dynamic(
						'resource-locator-results',
						'customerEngagement',
						'searchContacts',
						{ resource: 'contact', operation: 'get' },
						'customerEngagementApi',
						{ filter: '' },
					),
				(data) => ((data as { results?: unknown[] }).results ?? []).length > 0,
			],
			[
				'a check list search (Check → Get)',
				() =>
					dynamic(
						'resource-locator-results',
						'checkMonitor',
						'searchChecks',
						{ resource: 'check', operation: 'get' },
						'checkMonitorApi',
						{ filter: '' },
					),
				(data) => ((data as { results?: unknown[] }).results ?? []).length > 0,
			],
			[
				'load options of labels (Contact → Update)',
				() =>
					dynamic(
						'options',
						'customerEngagement',
						'getLabels',
						{ resource: 'contact', operation: 'update' },
						'customerEngagementApi',
					),
				(data) => Array.isArray(data) && data.length > 0,
			],
			[
				'load options of channels (Check → Create)',
				() =>
					dynamic(
						'options',
						'checkMonitor',
						'getChannels',
						{ resource: 'check', operation: 'create' },
						'checkMonitorApi',
					),
				(data) => Array.isArray(data) && data.length > 0,
			],
		];
		for (const [what, call, ok] of attempts) {
			try {
				const data = await call();
				record(
					`lazy loading › ${what} answers from the API`,
					check(ok(data), `answered ${JSON.stringify(data).slice(0, 300)}`),
				);
			} catch (error) {
				record(
					`lazy loading › ${what} answers from the API`,
					(error as Error).message.slice(0, 400),
				);
			}
		}
	} catch (error) {
		// One failure must not end the tier: the rest of it still runs.
		record(
			"lazy loading › the editor's types and REST API",
			(error as Error).message.slice(0, 600),
		);
	}
}
