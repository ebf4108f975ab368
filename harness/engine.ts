/**
 * Runs our nodes inside n8n-core's real execution engine: WorkflowExecute (which hands
 * declarative nodes to RoutingNode), real parameter and expression resolution, and the
 * credential's `authenticate` applied the way n8n's CredentialsHelper applies it.
 */
// `.node.ts` spelled out: `<Node>.node` would resolve to the codex file <Node>.node.json under tsx.
import {
	DirectoryLoader,
	ExecuteContext,
	ExecutionLifecycleHooks,
	LoadOptionsContext,
	PollContext,
	RoutingNode,
	WorkflowExecute,
} from 'n8n-core';
import {
	ICredentialsHelper,
	NodeConnectionTypes,
	Workflow,
	type ICredentialDataDecryptedObject,
	type ICredentialType,
	type ICredentialTestRequest,
	type IDataObject,
	type IHttpRequestOptions,
	type INode,
	type INodeCredentialsDetails,
	type INodeExecutionData,
	type INodeParameters,
	type INodeType,
	type INodeProperties,
	type INodePropertyOptions,
	type INodePropertyRouting,
	type INodeTypeDescription,
	type INodeTypes,
	type IRun,
	type IRunExecutionData,
	type IVersionedNodeType,
	type IWorkflowExecuteAdditionalData,
	type ExecutionError,
} from 'n8n-workflow';
import { CheckMonitorApi } from '../credentials/CheckMonitorApi.credentials';
import { CheckMonitorWebhookHttpHeaderAuth } from '../credentials/CheckMonitorWebhookHttpHeaderAuth.credentials';
import { CustomerEngagementApi } from '../credentials/CustomerEngagementApi.credentials';
import { CheckMonitor } from '../nodes/CheckMonitor/CheckMonitor.node.ts';
import { CustomerEngagement } from '../nodes/CustomerEngagement/CustomerEngagement.node.ts';
import { CustomerEngagementTrigger } from '../nodes/CustomerEngagementTrigger/CustomerEngagementTrigger.node.ts';
import { CheckMonitorTrigger } from '../nodes/CheckMonitorTrigger/CheckMonitorTrigger.node.ts';
import { CheckMonitorWebhookTrigger } from '../nodes/CheckMonitorWebhookTrigger/CheckMonitorWebhookTrigger.node.ts';

export const PACKAGE = 'n8n-nodes-engagement-monitor';

/**
 * The package's node and credential classes are built on first use in each test, as n8n
 * builds them when it loads the package, and never shared between tests. Their build-time
 * code (the node descriptions, the credential classes) then runs inside
 * every test that runs a node, so mutation testing's per-test coverage credits it to those
 * tests; built once when this module loads, it was credited to none and its mutants ran
 * against no test that could kill them. Costs about 10 ms per node type per test.
 */
const packageCredentials: Record<string, () => ICredentialType> = {
	customerEngagementApi: () => new CustomerEngagementApi(),
	checkMonitorApi: () => new CheckMonitorApi(),
	checkMonitorWebhook: () => new CheckMonitorWebhookHttpHeaderAuth(),
};
const packageNodes: Record<string, () => INodeType> = {
	[`${PACKAGE}.customerEngagement`]: () => new CustomerEngagement(),
	[`${PACKAGE}.checkMonitor`]: () => new CheckMonitor(),
	[`${PACKAGE}.customerEngagementTrigger`]: () => new CustomerEngagementTrigger(),
	[`${PACKAGE}.checkMonitorTrigger`]: () => new CheckMonitorTrigger(),
	[`${PACKAGE}.checkMonitorWebhookTrigger`]: () => new CheckMonitorWebhookTrigger(),
};
const builtNodes = new Map<string, INodeType>();
const builtCredentials = new Map<string, ICredentialType>();
/** Nodes a test built itself (registerTestNode, the credential test's node). */
const registeredNodes: Record<string, INodeType> = {};
// Outside jest (scripts/bench/engine.ts) a process builds each class once.
if (typeof beforeEach === 'function') {
	beforeEach(() => {
		builtNodes.clear();
		builtCredentials.clear();
	});
}

