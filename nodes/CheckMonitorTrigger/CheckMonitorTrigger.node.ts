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
import { checkLocator } from '../CheckMonitor/resources/check/checkLocator';
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
		subtitle: '={{$parameter["event"]}}',
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
				options: [
					{ name: 'New Flip', value: 'newFlip', description: 'A check changed status' },
					{
						name: 'New Ping',
						value: 'newPing',
						description: 'A check received a ping (success, start, fail, log, or ignored)',
					},
					{
						name: 'Late Check',
						value: 'lateCheck',
						description:
							'A check is late: its period passed and it is in its grace time, not down yet (the server sends no notice of it)',
					},
				],
				default: 'newFlip',
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
							'The check list each poll; flips only of the checks it shows changed, and a full sweep now and then',
					},
					{ name: 'One Check', value: 'one', description: 'One flips request per poll' },
				],
				default: 'all',
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
						description: 'The check list each poll; pings only of the checks whose ping count grew',
					},
					{ name: 'One Check', value: 'one', description: 'One pings request per poll' },
				],
				default: 'one',
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
						description: 'The check list each poll: one request, whatever the number of checks',
					},
					{ name: 'One Check', value: 'one', description: 'One read of the check per poll' },
				],
				default: 'all',
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
					{ name: 'Up', value: 'up' },
					{
						name: 'Down',
						value: 'down',
						description: 'Every change away from up except known pauses and resumes',
					},
				],
				default: 'any',
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
							"Whether to add each ping's body (one extra request per ping that has one)",
					},
					{
						displayName: 'Max Requests per Minute',
						name: 'requestsPerMinute',
						type: 'number',
						typeOptions: { minValue: 1 },
						default: 100,
						description: 'Pacing for All Checks (the hosted service allows about 100)',
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
							"All Checks: how often every check's flips are read, for the flips the check list cannot show (a pause and a resume between two polls). 0: never.",
					},
					{
						displayName: 'Late Flip Window (Minutes)',
						name: 'lookBackMinutes',
						type: 'number',
						typeOptions: { minValue: 0 },
						default: 60,
						description:
							'A timeout\'s "down" flip is written after the fact with its due time; flips this late are still caught',
					},
					{
						displayName: 'Max Requests per Minute',
						name: 'requestsPerMinute',
						type: 'number',
						typeOptions: { minValue: 1 },
						default: 100,
						description: 'Pacing for All Checks (the hosted service allows about 100)',
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
	// Read for One Check too, which shows it: a bad value is refused whichever the scope.
	const perMinute = requestsPerMinute(context, options);
	if (scope === 'one')
		return newFlipOneCheck(pollRequests(context), checkId(), { direction, lookBackSeconds });
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
