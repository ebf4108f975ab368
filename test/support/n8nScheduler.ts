/**
 * A trigger active in n8n 2.41.1 and polled as n8n polls it: the poll n8n runs at activation,
 * then polls on n8n's schedule, under the in-memory scheduler or the durable scheduler, with
 * or without durable poll cursors. n8n-core's own pieces run each poll (PollContext,
 * PollTriggerExecutor, TriggersAndPollers, runPollInStagingScope, commitStagedCursor). What
 * the n8n package adds around them (not a dependency here) is modelled as read in n8n
 * 2.41.1, each rule next to the file and lines it comes from (docs/n8n-schedulers.md).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { isDeepStrictEqual } from 'node:util';
import {
	commitStagedCursor,
	PollContext,
	PollTriggerExecutor,
	runPollInStagingScope,
	TriggersAndPollers,
} from 'n8n-core';
import {
	Workflow,
	type ICredentialDataDecryptedObject,
	type IDataObject,
	type INode,
	type INodeExecutionData,
	type INodeType,
	type INodeTypes,
} from 'n8n-workflow';
import { CheckMonitorTrigger } from '../../nodes/CheckMonitorTrigger/CheckMonitorTrigger.node.ts';
import { CustomerEngagementTrigger } from '../../nodes/CustomerEngagementTrigger/CustomerEngagementTrigger.node.ts';
import { additionalData, PACKAGE } from '../../harness/engine';

/** 'durable': with durable poll cursors (the four variables); 'durable without cursors': the first three. */
export type Scheduler = 'in-memory' | 'durable' | 'durable without cursors';
export type Batches = INodeExecutionData[][] | null;
type TriggerType = 'checkMonitorTrigger' | 'customerEngagementTrigger';

/**
 * The budget a scheduled poll gets with the defaults (trigger-execution-context.factory.js
 * 196-198): ceiling = min(N8N_SCHEDULER_POLL_TIMEOUT 45 s, lease 60 s), margin =
 * min(max(20 % of it, 5 s), half of it), budget = ceiling - margin. The poll at activation has
 * no fence and gets PollContext's default, 5 minutes (factory 269, poll-context.js 19).
 */
export const SCHEDULED_POLL_BUDGET_MS = 36_000;
const FENCE = { taskId: '1', leaseEpoch: 1 };

/** n8n's infrastructure around a poll, silent: the executor logs, traces and reports through them. */
const logger = {
	scoped: () => logger,
	debug: () => {},
	info: () => {},
	warn: () => {},
	error: () => {},
};
const span = { setStatus: () => {} };
const tracing = {
	startSpan: async (_options: unknown, run: (s: typeof span) => unknown) => await run(span),
	startNewTraceSpan: async (_options: unknown, run: (s: typeof span) => unknown) => await run(span),
	pickWorkflowAttributes: () => ({}),
	pickNodeAttributes: () => ({}),
};
const errorReporter = { error: () => {}, warn: () => {} };

/** The node's class as a new n8n process loads it: its module state (kept starts) starts empty. */
async function loadInNewProcess(type: TriggerType): Promise<INodeType> {
	let nodeType!: INodeType;
	await jest.isolateModulesAsync(async () => {
		nodeType =
			type === 'checkMonitorTrigger'
				? new (
						await import('../../nodes/CheckMonitorTrigger/CheckMonitorTrigger.node.ts')
					).CheckMonitorTrigger()
				: new (
						await import('../../nodes/CustomerEngagementTrigger/CustomerEngagementTrigger.node.ts')
					).CustomerEngagementTrigger();
	});
	return nodeType;
}

let workflows = 0;
const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

interface Staged {
	migrated: boolean;
	snapshot?: IDataObject;
	seed?: IDataObject;
}

/**
 * A poll that fails records an error execution (`db.failures`) and resolves like a poll that
 * found nothing, as in n8n. A test that means a poll to fail takes its error out of
 * `db.failures`; any other left there fails the test.
 */
const madeInThisTest: Array<{ failures: Error[] }> = [];
afterEach(() => {
	const unread = madeInThisTest.splice(0).flatMap((db) => db.failures.map(String));
	expect(unread).toEqual([]);
});