function credentialType(type: string): ICredentialType | undefined {
	const build = packageCredentials[type];
	if (!build) return undefined;
	if (!builtCredentials.has(type)) builtCredentials.set(type, build());
	return builtCredentials.get(type);
}

function packageNode(type: string): INodeType | undefined {
	const build = packageNodes[type];
	if (!build) return undefined;
	if (!builtNodes.has(type)) {
		const nodeType = build();
		// As n8n's loader does for declarative nodes: add "Request Options" (batching, timeout, proxy).
		DirectoryLoader.applyDeclarativeNodeOptionParameters(nodeType);
		builtNodes.set(type, nodeType);
	}
	return builtNodes.get(type);
}

function registerNodeType(type: string, nodeType: INodeType): void {
	registeredNodes[type] = nodeType;
}

/** The description of a node a test builds: one main input and output, nothing else unless `more` adds it. */
export function testNodeDescription(
	name: string,
	more: Partial<INodeTypeDescription> = {},
): INodeTypeDescription {
	return {
		displayName: name,
		name,
		group: ['transform'],
		version: 1,
		description: '',
		defaults: {},
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		properties: [],
		...more,
	};
}

/**
 * A node built inside a test, run by runNode as `type` (loaded as n8n's loader loads a
 * declarative node), for shared mechanisms whose effect only shows in a request.
 */
export function registerTestNode(type: string, nodeType: INodeType): void {
	DirectoryLoader.applyDeclarativeNodeOptionParameters(nodeType);
	registerNodeType(`${PACKAGE}.${type}`, nodeType);
}

/**
 * A package node with one operation's routing changed (a preSend check taken out, another
 * hook or URL), registered as `type`: for a write guard that must hold whatever ran before it.
 * Throws unless exactly one operation of that resource and value is found.
 */
export function registerOperationVariant(
	type: string,
	node: INodeType,
	at: { resource: string; operation: string },
	change: (routing: INodePropertyRouting) => INodePropertyRouting,
): void {
	let found = 0;
	const properties = node.description.properties.map((property): INodeProperties => {
		const resources = property.displayOptions?.show?.resource as string[] | undefined;
		if (property.name !== 'operation' || !property.options || !resources?.includes(at.resource))
			return property;
		const options = (property.options as INodePropertyOptions[]).map((option) => {
			if (option.value !== at.operation || !option.routing) return option;
			found++;
			return { ...option, routing: change(option.routing) };
		});
		return { ...property, options };
	});
	if (found !== 1)
		throw new Error(`${at.resource} → ${at.operation}: ${found} operations found, 1 expected`);
	registerTestNode(type, { ...node, description: { ...node.description, properties } });
}

export const nodeTypes: INodeTypes = {
	getByName(type: string): INodeType | IVersionedNodeType {
		const nodeType = registeredNodes[type] ?? packageNode(type);
		if (!nodeType) throw new Error(`Unknown node type ${type}`);
		return nodeType;
	},
	getByNameAndVersion(type: string): INodeType {
		return this.getByName(type) as INodeType;
	},
	getKnownTypes() {
		return {};
	},
};

/** n8n's CredentialsHelper, reduced to what runs a node: generic auth is resolved like n8n does. */
class TestCredentialsHelper extends ICredentialsHelper {
	constructor(private readonly credentials: Record<string, ICredentialDataDecryptedObject>) {
		super();
	}

	getParentTypes(): string[] {
		return [];
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions,
		workflow: Workflow,
		node: INode,
	): Promise<IHttpRequestOptions> {
		const authenticate = credentialType(typeName)?.authenticate;
		if (typeof authenticate === 'function') return await authenticate(credentials, requestOptions);
		if (!authenticate || authenticate.type !== 'generic') return requestOptions;
		const resolve = (value: unknown) =>
			workflow.expression.getParameterValue(
				value as string,
				null,
				0,
				0,
				node.name,
				[],
				'internal',
				{ $credentials: credentials },
			);
		for (const [target, entries] of Object.entries(authenticate.properties)) {
			const options = requestOptions as unknown as Record<string, IDataObject>;
			options[target] = options[target] ?? {};
			for (const [key, value] of Object.entries(entries as IDataObject)) {
				options[target][key] = resolve(value) as string;
			}
		}
		return requestOptions;
	}

