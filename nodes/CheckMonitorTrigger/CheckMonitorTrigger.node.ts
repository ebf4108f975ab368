import {
	NodeConnectionTypes,
	type IDataObject,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
	type IPollFunctions,
} from 'n8n-workflow';
import { readId } from '../shared/apiRequest';
import { pollFromStart } from '../shared/keptStart';
import { numberOption } from '../shared/triggerNumberOption';
import { checkMonitorApi } from '../CheckMonitor/shared/checkMonitorApi';
import { checkLocator } from '../CheckMonitor/shared/descriptions';
import { optionSubtitle } from '../shared/optionSubtitle';
import { eventOptions } from './eventOptions';
import { searchChecks } from '../CheckMonitor/listSearch/searchChecks';
import type { CheckEvent, KeyedState } from './checkEvent';
import type { Direction } from './flipItems';
import { lateCheckAllChecks } from './lateCheckAllChecks';
import { lateCheckOneCheck } from './lateCheckOneCheck';
import { readTags } from './listedChecks';
import { newFlipAllChecks } from './newFlipAllChecks';
import { newFlipOneCheck } from './newFlipOneCheck';
import { newPingAllChecks } from './newPingAllChecks';
import { newPingOneCheck } from './newPingOneCheck';
import { pollRequests } from './pollRequests';

export class CheckMonitorTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Check Monitor Trigger',
		name: 'checkMonitorTrigger',
		icon: {
			light: 'file:../../icons/checkMonitor.svg',
			dark: 'file:../../icons/checkMonitor.dark.svg',
		},
		group: ['trigger'],
		version: 1,
		subtitle: optionSubtitle('event', eventOptions),
		description:
			'Starts the workflow when a check changes status (a flip), receives a ping, or is late',
		defaults: { name: 'Check Monitor Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'checkMonitorApi', required: true }],
		properties: [
			{
				displayName: 'Event',
				name: 'event',
				type: 'options',
				noDataExpression: true,
				options: eventOptions,
				default: 'newFlip',
				description:
					'What starts the workflow. Each poll (every minute unless Poll Times says otherwise) starts it once with an item per event since the last poll.',
			},
			{
				displayName: 'Checks',
				name: 'scope',
				displayOptions: { show: { event: ['newFlip'] } },
				type: 'options',
				options: [
					{
						name: 'All Checks',
						value: 'all',
						description:
							"Changes of every check of the project, checks added later too (or of those with the Tags below). Each poll reads the check list, and a check's flips only when it changed.",
					},
					{
						name: 'One Check',
						value: 'one',
						description: 'Changes of the check you pick below only. One request per poll.',
					},
				],
				default: 'all',
				description: 'Whose changes start the workflow: every check of the project, or one',
			},
			// New Ping watched one check before it could watch all: its default stays One Check,
			// so a saved New Ping trigger (which saved no scope) keeps watching its check.
			{
				displayName: 'Checks',
				name: 'scope',
				displayOptions: { show: { event: ['newPing'] } },
				type: 'options',
				options: [
					{
						name: 'All Checks',
						value: 'all',
						description:
							"Pings of every check of the project, checks added later too (or of those with the Tags below). Each poll reads the check list, and a check's pings only when it received some.",
					},
					{
						name: 'One Check',
						value: 'one',
						description: 'Pings of the check you pick below only. One request per poll.',
					},
				],
				default: 'one',
				description: 'Whose pings start the workflow: every check of the project, or one',
			},
			{
				displayName: 'Checks',
				name: 'scope',
				displayOptions: { show: { event: ['lateCheck'] } },
				type: 'options',
				options: [
					{
						name: 'All Checks',
						value: 'all',
						description:
							'Every check of the project that becomes late, checks added later too (or those with the Tags below). One request per poll, whatever the number of checks.',
					},
					{
						name: 'One Check',
						value: 'one',
						description:
							'The check you pick below only, when it becomes late. One request per poll.',
					},
				],
				default: 'all',
				description: 'Which checks to watch for being late: every check of the project, or one',
			},
			{
				...checkLocator(),
				description: 'The check whose pings to watch',
				displayOptions: { show: { event: ['newPing'] }, hide: { scope: ['all'] } },
			},
			{
				...checkLocator(),
				description: 'The check to watch',
				displayOptions: { show: { event: ['newFlip', 'lateCheck'], scope: ['one'] } },
			},
			{
				displayName: 'Tags',
				name: 'tags',
				type: 'string',
				default: '',
				placeholder: 'e.g. prod',
				description: 'Only checks carrying all of these space-separated tags',
				displayOptions: { show: { event: ['newFlip', 'newPing', 'lateCheck'], scope: ['all'] } },
			},
			{
				displayName: 'Flips To',
				name: 'direction',
				type: 'options',
				displayOptions: { show: { event: ['newFlip'] } },
				options: [
					{ name: 'Any Status', value: 'any', description: 'Up, down, paused and resumed' },
					{ name: 'Up', value: 'up', description: 'A check came back up' },
					{
						name: 'Down',
						value: 'down',
						description: 'Every change away from up except known pauses and resumes',
					},
				],
				default: 'any',
				description: 'Which changes start the workflow',
			},
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add Option',
				default: {},
				displayOptions: { show: { event: ['newPing'] } },
				options: [
					{
						displayName: 'Include Body',
						name: 'includeBody',
						type: 'boolean',
						default: false,
						description:
							"Whether each ping's item carries the body the job sent with it (one extra request per ping that has one)",
					},
					{
						displayName: 'Max Requests per Minute',
						name: 'requestsPerMinute',
						type: 'number',
						typeOptions: { minValue: 1 },
						default: 100,
						description:
							"Keeps a poll within your server's rate limit (the hosted service allows about 100 a minute): a poll that needs more requests spaces them out",
						// Only All Checks makes more than one request a poll.
						displayOptions: { show: { '/scope': ['all'] } },
					},
					{
						displayName: 'Ping Types',
						name: 'pingTypes',
						type: 'multiOptions',
						options: [
							{ name: 'Fail', value: 'fail' },
							{
								name: 'Ignored',
								value: 'ign',
								description: 'Pings the check ignored (paused, wrong method, no keyword matched)',
							},
							{ name: 'Log', value: 'log' },
							{ name: 'Start', value: 'start' },
							{ name: 'Success', value: 'success' },
						],
						default: [],
						description: 'Only pings of these types (none selected: every ping)',
					},
				],
			},
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add Option',
				default: {},
				displayOptions: { show: { event: ['newFlip'] } },
				options: [
					{
						displayName: 'Full Sweep Every (Minutes)',
						name: 'fullSweepMinutes',
						type: 'number',
						typeOptions: { minValue: 0 },
						default: 60,
						description:
							"A check paused and resumed between two polls looks unchanged in the check list: such changes are reported within this many minutes, when every check's flips are read. 0: they are not reported (fewer requests).",
						// One Check reads its check's flips every poll: nothing to sweep.
						displayOptions: { show: { '/scope': ['all'] } },
					},
					{
						displayName: 'Late Flip Window (Minutes)',
						name: 'lookBackMinutes',
						type: 'number',
						typeOptions: { minValue: 0 },
						default: 60,
						description:
							'Keep 60 unless a check that went down was not reported: then raise it. When a check misses its ping, the server records the down a little later, dated when the ping was due; a down recorded within this many minutes of that time is still reported.',
					},
					{
						displayName: 'Max Requests per Minute',
						name: 'requestsPerMinute',
						type: 'number',
						typeOptions: { minValue: 1 },
						default: 100,
						description:
							"Keeps a poll within your server's rate limit (the hosted service allows about 100 a minute): a poll that needs more requests spaces them out",
						// Only All Checks makes more than one request a poll.
						displayOptions: { show: { '/scope': ['all'] } },
					},
				],
			},
		],
	};

	methods = { listSearch: { searchChecks } };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const event = eventOf(this);
		// Any run that is not the active poll (Fetch Test Event, a manual or CLI run): the state untouched.
		if (this.getMode() !== 'trigger') {
			const sample = await event.sample();
			return sample ? [sample] : null;
		}
		// The active poll goes on from the event's state, and starts as n8n's schedulers allow:
		// this is the one place a poll meets them (nodes/shared/keptStart.ts).
		const nodeData = this.getWorkflowStaticData('node') as Record<string, unknown>;
		const stored = () => nodeData[event.field] as KeyedState | undefined;
		return await pollFromStart(this, {
			key: event.key,
			hasState: () => stored()?.key === event.key,
			takeStart: async () => {
				const { state, at } = await event.start();
				nodeData[event.field] = state;
				return at === undefined ? undefined : at * 1000;
			},
			goOn: async () => {
				const before = stored()!;
				const { items, state } = await event.poll(before);
				// Unchanged state is not written: n8n then saves nothing.
				if (state !== before) nodeData[event.field] = state;
				return items.length ? [items] : null;
			},
		});
	}
}

