/**
 * A scripted stand-in for an OpenAI-compatible model, on 127.0.0.1: no model, no network.
 * Each POST /v1/chat/completions is answered with the next turn of a fixed script, either
 * tool calls (`finish_reason: 'tool_calls'`) or a final text, as a whole completion or, for
 * `stream: true`, as Server-Sent Events in OpenAI's chunk format. GET /v1/models lists one
 * model (the editor's model list and the credential test ask for it). Every request is
 * logged, so a test can assert what the agent offered the model (tool names, descriptions,
 * JSON schemas) and what it sent back (the tool results).
 */
import type { Express, Response } from 'express';
import { ApiServer, isPlainObject, parseJson } from './apiServer';

export const SCRIPTED_MODEL = 'scripted-model';

export interface ScriptedToolCall {
	name: string;
	arguments: Record<string, unknown>;
}

/** One answer of the model: tool calls, or a final text. */
export type ScriptedTurn = { toolCalls: ScriptedToolCall[] } | { text: string };

/** The parts of a Chat Completions request body a test looks at. */
export interface ChatRequest {
	model?: string;
	stream?: boolean;
	messages: Array<{
		role: string;
		content?: unknown;
		tool_call_id?: string;
		tool_calls?: Array<{ id: string; type: string; function: { name: string; arguments: string } }>;
	}>;
	tools?: Array<{
		type: string;
		function: { name: string; description?: string; parameters?: Record<string, unknown> };
	}>;
	[key: string]: unknown;
}

interface Completion {
	content: string | null;
	toolCalls: Array<{ id: string; type: 'function'; function: { name: string; arguments: string } }>;
	finishReason: 'stop' | 'tool_calls';
}

export class ScriptedModelServer extends ApiServer {
	/** Turns answered so far. */
	turn = 0;

	constructor(readonly script: ScriptedTurn[]) {
		super();
	}

	/** The base URL an OpenAI client is given (the credential's Base URL). */
	get baseUrl(): string {
		return `${this.url}/v1`;
	}

	/** The body of every Chat Completions request, in order. */
	chatRequests(): ChatRequest[] {
		return this.requests
			.filter((r) => r.method === 'POST' && r.path === '/v1/chat/completions')
			.map((r) => r.body as ChatRequest);
	}

	protected routes(app: Express): void {
		app.get('/v1/models', (_req, res) => {
			res.json({
				object: 'list',
				data: [
					{ id: SCRIPTED_MODEL, object: 'model', created: 1_700_000_000, owned_by: 'scripted' },
				],
			});
		});
		app.post('/v1/chat/completions', (_req, res) => {
			const parsed = parseJson(res.locals.rawBody as string);
			const body = parsed.ok ? parsed.value : undefined;
			if (!isPlainObject(body) || !Array.isArray(body.messages)) {
				this.error(
					res,
					400,
					'invalid_request_error',
					'The body must be a JSON object with messages.',
				);
				return;
			}
			const turn = this.script[this.turn];
			if (!turn) {
				// 400, not 5xx: OpenAI clients retry a 5xx, and a test should fail at once.
				this.error(
					res,
					400,
					'invalid_request_error',
					`The scripted model has no turn ${this.turn + 1} (its script has ${this.script.length}).`,
				);
				return;
			}
			this.turn++;
			const n = this.turn;
			const completion: Completion =
				'text' in turn
					? { content: turn.text, toolCalls: [], finishReason: 'stop' }
					: {
							content: null,
							toolCalls: turn.toolCalls.map((call, i) => ({
								id: `call_${n}_${i + 1}`,
								type: 'function',
								function: { name: call.name, arguments: JSON.stringify(call.arguments) },
							})),
							finishReason: 'tool_calls',
						};
			const model = typeof body.model === 'string' ? body.model : SCRIPTED_MODEL;
			const id = `chatcmpl-scripted-${n}`;
			const created = Math.floor(Date.now() / 1000);
			const usage = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 };
			if (body.stream === true) {
				const options = body.stream_options;
				const includeUsage = isPlainObject(options) && options.include_usage === true;
				this.stream(res, { id, created, model }, completion, includeUsage ? usage : undefined);
				return;
			}
			res.json({
				id,
				object: 'chat.completion',
				created,
				model,
				choices: [
					{
						index: 0,
						message: {
							role: 'assistant',
							content: completion.content,
							...(completion.toolCalls.length ? { tool_calls: completion.toolCalls } : {}),
							refusal: null,
						},
						logprobs: null,
						finish_reason: completion.finishReason,
					},
				],
				usage,
			});
		});
		app.use((req, res) =>
			this.error(
				res,
				404,
				'invalid_request_error',
				`Unknown request URL: ${req.method} ${req.path}`,
			),
		);
	}

	/** The completion as OpenAI streams it: role, content or tool calls, finish reason, [DONE]. */
	private stream(
		res: Response,
		head: { id: string; created: number; model: string },
		completion: Completion,
		usage?: object,
	): void {
		res.status(200);
		res.setHeader('Content-Type', 'text/event-stream');
		res.setHeader('Cache-Control', 'no-cache');
		const chunk = (delta: object, finishReason: string | null, extra: object = {}) =>
			`data: ${JSON.stringify({ ...head, object: 'chat.completion.chunk', choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }], ...extra })}\n\n`;
		res.write(chunk({ role: 'assistant', content: completion.toolCalls.length ? null : '' }, null));
		if (completion.content !== null) res.write(chunk({ content: completion.content }, null));
		completion.toolCalls.forEach((call, index) =>
			res.write(chunk({ tool_calls: [{ index, ...call }] }, null)),
		);
		res.write(chunk({}, completion.finishReason));
		if (usage)
			res.write(
				`data: ${JSON.stringify({ ...head, object: 'chat.completion.chunk', choices: [], usage })}\n\n`,
			);
		res.end('data: [DONE]\n\n');
	}

	private error(res: Response, status: number, type: string, message: string): void {
		res.status(status).json({ error: { message, type, param: null, code: null } });
	}

	protected sendTooManyRequests(res: Response): void {
		this.error(res, 429, 'rate_limit_exceeded', 'Rate limit reached (scripted).');
	}
}