	async preAuthentication() {
		return undefined;
	}

	async runPreAuthentication() {
		return undefined;
	}

	getCredentialsProperties() {
		return [];
	}

	async getDecrypted(
		_additionalData: IWorkflowExecuteAdditionalData,
		_nodeCredentials: INodeCredentialsDetails,
		type: string,
	): Promise<ICredentialDataDecryptedObject> {
		const data = this.credentials[type];
		if (!data) throw new Error(`No test credentials of type ${type}`);
		return data;
	}

	async getCredentials(): Promise<never> {
		throw new Error('not supported in tests');
	}

	async updateCredentials() {}

	async updateCredentialsOauthTokenData() {}

	isCredentialUsableByNode() {
		return true;
	}
}

/** Each run is an execution of its own, with its own id, as in n8n. */
let executions = 0;

export function additionalData(
	credentials: Record<string, ICredentialDataDecryptedObject>,
	hooks?: ExecutionLifecycleHooks,
	executionId?: string,
): IWorkflowExecuteAdditionalData {
	return {
		executionId: executionId ?? `test-execution-${++executions}`,
		credentialsHelper: new TestCredentialsHelper(credentials),
		hooks,
		executeWorkflow: async () => {
			throw new Error('not supported in tests');
		},
		restApiUrl: 'http://127.0.0.1/rest',
		instanceBaseUrl: 'http://127.0.0.1/',
		formWaitingBaseUrl: 'http://127.0.0.1/form-waiting',
		webhookBaseUrl: 'http://127.0.0.1/webhook',
		webhookWaitingBaseUrl: 'http://127.0.0.1/webhook-waiting',
		webhookTestBaseUrl: 'http://127.0.0.1/webhook-test',
		currentNodeParameters: undefined,
		executionTimeoutTimestamp: undefined,
		userId: 'test-user',
		variables: {},
		logAiEvent: () => {},
		startRunnerTask: async () => {
			throw new Error('not supported in tests');
		},
	} as unknown as IWorkflowExecuteAdditionalData;
}

export interface RunOptions {
	/** Node type name without the package prefix, e.g. 'customerEngagement'. */
	type: string;
	parameters: INodeParameters;
	credentials: Record<string, ICredentialDataDecryptedObject>;
	/** Input items (default: one empty item). */
	items?: IDataObject[];
	continueOnFail?: boolean;
	/** The id n8n gives the credential (default `<type>-id`): tells two accounts apart. */
	credentialId?: string;
	/** The workflow's timezone setting (n8n's default otherwise). */
	timezone?: string;
	/** Run as a later node of this execution (n8n's id of it), not as an execution of its own. */
	executionId?: string;
}

export interface RunResult {
	/** Output items of the node (json and binary). */
	items: INodeExecutionData[];
	/** The node's error when it failed (Continue On Fail off). */
	error?: ExecutionError;
	run: IRun;
}

/**
 * Run one node of our package on the given input items through WorkflowExecute, as a
 * workflow "Input → Node" whose input node is pinned to `items`.
 */
