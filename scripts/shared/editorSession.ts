/**
 * n8n's editor REST API (`/rest/...`), as the editor uses it, for the end-to-end tier:
 * logged in as the sandbox owner of an n8n this project started (never any other).
 */
/** The owner `npm start` and the end-to-end tier set up on an n8n they started. */
export const LOGIN = { email: 'owner@example.com', password: 'Sandbox-Passw0rd', firstName: 'Sandbox', lastName: 'Owner' };

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
}

/**
 * A POST to n8n's REST API, sent again while n8n answers 503 "Database is not ready!": on a
 * loaded machine n8n 2.x marks its database not ready for a while when a health ping is slow,
 * also after it has logged that the editor is accessible.
 */
async function postWhileDatabaseNotReady(url: string, body: unknown): Promise<Response> {
	const end = Date.now() + 60_000;
	for (;;) {
		const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
		if (response.status !== 503 || Date.now() > end) return response;
		await new Promise((resolve) => setTimeout(resolve, 1000));
	}
}

/** Set up the sandbox owner on a fresh n8n (a no-op answer when one exists). */
export async function setUpOwner(url: string): Promise<void> {
	await postWhileDatabaseNotReady(`${url}/rest/owner/setup`, LOGIN);
}

export async function editorSession(url: string): Promise<EditorSession> {
	// n8n 2.x reads emailOrLdapLoginId, 1.x email.
	const login = await postWhileDatabaseNotReady(`${url}/rest/login`, { emailOrLdapLoginId: LOGIN.email, email: LOGIN.email, password: LOGIN.password });
	if (!login.ok) throw new Error(`login answered ${login.status}: ${(await login.text()).slice(0, 200)}`);
	const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
	const call = async (method: string, route: string, body?: unknown) => {
		const response = await fetch(`${url}/rest${route}`, {
			method,
			headers: { 'Content-Type': 'application/json', cookie },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		if (!response.ok) throw new Error(`${method} ${route} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
		return ((await response.json()) as { data: unknown }).data;
	};
	const getJson = async (pathname: string) => {
		const response = await fetch(`${url}${pathname}`, { headers: { cookie } });
		const text = await response.text();
		if (!response.ok) throw new Error(`GET ${pathname} answered ${response.status}: ${text.slice(0, 300)}`);
		try {
			return JSON.parse(text) as unknown;
		} catch {
			throw new Error(`GET ${pathname} answered no JSON: ${text.slice(0, 200)}`);
		}
	};
	return {
		call,
		getJson,
		workflowNames: async () => ((await call('GET', '/workflows')) as Array<{ name: string }>).map((w) => w.name).sort(),
		createWorkflow: (name: string) => call('POST', '/workflows', { name, nodes: [], connections: {}, settings: {} }),
		runFromTrigger: async (workflowId: string, triggerName: string) => {
			const workflowData = await call('GET', `/workflows/${workflowId}`);
			const started = (await call('POST', `/workflows/${workflowId}/run`, { workflowData, triggerToStartFrom: { name: triggerName } })) as {
				executionId?: string;
				waitingForWebhook?: boolean;
			};
			if (!started?.executionId) throw new Error(`the manual run of ${workflowId} did not start: ${JSON.stringify(started)}`);
			return String(started.executionId);
		},
	};
}
