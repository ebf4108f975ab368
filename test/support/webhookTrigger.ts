/**
 * A webhook trigger of this package served as n8n serves a production webhook
 * (docs/webhook-trigger.md, "Each change once"): an HTTP server on 127.0.0.1 answering
 * POST /webhook/<webhookId>/webhook. Each request: the body read raw and parsed as n8n's
 * body parser does; the workflow built with its static data as read from the database; the
 * node's webhook() run in n8n-core's real WebhookContext with the request and response;
 * the static data saved when the call changed it (n8n's saveStaticData); then n8n's answer
 * for what webhook() returned: nothing more when the node answered itself, "Workflow was
 * started" (and an execution) when it returned items, "Webhook call received" when not.
 *
 * Several processes may share one StaticDataStore: n8n's webhook processes in queue mode,
 * sharing the database.
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { WebhookContext } from 'n8n-core';
import {
	Workflow,
	type ICredentialDataDecryptedObject,
	type IDataObject,
	type INode,
	type INodeExecutionData,
	type INodeParameters,
	type INodeType,
	type IWebhookData,
	type IWebhookDescription,
} from 'n8n-workflow';
import { additionalData, nodeTypes, PACKAGE } from '../../harness/engine';

/** The workflow's static data in n8n's database, and how often it was written. */
export class StaticDataStore {
	data: IDataObject = {};

	saves = 0;
}

export interface WebhookProcess {
	/** The production URL. */
	url: string;
	/** The items of each execution started, in order. */
	executions: INodeExecutionData[][];
	store: StaticDataStore;
	/** Errors webhook() threw (n8n answers them 500). */
	errors: Error[];
	/**
	 * The next request that starts an execution is answered this much later (n8n busy after
	 * starting it), so that the server gives the attempt up and sends it again.
	 */
	answerNextStartLate(ms: number): void;
	stop(): Promise<void>;
}

let processes = 0;

