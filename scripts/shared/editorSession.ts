/**
 * n8n's editor REST API (`/rest/...`), as the editor uses it, for the end-to-end tier:
 * logged in as the sandbox owner of an n8n this project started (never any other).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { N8N_VERSION, n8nDir, startN8nReady, type StartOptions } from './n8nRuntime';
import { stopProcess } from './services';

/** The owner `npm start` and the end-to-end tier set up on an n8n they started. */
export const LOGIN = {
	email: 'owner@example.com',
	password: 'Sandbox-Passw0rd',
	firstName: 'Sandbox',
	lastName: 'Owner',
};

export interface EditorSession {
	call(method: string, route: string, body?: unknown): Promise<unknown>;
	/** A GET outside the REST API, as the logged-in editor (e.g. /types/nodes.json, which needs a login on 2.x). */
	getJson(pathname: string): Promise<unknown>;
	workflowNames(): Promise<string[]>;
	createWorkflow(name: string): Promise<unknown>;
	/**
	 * What the editor's "Execute workflow" / "Fetch Test Event" sends for a trigger: a manual
	 * run that starts from that trigger (n8n 2.x reads the workflow from its database; 1.x
	 * takes it in the body). Resolves with the execution id once n8n has started it.
	 */
	runFromTrigger(workflowId: string, triggerName: string): Promise<string>;
	/**
	 * The same manual run, waited for: resolves with the run data n8n saved for it (what the
	 * editor then shows: `resultData.runData` by node, `resultData.error`).
	 */
	runToEnd(workflowId: string, triggerName: string, timeoutMs?: number): Promise<RunData>;
	/**
	 * Publish (activate) a workflow as the editor does: 2.x publishes its current version, 1.x
	 * sets it active (by N8N_VERSION, the version this run started).
	 */
	publish(workflowId: string): Promise<void>;
	/** A workflow's static data as n8n keeps it (saved by its triggers' polls); null when none. */
	staticData(workflowId: string): Promise<Record<string, unknown> | null>;
	/** A credential made in the editor; its reference as a node names it. */
	createCredential(name: string, type: string, data: object): Promise<{ id: string; name: string }>;
}

/** An execution's data as n8n saves it (the part the tier reads). */
export interface RunData {
	resultData: {
		runData: Record<string, Array<Record<string, unknown>>>;
		error?: { message?: string };
	};
}

/** The statuses of an execution that has ended. */
const ENDED = ['success', 'error', 'crashed', 'canceled'];

/** An execution's data as n8n saves it, with `flatted` (references kept): read with n8n's own copy. */
export function parseRunData(saved: string): RunData | undefined {
	const flatted = createRequire(path.join(n8nDir, 'package.json'))('flatted') as {
		parse(text: string): unknown;
	};
	return flatted.parse(saved) as RunData | undefined;
}

/**
 * A POST to n8n's REST API, sent again while n8n answers 503 "Database is not ready!": on a
 * loaded machine n8n 2.x marks its database not ready for a while when a health ping is slow,
 * also after it has logged that the editor is accessible.
 */
async function postWhileDatabaseNotReady(url: string, body: unknown): Promise<Response> {
	const end = Date.now() + 60_000;
	for (;;) {
		const response = await fetch(url, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify(body),
		});
		if (response.status !== 503 || Date.now() > end) return response;
		await new Promise((resolve) => setTimeout(resolve, 1000));
	}
}

/** Set up the sandbox owner on a fresh n8n (a no-op answer when one exists). */
export async function setUpOwner(url: string): Promise<void> {
	await postWhileDatabaseNotReady(`${url}/rest/owner/setup`, LOGIN);
}

/**
 * fetch, with what failed underneath in the message (fetch itself says only "fetch failed").
 * A GET is sent once more when its kept-alive connection was closed under it: n8n closes a
 * connection idle for 5 s, and a loaded tier can take longer than that to read the editor's
 * 18 MB of node types before it sends the next request (seen on 2.41.1: UND_ERR_SOCKET).
 */
async function fetchRetryingClosedGet(
	what: string,
	url: string,
	init: RequestInit,
): Promise<Response> {
	for (let attempt = 1; ; attempt++) {
		try {
			return await fetch(url, init);
		} catch (error) {
			const cause = (error as { cause?: { code?: string; message?: string } }).cause;
			const closedUnder = cause?.code === 'UND_ERR_SOCKET' || cause?.code === 'ECONNRESET';
			if (attempt === 1 && closedUnder && (init.method ?? 'GET') === 'GET') continue;
			throw new Error(
				`${what}: ${(error as Error).message}${cause ? ` (${cause.code ?? cause.message ?? ''})` : ''}`,
			);
		}
	}
}

