import {
	NodeConnectionTypes,
	type IDataObject,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
	type IPollFunctions,
} from 'n8n-workflow';
import { numberOption } from '../shared/triggerNumberOption';
import { checkLocator } from '../CheckMonitor/shared/descriptions';
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