export async function startWebhookProcess(options: {
	type?: string;
	parameters: INodeParameters;
	credentials: Record<string, ICredentialDataDecryptedObject>;
	store?: StaticDataStore;
	webhookId?: string;
	workflowId?: string;
}): Promise<WebhookProcess> {
	const type = `${PACKAGE}.${options.type ?? 'checkMonitorWebhookTrigger'}`;
	const webhookId = options.webhookId ?? '6a1c2f0e-8d4b-4e3a-9c7f-1b2d3e4f5a60';
	const workflowId = options.workflowId ?? `webhook-workflow-${++processes}`;
	const store = options.store ?? new StaticDataStore();
	const executions: INodeExecutionData[][] = [];
	const errors: Error[] = [];
	let lateMs = 0;
	const app = express();
	app.disable('x-powered-by');
	app.post(`/webhook/${webhookId}/:path`, (req, res) => {
		void handle(req, res).catch((error: Error) => {
			errors.push(error);
			if (!res.headersSent)
				res
					.status(500)
					.json({ code: 0, message: 'Workflow Webhook Error: Workflow could not be started!' });
		});
	});

	async function handle(req: express.Request, res: express.Response) {
		const chunks: Buffer[] = [];
		for await (const chunk of req) chunks.push(chunk as Buffer);
		const rawBody = Buffer.concat(chunks);
		Object.assign(req, { rawBody });
		if (!parseBodyAsN8nDoes(req, rawBody, res)) return;
		const nodeType = nodeTypes.getByName(type) as INodeType;
		const description = nodeType.description.webhooks!.find((w) => w.path === req.params.path) as
			| IWebhookDescription
			| undefined;
		if (!description)
			return void res
				.status(404)
				.json({ code: 404, message: 'The requested webhook is not registered.' });
		const node: INode = {
			id: 'webhook-trigger',
			name: 'Trigger',
			type,
			typeVersion: 1,
			position: [0, 0],
			parameters: options.parameters,
			webhookId,
			credentials: Object.fromEntries(
				Object.keys(options.credentials).map((name) => [name, { id: `${name}-id`, name }]),
			),
		};
		const workflow = new Workflow({
			id: workflowId,
			nodes: [node],
			connections: {},
			active: true,
			nodeTypes,
			staticData: JSON.parse(JSON.stringify(store.data)) as IDataObject,
		});
		const data = { ...additionalData(options.credentials), httpRequest: req, httpResponse: res };
		const webhookData = {
			httpMethod: 'POST',
			node: node.name,
			path: `${webhookId}/${description.path}`,
			webhookDescription: description,
			workflowId,
			workflowExecuteAdditionalData: data,
			webhookId,
		} as unknown as IWebhookData;
		const context = new WebhookContext(
			workflow,
			workflow.getNode(node.name)!,
			data,
			'webhook',
			webhookData,
			[],
			null,
		);
		// What the node writes goes out at once, as in n8n; held only when a test asked for a late answer.
		const end = res.end.bind(res) as (...args: unknown[]) => express.Response;
		let written: unknown[] | undefined;
		if (lateMs > 0) res.end = ((...args: unknown[]) => ((written = args), res)) as typeof res.end;
		const result = await nodeType.webhook!.call(context);
		// n8n's WorkflowStaticDataService.saveStaticData, once the answer is settled.
		if (workflow.staticData.__dataChanged === true) {
			const saved = JSON.parse(JSON.stringify(workflow.staticData)) as IDataObject;
			delete saved.__dataChanged;
			store.data = saved;
			store.saves++;
		}
		if (result.workflowData !== undefined) {
			executions.push(result.workflowData[0]);
			if (lateMs > 0) {
				const ms = lateMs;
				lateMs = 0;
				await new Promise((resolve) => setTimeout(resolve, ms));
			}
		}
		res.end = end as typeof res.end;
		if (res.destroyed) return;
		if (written) return void end(...written);
		if (result.noWebhookResponse) return;
		// n8n's onReceived answer for a node declaring no response data.
		res
			.status(200)
			.send(
				result.workflowData === undefined ? { message: 'Webhook call received' } : 'firstEntryJson',
			);
	}

	const server: Server = await new Promise((resolve) => {
		const started = app.listen(0, '127.0.0.1', () => resolve(started));
	});
	const port = (server.address() as AddressInfo).port;
	return {
		url: `http://127.0.0.1:${port}/webhook/${webhookId}/webhook`,
		executions,
		store,
		errors,
		answerNextStartLate: (ms: number) => (lateMs = ms),
		stop: async () => {
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}

/**
 * n8n's parseBody (read in 1.123.81 and 2.41.1, middlewares/body-parser.js), which n8n runs
 * for every webhook node of typeVersion 1: exactly `application/json` is parsed, and a body
 * that does not parse is refused with 422 before the node runs; `text/plain` becomes a
 * string; with no Content-Type the body stays unset (the raw bytes on req.rawBody).
 */
function parseBodyAsN8nDoes(req: express.Request, rawBody: Buffer, res: express.Response): boolean {
	// n8n's parseIncomingMessage: the type without its parameters, the charset as the encoding.
	const [type, ...parameters] = (req.headers['content-type'] ?? '').split(';');
	const contentType = type.trim().toLowerCase();
	const charset = parameters
		.map((p) => p.trim().split('='))
		.find(([key]) => key.toLowerCase() === 'charset')?.[1];
	const encoding = (charset?.toLowerCase() ?? 'utf-8') as BufferEncoding;
	req.body = undefined;
	if (rawBody.length === 0) return true;
	try {
		if (contentType === 'application/json') req.body = JSON.parse(rawBody.toString(encoding));
		else if (contentType === 'text/plain') req.body = rawBody.toString(encoding);
	} catch (error) {
		res
			.status(422)
			.json({ code: 422, message: 'Failed to parse request body', hint: (error as Error).message });
		return false;
	}
	return true;
}