export async function editorSession(url: string): Promise<EditorSession> {
	// n8n 2.x reads emailOrLdapLoginId, 1.x email.
	const login = await postWhileDatabaseNotReady(`${url}/rest/login`, {
		emailOrLdapLoginId: LOGIN.email,
		email: LOGIN.email,
		password: LOGIN.password,
	});
	if (!login.ok)
		throw new Error(`login answered ${login.status}: ${(await login.text()).slice(0, 200)}`);
	const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
	const call = async (method: string, route: string, body?: unknown) => {
		const response = await fetchRetryingClosedGet(`${method} ${route}`, `${url}/rest${route}`, {
			method,
			headers: { 'Content-Type': 'application/json', cookie },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		if (!response.ok)
			throw new Error(
				`${method} ${route} answered ${response.status}: ${(await response.text()).slice(0, 300)}`,
			);
		return ((await response.json()) as { data: unknown }).data;
	};
	const getJson = async (pathname: string) => {
		const response = await fetchRetryingClosedGet(`GET ${pathname}`, `${url}${pathname}`, {
			headers: { cookie },
		});
		const text = await response.text();
		if (!response.ok)
			throw new Error(`GET ${pathname} answered ${response.status}: ${text.slice(0, 300)}`);
		try {
			return JSON.parse(text) as unknown;
		} catch {
			throw new Error(`GET ${pathname} answered no JSON: ${text.slice(0, 200)}`);
		}
	};
	const runFromTrigger = async (workflowId: string, triggerName: string) => {
		const workflowData = await call('GET', `/workflows/${workflowId}`);
		const started = (await call('POST', `/workflows/${workflowId}/run`, {
			workflowData,
			triggerToStartFrom: { name: triggerName },
		})) as {
			executionId?: string;
			waitingForWebhook?: boolean;
		};
		if (!started?.executionId)
			throw new Error(`the manual run of ${workflowId} did not start: ${JSON.stringify(started)}`);
		return String(started.executionId);
	};
	return {
		call,
		getJson,
		workflowNames: async () =>
			((await call('GET', '/workflows')) as Array<{ name: string }>).map((w) => w.name).sort(),
		createWorkflow: (name: string) =>
			call('POST', '/workflows', { name, nodes: [], connections: {}, settings: {} }),
		runFromTrigger,
		runToEnd: async (workflowId: string, triggerName: string, timeoutMs = 300_000) => {
			const execution = await runFromTrigger(workflowId, triggerName);
			const end = Date.now() + timeoutMs;
			let lastError = '';
			for (;;) {
				// Saved a moment after the run starts, with empty data ("[]") until it ends.
				const saved = (await call('GET', `/executions/${execution}`).catch((error: Error) => {
					lastError = error.message.slice(0, 200);
					return undefined;
				})) as { status?: string; data?: string } | undefined;
				const run =
					saved?.data && ENDED.includes(String(saved.status))
						? parseRunData(saved.data)
						: undefined;
				if (run?.resultData) return run;
				if (Date.now() > end)
					throw new Error(
						`execution ${execution} of ${workflowId} had not ended after ${timeoutMs / 1000} s (status ${String(saved?.status)}${lastError ? `; last error: ${lastError}` : ''})`,
					);
				await new Promise((resolve) => setTimeout(resolve, 250));
			}
		},
		// Answered as a JSON string or as an object, by version.
		staticData: async (workflowId: string) => {
			const { staticData } = (await call('GET', `/workflows/${workflowId}`)) as {
				staticData?: Record<string, unknown> | string | null;
			};
			return (
				(typeof staticData === 'string'
					? (JSON.parse(staticData) as Record<string, unknown> | null)
					: staticData) ?? null
			);
		},
		createCredential: async (name: string, type: string, data: object) => ({
			id: ((await call('POST', '/credentials', { name, type, data })) as { id: string }).id,
			name,
		}),
		publish: async (workflowId: string) => {
			const workflow = (await call('GET', `/workflows/${workflowId}`)) as { versionId: string };
			if (N8N_VERSION.startsWith('1.'))
				await call('PATCH', `/workflows/${workflowId}`, {
					active: true,
					versionId: workflow.versionId,
				});
			else
				await call('POST', `/workflows/${workflowId}/activate`, { versionId: workflow.versionId });
		},
	};
}

/** An n8n this project started, with the editor logged in as the sandbox owner. */
export interface StartedN8n {
	child: ChildProcess;
	url: string;
	editor: EditorSession;
	logFile: string;
}

/** `n8n start` on `folder` (startN8nReady), the owner set up and logged in; undefined when n8n never came up. */
export async function startWithEditor(
	folder: string,
	logFile: string,
	timeoutMs: number,
	opts: Omit<StartOptions, 'logFile' | 'brokerPort'> = {},
): Promise<StartedN8n | undefined> {
	const started = await startN8nReady(folder, logFile, timeoutMs, opts);
	if (!started) return undefined;
	try {
		await setUpOwner(started.url);
		return { ...started, editor: await editorSession(started.url), logFile };
	} catch (error) {
		await stopProcess(started.child);
		throw error;
	}
}
