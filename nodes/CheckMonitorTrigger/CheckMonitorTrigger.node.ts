import {
	NodeConnectionTypes,
	type IDataObject,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
	type IPollFunctions,
} from 'n8n-workflow';
import { numberOption } from '../shared/triggerNumberOption';
import { checkLocator } from '../CheckMonitor/resources/check/checkLocator';
import { optionSubtitle } from '../shared/optionSubtitle';
import { eventOptions } from './eventOptions';
import { searchChecks } from '../CheckMonitor/listSearch/searchChecks';
import type { Direction } from './flipItems';
import { pollLateCheckAllChecks } from './lateCheckAllChecks';
import { pollLateCheckOneCheck } from './lateCheckOneCheck';
import { pollNewFlipAllChecks } from './newFlipAllChecks';
import { pollNewFlipOneCheck } from './newFlipOneCheck';
import { pollNewPingAllChecks } from './newPingAllChecks';
import { pollNewPingOneCheck } from './newPingOneCheck';
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
		const event = this.getNodeParameter('event', 'newFlip');
		if (event === 'lateCheck') {
			if (this.getNodeParameter('scope', 'all') === 'one')
				return await pollLateCheckOneCheck.call(this, pollRequests(this, 0));
			return await pollLateCheckAllChecks.call(this, pollRequests(this, 0));
		}
		const options = this.getNodeParameter('options', {}) as IDataObject;
		if (event === 'newPing') {
			const scope = this.getNodeParameter('scope', 'one') as string;
			const pingOptions = {
				types: (options.pingTypes ?? []) as string[],
				includeBody: options.includeBody === true,
			};
			if (scope === 'one')
				return await pollNewPingOneCheck.call(this, pollRequests(this, 0), pingOptions);
			return await pollNewPingAllChecks.call(
				this,
				pollRequests(this, spacingOf(this, options)),
				pingOptions,
			);
		}
		const scope = this.getNodeParameter('scope', 'all') as string;
		const direction = this.getNodeParameter('direction', 'any') as Direction;
		const lookBackSeconds = Math.round(
			numberOption(this, options.lookBackMinutes, 'Late Flip Window (Minutes)', {
				min: 0,
				fallback: 60,
			}) * 60,
		);
		const spacingMs = spacingOf(this, options);
		if (scope === 'one')
			return await pollNewFlipOneCheck.call(this, pollRequests(this, 0), {
				direction,
				lookBackSeconds,
			});
		const sweepSeconds = Math.round(
			numberOption(this, options.fullSweepMinutes, 'Full Sweep Every (Minutes)', {
				min: 0,
				fallback: 60,
			}) * 60,
		);
		return await pollNewFlipAllChecks.call(this, pollRequests(this, spacingMs), {
			direction,
			lookBackSeconds,
			sweepSeconds,
		});
	}
}

/** Max Requests per Minute, as the time between two requests of an All Checks poll. */
function spacingOf(context: IPollFunctions, options: IDataObject): number {
	return (
		60_000 /
		numberOption(context, options.requestsPerMinute, 'Max Requests per Minute', {
			min: 1,
			fallback: 100,
		})
	);
}