export function activeTrigger(options: {
	type: TriggerType;
	parameters: Record<string, unknown>;
	credentials: Record<string, ICredentialDataDecryptedObject>;
	scheduler: Scheduler;
	/** A scheduled poll's budget (default: n8n's with the default timeout). */
	scheduledPollBudgetMs?: number;
}) {
	const durable = options.scheduler !== 'in-memory';
	const cursors = options.scheduler === 'durable';
	const node: INode = {
		id: 'trigger-node',
		name: 'Trigger',
		type: `${PACKAGE}.${options.type}`,
		typeVersion: 1,
		position: [0, 0],
		parameters: options.parameters as never,
		credentials: Object.fromEntries(
			Object.keys(options.credentials).map((type) => [type, { id: `${type}-id`, name: type }]),
		),
	};
	/** What n8n's database holds: the workflow's static data, the poller_state cursor, the executions started. */
	const db = {
		staticData: {} as IDataObject,
		cursor: null as IDataObject | null,
		executions: [] as INodeExecutionData[][][],
		failures: [] as Error[],
	};
	madeInThisTest.push(db);
	const workflowId = `scheduled-workflow-${++workflows}`;
	let nodeType: INodeType =
		options.type === 'checkMonitorTrigger'
			? new CheckMonitorTrigger()
			: new CustomerEngagementTrigger();
	const triggersAndPollers = new TriggersAndPollers();
	const executor = new PollTriggerExecutor(
		logger as never,
		triggersAndPollers,
		tracing as never,
		errorReporter as never,
	);
	/** The in-memory scheduler's timers: the activation's workflow and poll context, reused by every poll. */
	let inMemory: { workflow: Workflow; execute: (testing?: boolean) => Promise<void> } | undefined;

	const newWorkflow = (type = nodeType) => {
		const nodeTypes: INodeTypes = {
			getByName: () => type,
			getByNameAndVersion: () => type,
			getKnownTypes: () => ({}),
		};
		return new Workflow({
			id: workflowId,
			nodes: [node],
			connections: {},
			active: true,
			nodeTypes,
			staticData: copy(db.staticData),
			settings: { executionOrder: 'v1' },
		});
	};

	// workflow-static-data.service.js 31-44: saved only when something changed it.
	const saveStaticData = (workflow: Workflow) => {
		if (workflow.staticData.__dataChanged !== true) return;
		db.staticData = copy(workflow.staticData);
		workflow.staticData.__dataChanged = false;
	};

	/** trigger-execution-context.factory.js getExecutePollFunctions (194-270), with poll-cursor.service.js. */
	const pollFunctions = (
		workflow: Workflow,
		activation: 'activate' | 'init' | 'update',
		fence?: typeof FENCE,
		prefetched?: IDataObject,
		budgetMs?: number,
	) => {
		const stagedStore = new AsyncLocalStorage<Staged>();
		const workflowNode = workflow.getNode(node.name)!;
		// 200-206, poll-cursor.service.js resolveCursor 63-76: without durable cursors, a
		// poller_state row is read only if one exists (none here); with them, the cursor
		// prefetched by the task, or the row, created from the node's static data the first time.
		const __runPoll = async <T>(poll: () => Promise<T>) => {
			if (!cursors) return await stagedStore.run({ migrated: false }, poll);
			if (prefetched === undefined && db.cursor === null)
				db.cursor = copy(workflow.getStaticData('node', workflowNode));
			const cursor = copy(prefetched ?? db.cursor!);
			return await stagedStore.run({ migrated: true, snapshot: copy(cursor), seed: cursor }, poll);
		};
		// 207-215: a staged cursor is committed only when the poll changed it.
		const takeStagedCursor = () => {
			const staged = stagedStore.getStore();
			if (
				staged === undefined ||
				!staged.migrated ||
				isDeepStrictEqual(staged.snapshot, staged.seed)
			)
				return null;
			const cursor = copy(staged.snapshot!);
			staged.seed = cursor;
			return cursor;
		};
		// 216-244: an emit saves the workflow's static data and starts an execution; a staged
		// cursor is committed with it (poll-cursor.service.js commitWithExecution 77-97).
		const __emit = (data: INodeExecutionData[][]) => {
			const cursor = takeStagedCursor();
			saveStaticData(workflow);
			if (cursor !== null) db.cursor = cursor;
			db.executions.push(data);
		};
		const __emitError = (error: Error) => {
			db.failures.push(error);
		};
		// 248-261: a poll that emitted nothing commits its staged cursor alone (commitCursorOnly 98-104).
		const __commitCursor = async () => {
			const cursor = takeStagedCursor();
			if (cursor !== null) db.cursor = cursor;
		};
		// 262-268: a migrated poll reads and writes the staged copy, not the workflow's static data.
		const resolveNodeStaticData = () => {
			const staged = stagedStore.getStore();
			if (staged === undefined) throw new Error('static data read outside of a poll');
			return staged.migrated ? staged.snapshot! : workflow.getStaticData('node', workflowNode);
		};
		return new PollContext(
			workflow,
			workflowNode,
			additionalData(options.credentials),
			'trigger',
			activation,
			__emit,
			__emitError,
			__commitCursor,
			__runPoll,
			resolveNodeStaticData,
			fence
				? () => budgetMs ?? options.scheduledPollBudgetMs ?? SCHEDULED_POLL_BUDGET_MS
				: undefined,
		);
	};

	/** What the poll emitted, from the executions it started. */
	const emittedBy = async (run: () => Promise<void>): Promise<Batches> => {
		const before = db.executions.length;
		await run();
		const started = db.executions.slice(before);
		return started.length ? started.flat() : null;
	};

	const trigger = {
		db,
		/**
		 * Activation. In-memory: active-workflow-triggers.js activatePollTrigger 196-206 (the
		 * poll at once, then timers reusing its context). Durable: 175-193 (the job registered,
		 * then the same poll, as a test poll: PollTriggerExecutor commits nothing when it emits
		 * nothing, poll-trigger-executor.js 65-78). Then workflow-trigger-activator.js 213-216
		 * saves the workflow's static data.
		 */
		async activate(activation: 'activate' | 'init' = 'activate'): Promise<Batches> {
			const workflow = newWorkflow();
			const execute = executor.create(
				workflow,
				workflow.getNode(node.name)!,
				pollFunctions(workflow, activation),
				() => true,
			);
			const emitted = await emittedBy(async () => await execute(true));
			saveStaticData(workflow);
			if (!durable) inMemory = { workflow, execute };
			return emitted;
		},
		/**
		 * A poll on the schedule. In-memory: the activation's context again (a timer calls
		 * executePollTrigger()). Durable: poll-trigger-task-handler.js execute 54-185: the
		 * cursor read with the task, the published workflow (its static data as saved), an
		 * emit commits with the execution, nothing emitted commits the cursor alone. `abandoned`:
		 * the poll outlives N8N_SCHEDULER_POLL_TIMEOUT (93-113), which is past its time (here its
		 * budget is 0: past it from the start): its result is dropped and nothing is committed,
		 * though it runs to its end. `otherProcess`: the poll runs in another n8n main
		 * (multi-main), without this process's module state. `runsAfter`: the task reads the
		 * cursor and the workflow now, and runs the poll once that settles (a task claimed with
		 * another of the same job, as after a restart: a missed occurrence and the current one).
		 */
		async poll(
			more: { abandoned?: boolean; otherProcess?: boolean; runsAfter?: Promise<unknown> } = {},
		): Promise<Batches> {
			if (!durable) {
				if (!inMemory) throw new Error('not active');
				return await emittedBy(async () => await inMemory!.execute());
			}
			const prefetched = db.cursor === null ? undefined : copy(db.cursor);
			// Another main of a multi-main setup claims the task: the node's module state is its own.
			const workflow = newWorkflow(
				more.otherProcess ? await loadInNewProcess(options.type) : nodeType,
			);
			const workflowNode = workflow.getNode(node.name)!;
			const context = pollFunctions(
				workflow,
				'update',
				FENCE,
				prefetched,
				more.abandoned ? 0 : undefined,
			);
			await more.runsAfter?.catch(() => undefined);
			return await emittedBy(
				async () =>
					await runPollInStagingScope(context, async () => {
						let response: Batches;
						try {
							response = await triggersAndPollers.runPollFunction(workflow, workflowNode, context);
						} catch (error) {
							context.__emitError(error as Error);
							return;
						}
						if (more.abandoned) return;
						if (response !== null) return context.__emit(response);
						await commitStagedCursor(context);
					}),
			);
		},
		/**
		 * The workflow is published again with other parameters, and stays active: the durable
		 * scheduler's next poll builds it from the new version.
		 */
		republish(parameters: Record<string, unknown>): void {
			node.parameters = parameters as never;
		},
		/**
		 * n8n restarts: a new process (the node's module loaded afresh), the database kept.
		 * In-memory: every active workflow is activated again ('init'), with its poll at once.
		 * Durable: the jobs are in the database, registering them inserts nothing, so no poll
		 * runs at start-up (active-workflow-triggers.js 176-193).
		 */
		async restart(): Promise<Batches> {
			nodeType = await loadInNewProcess(options.type);
			inMemory = undefined;
			if (durable) return null;
			return await trigger.activate('init');
		},
	};
	return trigger;
}
