/**
 * An n8n AI Agent using this package's tools, with a scripted model: the OpenAI Chat Model
 * node talks to a local OpenAI-compatible server (harness/servers/scriptedModelServer.ts)
 * that answers with fixed tool calls, so there is no real model and no network. The
 * workflow (Manual Trigger → AI Agent with the model and three tools: get a contact, list
 * checks by tag, add a note), made in the editor with its credential, runs as the editor's
 * Execute workflow runs it; the checks: the agent's tool calls
 * reached the right endpoints with the right arguments, the note exists, the model was
 * offered the tools (names, descriptions, JSON schemas) and got their results back, and the
 * agent answered with the model's final text.
 */
import type { CheckMonitorServer } from '../../harness/servers/checkMonitorServer';
import type { CustomerEngagementServer } from '../../harness/servers/customerEngagementServer';
import {
	SCRIPTED_MODEL,
	ScriptedModelServer,
	type ChatRequest,
} from '../../harness/servers/scriptedModelServer';
import type { StartedN8n } from '../shared/editorSession';
import { N8N_VERSION } from '../shared/n8nRuntime';

type Record = (name: string, message?: string) => void;
type Json = { [key: string]: unknown };

const PKG = 'n8n-nodes-engagement-monitor';
const CE_CREDENTIAL = {
	customerEngagementApi: { id: 'ceSandboxCred01', name: 'Customer Engagement sandbox' },
};
const CM_CREDENTIAL = { checkMonitorApi: { id: 'cmSandboxCred01', name: 'Check Monitor sandbox' } };
const TOOLS = ['add_contact_note', 'get_contact', 'list_checks'];
const NOTE = 'Agent note';
const FINAL = 'done';
const PROMPT = 'Look up the contact, list the checks tagged prod, then add a note to the contact.';

/**
 * Manual Trigger → AI Agent (v3, on 1.123 and 2.41) with the OpenAI Chat Model (v1.3, the
 * Chat Completions API rather than the Responses API) and three tools of this package.
 */
function agentWorkflow(openAi: { id: string; name: string }): object {
	const tool = (name: string, type: string, x: number, parameters: Json, credentials: Json) => ({
		id: name,
		name,
		type: `${PKG}.${type}`,
		typeVersion: 1,
		position: [x, 220],
		parameters,
		credentials,
	});
	const nodes = [
		{
			id: 'trigger',
			name: 'Run',
			type: 'n8n-nodes-base.manualTrigger',
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		},
		{
			id: 'agent',
			name: 'AI Agent',
			type: '@n8n/n8n-nodes-langchain.agent',
			typeVersion: 3,
			position: [220, 0],
			parameters: {
				promptType: 'define',
				text: PROMPT,
				options: {},
			},
		},
		{
			id: 'model',
			name: 'OpenAI Chat Model',
			type: '@n8n/n8n-nodes-langchain.lmChatOpenAi',
			typeVersion: 1.3,
			position: [0, 220],
			parameters: {
				model: { __rl: true, mode: 'id', value: SCRIPTED_MODEL },
				responsesApiEnabled: false,
				options: {},
			},
			credentials: { openAiApi: openAi },
		},
		tool(
			'get_contact',
			'customerEngagementTool',
			200,
			{
				resource: 'contact',
				operation: 'get',
				contactId: {
					__rl: true,
					mode: 'id',
					value: "={{ $fromAI('contactId', 'The contact ID', 'string') }}",
				},
			},
			CE_CREDENTIAL,
		),
		tool(
			'list_checks',
			'checkMonitorTool',
			400,
			{
				resource: 'check',
				operation: 'getAll',
				filters: { tag: "={{ $fromAI('tag', 'One tag to filter checks by', 'string') }}" },
			},
			CM_CREDENTIAL,
		),
		tool(
			'add_contact_note',
			'customerEngagementTool',
			600,
			{
				resource: 'note',
				operation: 'create',
				contactId: {
					__rl: true,
					mode: 'id',
					value: "={{ $fromAI('contactId', 'The contact ID', 'string') }}",
				},
				text: "={{ $fromAI('text', 'The text of the note', 'string') }}",
			},
			CE_CREDENTIAL,
		),
	];
	const toAgent = (type: string) => ({ [type]: [[{ node: 'AI Agent', type, index: 0 }]] });
	return {
		name: 'E2E: AI Agent with the engagement monitor tools (scripted model)',
		active: false,
		nodes,
		connections: {
			Run: { main: [[{ node: 'AI Agent', type: 'main', index: 0 }]] },
			'OpenAI Chat Model': toAgent('ai_languageModel'),
			get_contact: toAgent('ai_tool'),
			list_checks: toAgent('ai_tool'),
			add_contact_note: toAgent('ai_tool'),
		},
		settings: { executionOrder: 'v1' },
	};
}

