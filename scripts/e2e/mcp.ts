/**
 * The MCP example (examples/mcp-server.json) in real n8n, used by a real MCP client (the
 * official SDK, over Streamable HTTP), as an AI application would use it: the example is
 * published, then the client lists the read-only server's tools (names, descriptions,
 * input schemas), calls a read, calls a write on the second server (the writes path) for a
 * test contact, and makes a call that must fail; each result is checked, and so is what
 * reached the stand-in APIs.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { readFileSync } from 'node:fs';
import type { CheckMonitorServer } from '../../harness/servers/checkMonitorServer';
import type { CustomerEngagementServer } from '../../harness/servers/customerEngagementServer';
import type { StartedN8n } from '../shared/editorSession';
import { N8N_VERSION } from '../shared/n8nRuntime';

type Record = (name: string, message?: string) => void;
const READ_TOOLS = [
	'find_contacts',
	'get_check_flips',
	'get_contact',
	'list_checks',
	'service_status',
];

interface ToolResult {
	isError?: boolean;
	content?: Array<{ type: string; text?: string }>;
}
const text = (result: ToolResult) => (result.content ?? []).map((c) => c.text ?? '').join('\n');

/**
 * An MCP client connected to the server at `url`. n8n may register a published workflow's
 * webhooks a moment after it answers the publish, so a 404 ("webhook … is not registered")
 * is retried for up to a minute.
 */
async function connect(url: string): Promise<Client> {
	const end = Date.now() + 60_000;
	for (;;) {
		const client = new Client({ name: 'engagement-monitor-e2e', version: '1.0.0' });
		try {
			await client.connect(new StreamableHTTPClientTransport(new URL(url)));
			return client;
		} catch (error) {
			if (!/not registered|404/.test((error as Error).message) || Date.now() > end) throw error;
			await new Promise((resolve) => setTimeout(resolve, 1000));
		}
	}
}

/** On `n8n` (the examples imported): the MCP example published from the editor, then used by a client. */
export async function mcpChecks(
	n8n: StartedN8n,
	ce: CustomerEngagementServer,
	cm: CheckMonitorServer,
	record: Record,
): Promise<void> {
	const contact = ce.seedContact({
		firstName: 'Modeled',
		lastName: 'Tester',
		email: 'model@example.com',
	});
	cm.seedCheck({ name: 'Model check', tags: 'prod' });
	try {
		await n8n.editor.publish('exMcpServer');
	} catch (error) {
		record(
			`mcp › the MCP example publishes on n8n ${N8N_VERSION}`,
			(error as Error).message.slice(0, 400),
		);
		return;
	}
	const base = `${n8n.url}/mcp`;
	const clients: Client[] = [];
	try {
		const reads = await connect(`${base}/engagement-monitor`);
		clients.push(reads);
		const { tools } = await reads.listTools();
		console.log(
			`  MCP tools as a client sees them (read-only server):\n${JSON.stringify(tools, null, 1)}`,
		);
		const names = tools.map((t) => t.name).sort();
		const schema = (name: string) =>
			(tools.find((t) => t.name === name)?.inputSchema ?? {}) as {
				properties?: { [key: string]: { type?: string; description?: string } };
				required?: string[];
			};
		const problems = [
			...(JSON.stringify(names) === JSON.stringify(READ_TOOLS)
				? []
				: [`tools ${JSON.stringify(names)}`]),
			...tools
				.filter((t) => (t.description ?? '').split(/\s+/).length < 8)
				.map((t) => `${t.name}: a description of under 8 words (${JSON.stringify(t.description)})`),
			...(schema('get_contact').properties?.contactId?.type === 'string' &&
			/ID/.test(schema('get_contact').properties?.contactId?.description ?? '')
				? []
				: [`get_contact's input schema: ${JSON.stringify(schema('get_contact'))}`]),
			...(schema('list_checks').properties?.tag?.type === 'string'
				? []
				: [`list_checks's input schema: ${JSON.stringify(schema('list_checks'))}`]),
			...(Object.keys(schema('service_status').properties ?? {}).length === 0
				? []
				: [`service_status takes ${JSON.stringify(schema('service_status').properties)}`]),
		];
		record(
			'mcp › the read-only server lists its five tools with descriptions and input schemas (names, types, what each ID looks like)',
			problems.length ? problems.join('; ') : undefined,
		);

		ce.clearLog();
		const read = (await reads.callTool({
			name: 'get_contact',
			arguments: { contactId: String(contact.id) },
		})) as ToolResult;
		const readRequests = ce.requestLines();
		record(
			'mcp › a read: get_contact answers the contact, with exactly one GET of it',
			!read.isError &&
				text(read).includes('Modeled') &&
				JSON.stringify(readRequests) === JSON.stringify([`GET /v1/contacts/${String(contact.id)}`])
				? undefined
				: `result ${text(read).slice(0, 300)}; requests ${JSON.stringify(readRequests)}`,
		);
		cm.clearLog();
		const listed = (await reads.callTool({
			name: 'list_checks',
			arguments: { tag: 'prod' },
		})) as ToolResult;
		record(
			'mcp › list_checks passes the tag the model chose to the API',
			!listed.isError &&
				text(listed).includes('Model check') &&
				JSON.stringify(cm.requestLines()) === JSON.stringify(['GET /api/v3/checks/?tag=prod'])
				? undefined
				: `result ${text(listed).slice(0, 300)}; requests ${JSON.stringify(cm.requestLines())}`,
		);

		ce.clearLog();
		const bad = (await reads.callTool({
			name: 'get_contact',
			arguments: { contactId: 'ct_does_not_exist' },
		})) as ToolResult;
		const badText = text(bad);
		record(
			'mcp › a call that must fail comes back as an error in plain words (no stack, no key), not as data',
			bad.isError &&
				/not found|does not exist|no contact/i.test(badText) &&
				!/\n\s+at /.test(badText) &&
				!badText.includes('ce-sandbox')
				? undefined
				: `isError ${String(bad.isError)}; text ${badText.slice(0, 400)}`,
		);

		const writes = await connect(`${base}/engagement-monitor-writes`);
		clients.push(writes);
		const writeTools = (await writes.listTools()).tools.map((t) => t.name);
		const notesBefore = ce.state.notes.length;
		ce.clearLog();
		const wrote = (await writes.callTool({
			name: 'add_contact_note',
			arguments: { contactId: String(contact.id), text: 'Called back about the invoice.' },
		})) as ToolResult;
		const notes = ce.state.notes.slice(notesBefore);
		record(
			'mcp › a write on the writes server: add_contact_note adds exactly one note to the test contact (and the read-only server has no write tool)',
			!wrote.isError &&
				notes.length === 1 &&
				notes[0].text === 'Called back about the invoice.' &&
				notes[0].contactId === contact.id &&
				JSON.stringify(writeTools) === JSON.stringify(['add_contact_note'])
				? undefined
				: `result ${text(wrote).slice(0, 300)}; notes ${JSON.stringify(notes)}; write tools ${JSON.stringify(writeTools)}`,
		);
	} catch (error) {
		record(
			"mcp › an MCP client uses the example's tools",
			`${(error as Error).message.slice(0, 600)}; n8n's log: ${readFileSync(n8n.logFile, 'utf8').slice(-800)}`,
		);
	} finally {
		for (const client of clients) await client.close().catch(() => undefined);
	}
}