export async function runNode(options: RunOptions): Promise<RunResult> {
	const nodeName = 'Node';
	const node: INode = {
		id: 'node-under-test',
		name: nodeName,
		type: `${PACKAGE}.${options.type}`,
		typeVersion: 1,
		position: [0, 0],
		parameters: options.parameters,
		credentials: Object.fromEntries(
			Object.keys(options.credentials).map((type) => [
				type,
				{ id: options.credentialId ?? `${type}-id`, name: type },
			]),
		),
		onError: options.continueOnFail ? 'continueRegularOutput' : 'stopWorkflow',
	};
	const workflow = new Workflow({
		id: 'test-workflow',
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes,
		settings: { executionOrder: 'v1', ...(options.timezone ? { timezone: options.timezone } : {}) },
	});

	const hooks = new ExecutionLifecycleHooks('manual', 'test-execution', {
		id: 'test-workflow',
		name: 'test',
		active: false,
		isArchived: false,
		nodes: [node],
		connections: {},
		createdAt: new Date(),
		updatedAt: new Date(),
		activeVersionId: null,
	} as never);
	let finished!: (run: IRun) => void;
	const done = new Promise<IRun>((resolve) => (finished = resolve));
	hooks.addHandler('workflowExecuteAfter', (run) => finished(run));

	const input = (options.items ?? [{}]).map((json) => ({ json }));
	const runExecutionData: IRunExecutionData = {
		resultData: { runData: {} },
		executionData: {
			contextData: {},
			metadata: {},
			nodeExecutionStack: [
				{ node: workflow.getNode(nodeName)!, data: { main: [input] }, source: null },
			],
			waitingExecution: {},
			waitingExecutionSource: {},
		},
	} as unknown as IRunExecutionData;

	const workflowExecute = new WorkflowExecute(
		additionalData(options.credentials, hooks, options.executionId),
		'manual',
		runExecutionData,
	);
	try {
		await workflowExecute.processRunExecutionData(workflow);
	} catch (error) {
		// Checks n8n makes before running (e.g. a required parameter is empty).
		return {
			items: [],
			error: error as ExecutionError,
			run: { data: { resultData: { runData: {}, error } } } as unknown as IRun,
		};
	}
	const run = await done;
	const taskData = run.data.resultData.runData[nodeName]?.[0];
	const result = {
		items: taskData?.data?.main?.[0] ?? [],
		error: run.data.resultData.error ?? taskData?.error,
		run,
	};
	return result;
}

/** The context n8n gives a node's list searches and load-options methods in the editor. */
function editorContext(
	type: string,
	credentials: Record<string, ICredentialDataDecryptedObject>,
	parameters: INodeParameters = {},
) {
	const node: INode = {
		id: 'node-under-test',
		name: 'Node',
		type: `${PACKAGE}.${type}`,
		typeVersion: 1,
		position: [0, 0],
		parameters,
		credentials: Object.fromEntries(
			Object.keys(credentials).map((name) => [name, { id: `${name}-id`, name }]),
		),
	};
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
	return {
		context: new LoadOptionsContext(workflow, node, additionalData(credentials), ''),
		nodeType: nodeTypes.getByName(node.type) as INodeType,
	};
}

/** Run a list search of a node (a resource locator's list), as the editor does. */
export async function runListSearch(options: {
	type: string;
	method: string;
	credentials: Record<string, ICredentialDataDecryptedObject>;
	parameters?: INodeParameters;
	filter?: string;
	paginationToken?: string;
}) {
	const { context, nodeType } = editorContext(
		options.type,
		options.credentials,
		options.parameters,
	);
	const method = nodeType.methods?.listSearch?.[options.method];
	if (!method) throw new Error(`No list search ${options.method}`);
	return await method.call(context, options.filter, options.paginationToken);
}

/** Run a load-options method of a node (the options of a multi-select), as the editor does. */
export async function runLoadOptions(options: {
	type: string;
	method: string;
	credentials: Record<string, ICredentialDataDecryptedObject>;
}) {
	const { context, nodeType } = editorContext(options.type, options.credentials);
	const method = nodeType.methods?.loadOptions?.[options.method];
	if (!method) throw new Error(`No load-options method ${options.method}`);
	return await method.call(context);
}

/**
 * Test a credential the way n8n's CredentialsTester does for `test.request` credentials:
 * the test request runs through RoutingNode with the credential applied; a failed request
 * is turned into a message by the credential's `rules`, else by the status text.
 */