/** The event the node is set to, its settings read (a bad one stops the poll, named). */
function eventOf(context: IPollFunctions): CheckEvent<KeyedState> {
	const event = context.getNodeParameter('event', 'newFlip');
	const checkId = () => readId(context, checkMonitorApi, 'checkId');
	if (event === 'lateCheck') {
		const requests = pollRequests(context);
		return context.getNodeParameter('scope', 'all') === 'one'
			? lateCheckOneCheck(requests, checkId())
			: lateCheckAllChecks(requests, readTags(context));
	}
	const options = context.getNodeParameter('options', {}) as IDataObject;
	if (event === 'newPing') {
		const pingOptions = {
			types: (options.pingTypes ?? []) as string[],
			includeBody: options.includeBody === true,
		};
		if (context.getNodeParameter('scope', 'one') === 'one')
			return newPingOneCheck(pollRequests(context), checkId(), pingOptions);
		const paced = pollRequests(context, requestsPerMinute(context, options));
		return newPingAllChecks(paced, readTags(context), pingOptions);
	}
	const scope = context.getNodeParameter('scope', 'all');
	const direction = context.getNodeParameter('direction', 'any') as Direction;
	const lookBackSeconds = minutesOption(
		context,
		options.lookBackMinutes,
		'Late Flip Window (Minutes)',
	);
	// Max Requests per Minute and Full Sweep Every are All Checks' only: One Check hides them
	// (n8n then drops a value saved there) and does not read them.
	if (scope === 'one')
		return newFlipOneCheck(pollRequests(context), checkId(), { direction, lookBackSeconds });
	const perMinute = requestsPerMinute(context, options);
	const sweepSeconds = minutesOption(
		context,
		options.fullSweepMinutes,
		'Full Sweep Every (Minutes)',
	);
	return newFlipAllChecks(pollRequests(context, perMinute), readTags(context), {
		direction,
		lookBackSeconds,
		sweepSeconds,
	});
}

/** An option in minutes (at least 0, 60 when left empty), in seconds. */
const minutesOption = (context: IPollFunctions, value: unknown, name: string) =>
	Math.round(numberOption(context, value, name, { min: 0, fallback: 60 }) * 60);

/** Max Requests per Minute: the pace of an All Checks poll that reads each check's flips or pings. */
const requestsPerMinute = (context: IPollFunctions, options: IDataObject) =>
	numberOption(context, options.requestsPerMinute, 'Max Requests per Minute', {
		min: 1,
		fallback: 100,
	});