/** The text of a message's content (a string, or OpenAI's content parts). */
const contentText = (content: unknown): string =>
	typeof content === 'string'
		? content
		: Array.isArray(content)
			? content.map((part) => String((part as Json).text ?? '')).join('')
			: '';

export async function agentChecks(
	n8n: StartedN8n,
	ce: CustomerEngagementServer,
	cm: CheckMonitorServer,
	record: Record,
): Promise<void> {
	const contact = ce.seedContact({
		firstName: 'Agentic',
		lastName: 'Customer',
		email: 'agent@example.com',
	});
	const contactId = String(contact.id);
	cm.seedCheck({ name: 'Agent check', tags: 'prod' });
	const model = await new ScriptedModelServer([
		{
			toolCalls: [
				{ name: 'get_contact', arguments: { contactId } },
				{ name: 'list_checks', arguments: { tag: 'prod' } },
			],
		},
		{ toolCalls: [{ name: 'add_contact_note', arguments: { contactId, text: NOTE } }] },
		{ text: FINAL },
	]).start();
	try {
		const name = 'Scripted model';
		const openAi = await n8n.editor.createCredential(name, 'openAiApi', {
			apiKey: 'sk-scripted-not-a-key',
			url: model.baseUrl,
		});
		const workflowId = (
			(await n8n.editor.call('POST', '/workflows', agentWorkflow(openAi))) as { id: string }
		).id;

		ce.clearLog();
		cm.clearLog();
		const notesBefore = ce.state.notes.length;
		const started = Date.now();
		const run = await n8n.editor.runToEnd(workflowId, 'Run');
		console.log(`  the agent's run took ${Date.now() - started} ms (n8n ${N8N_VERSION})`);
		const resultData = run.resultData as unknown as Json;
		const runError = resultData.error as Json | undefined;
		const chats = model.chatRequests();
		const offered = chats[0]?.tools ?? [];
		console.log(
			`  tools as the model sees them (n8n ${N8N_VERSION}):\n${JSON.stringify(offered, null, 1)}`,
		);

		// (a) What reached the stand-in APIs.
		const ceLines = ce.requestLines();
		const cmLines = cm.requestLines();
		record(
			`agent › the agent's tool calls reach the APIs: get the contact, list checks tagged prod, add the note (n8n ${N8N_VERSION})`,
			JSON.stringify(ceLines) ===
				JSON.stringify([`GET /v1/contacts/${contactId}`, `POST /v1/contacts/${contactId}/notes`]) &&
				JSON.stringify(cmLines) === JSON.stringify(['GET /api/v3/checks/?tag=prod'])
				? undefined
				: `Customer Engagement ${JSON.stringify(ceLines)}; Check Monitor ${JSON.stringify(cmLines)}; model turns ${model.turn}; error ${JSON.stringify(runError?.message ?? null)}`,
		);

		// (b) The note the model asked for.
		const notes = ce.state.notes.slice(notesBefore);
		record(
			'agent › the note the model asked for exists on the contact, with its text',
			notes.length === 1 && notes[0].contactId === contactId && notes[0].text === NOTE
				? undefined
				: `notes ${JSON.stringify(notes)}`,
		);

		// (c) What the model was offered and what it got back.
		const fn = (name: string) => offered.find((t) => t.function.name === name)?.function;
		const props = (name: string) =>
			(
				(fn(name)?.parameters ?? {}) as {
					properties?: { [key: string]: { type?: string; description?: string } };
				}
			).properties ?? {};
		const names = offered.map((t) => t.function.name).sort();
		const problems = [
			...(JSON.stringify(names) === JSON.stringify(TOOLS)
				? []
				: [`tools ${JSON.stringify(names)}`]),
			...offered
				.filter((t) => t.type !== 'function' || !(t.function.description ?? '').trim())
				.map((t) => `${t.function.name}: no description`),
			...(props('get_contact').contactId?.type === 'string' &&
			props('get_contact').contactId?.description === 'The contact ID'
				? []
				: [`get_contact's schema ${JSON.stringify(fn('get_contact')?.parameters)}`]),
			...(props('list_checks').tag?.type === 'string'
				? []
				: [`list_checks's schema ${JSON.stringify(fn('list_checks')?.parameters)}`]),
			...(props('add_contact_note').contactId?.type === 'string' &&
			props('add_contact_note').text?.type === 'string'
				? []
				: [`add_contact_note's schema ${JSON.stringify(fn('add_contact_note')?.parameters)}`]),
			...(chats[0]?.messages.some((m) => m.role === 'user' && contentText(m.content) === PROMPT)
				? []
				: [
						`the prompt is not in the first request: ${JSON.stringify(chats[0]?.messages ?? null).slice(0, 300)}`,
					]),
			...(chats.every(
				(c) => c.model === SCRIPTED_MODEL && JSON.stringify(c.tools) === JSON.stringify(offered),
			)
				? []
				: ['the model or the tools differ between requests']),
		];
		record(
			'agent › the model gets the prompt and is offered the three tools with descriptions and JSON schemas of their $fromAI parameters',
			problems.length ? problems.join('; ') : undefined,
		);

		const toolResult = (chat: ChatRequest | undefined, callId: string) =>
			contentText(
				chat?.messages.find((m) => m.role === 'tool' && m.tool_call_id === callId)?.content,
			);
		const contactResult = toolResult(chats[1], 'call_1_1');
		const checksResult = toolResult(chats[1], 'call_1_2');
		const noteResult = toolResult(chats[2], 'call_2_1');
		record(
			'agent › the model gets the tool results back: the contact, the checks, the note',
			chats.length === 3 &&
				contactResult.includes('Agentic') &&
				checksResult.includes('Agent check') &&
				noteResult.includes(NOTE)
				? undefined
				: `${chats.length} model requests; results ${JSON.stringify({ contactResult: contactResult.slice(0, 200), checksResult: checksResult.slice(0, 200), noteResult: noteResult.slice(0, 200) })}`,
		);

		// (d) The agent's answer.
		const runs = ((resultData.runData ?? {}) as { [node: string]: Json[] })['AI Agent'] ?? [];
		const last = runs[runs.length - 1] as
			| { data?: { main?: Array<Array<{ json: Json }>> } }
			| undefined;
		const output = last?.data?.main?.[0]?.[0]?.json?.output;
		record(
			"agent › the agent's output is the model's final text",
			!runError && output === FINAL
				? undefined
				: `output ${JSON.stringify(output ?? null)}; error ${JSON.stringify(runError?.message ?? null)}`,
		);
	} catch (error) {
		record(
			`agent › an AI Agent runs with this package's tools (n8n ${N8N_VERSION})`,
			(error as Error).message.slice(0, 1200),
		);
	} finally {
		await model.stop();
	}
}