export async function testCredential(
	type: string,
	data: ICredentialDataDecryptedObject,
): Promise<{ status: 'OK' | 'Error'; message: string }> {
	const test = credentialType(type)?.test as ICredentialTestRequest;
	const nodeType: INodeType = {
		description: testNodeDescription('credentialTest', {
			inputs: [],
			outputs: [],
			credentials: [{ name: type, required: true }],
			properties: [
				{
					displayName: 'Temp',
					name: 'temp',
					type: 'string',
					routing: { request: test.request },
					default: '',
				},
			],
		}),
	};
	registerNodeType('credentialTest', nodeType);
	const node: INode = {
		id: 'temp',
		name: 'Temp-Node',
		type: 'credentialTest',
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
		credentials: { [type]: { id: 'temp', name: 'temp' } },
	};
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
	const executeData = { node, data: {}, source: null };
	const context = new ExecuteContext(
		workflow,
		node,
		additionalData({ [type]: data }),
		'internal',
		{ resultData: { runData: {} } } as IRunExecutionData,
		0,
		[],
		{ main: [[{ json: {} }]] },
		executeData,
		[],
	);
	const routingNode = new RoutingNode(context, nodeType, { id: 'temp', name: 'temp', type, data });
	try {
		await routingNode.runNode();
	} catch (error) {
		const response = error.cause?.response;
		if (response) {
			for (const rule of test.rules ?? []) {
				if (rule.type === 'responseCode' && rule.properties.value === response.status) {
					return { status: 'Error', message: rule.properties.message };
				}
			}
			if (response.status < 199 || response.status > 299) {
				return {
					status: 'Error',
					message: response.statusText || `Received HTTP status code: ${response.status}`,
				};
			}
		} else if (error.cause?.code) {
			return { status: 'Error', message: error.cause.code };
		}
		return { status: 'Error', message: String(error.message) };
	}
	return { status: 'OK', message: 'Connection successful!' };
}

/** Parameters as n8n stores them for a resource locator chosen "By ID". */
export function byId(value: string) {
	return { __rl: true, mode: 'id', value };
}

/** A check locator By Slug (Check Monitor). */
export function bySlug(value: string) {
	return { __rl: true, mode: 'slug', value };
}

export interface Poller {
	/** One poll, as n8n's poll job runs it (mode 'trigger') or as "Fetch Test Event" does ('manual'). */
	poll(mode?: 'trigger' | 'manual'): Promise<INodeExecutionData[][] | null>;
	/** The node's static data as n8n would save it (a JSON round trip after every poll). */
	staticData: IDataObject;
}

/** Each poller is a workflow of its own (a trigger keeps its start per workflow and node). */
let pollers = 0;

/**
 * Run a polling trigger's `poll()` repeatedly. Static data is kept between polls only
 * through a JSON round trip, as when n8n saves it to the database and reloads it, so
 * every poll is also a restart.
 */
export function createPoller(options: {
	type: string;
	parameters: INodeParameters;
	credentials: Record<string, ICredentialDataDecryptedObject>;
	staticData?: IDataObject;
	/** The budget n8n >= 2.38 gives a poll; 'unavailable' runs it as n8n 1.x to 2.37 do (no getPollBudgetMs). */
	pollBudgetMs?: number | 'unavailable';
}): Poller {
	const workflowId = `test-workflow-${++pollers}`;
	const poller: Poller = {
		staticData: options.staticData ?? {},
		async poll(mode = 'trigger') {
			const node: INode = {
				id: 'trigger-under-test',
				name: 'Trigger',
				type: `${PACKAGE}.${options.type}`,
				typeVersion: 1,
				position: [0, 0],
				parameters: options.parameters,
				credentials: Object.fromEntries(
					Object.keys(options.credentials).map((type) => [type, { id: `${type}-id`, name: type }]),
				),
			};
			const workflow = new Workflow({
				id: workflowId,
				nodes: [node],
				connections: {},
				active: true,
				nodeTypes,
				staticData: JSON.parse(JSON.stringify(poller.staticData)),
			});
			const context = new PollContext(
				workflow,
				workflow.getNode(node.name)!,
				additionalData(options.credentials),
				mode,
				'activate',
				undefined,
				undefined,
				undefined,
				undefined,
				undefined,
				() => (typeof options.pollBudgetMs === 'number' ? options.pollBudgetMs : 5 * 60_000),
			);
			if (options.pollBudgetMs === 'unavailable')
				delete (context as { getPollBudgetMs?: unknown }).getPollBudgetMs;
			const nodeType = nodeTypes.getByName(node.type) as INodeType;
			try {
				return await nodeType.poll!.call(context);
			} finally {
				// Also after a failed poll: what a poll keeps when it fails is part of what it does.
				poller.staticData = JSON.parse(JSON.stringify(workflow.staticData));
			}
		},
	};
	return poller;
}
