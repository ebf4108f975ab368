import {
	NodeConnectionTypes,
	sleep,
	type IDataObject,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
	type IPollFunctions,
} from 'n8n-workflow';
import { directRequest } from '../shared/directRequest';
import { pollDeadline } from '../shared/pollDeadline';
import { numberOption } from '../shared/validation';
import { pollNewPings } from './newPing';
import { checkLocator } from '../CheckMonitor/shared/descriptions';
import { type Flip, type FlipCursor, describeFlips, flipsOf, newestFlip, newFlips } from '../CheckMonitor/shared/flips';
import { checkMonitorApi } from '../CheckMonitor/shared/transport';
import { readIdParameter } from '../shared/transport';
import { searchChecks } from '../CheckMonitor/listSearch/searchChecks';

interface TriggerState {
	key: string;
	/** Activation's floor: a Late Flip Window before it (UNIX seconds). */
	activatedFloor: number;
	/** All-checks mode: when the last poll started (UNIX seconds); absent in older states. */
	polledAt?: number;
	checks: Record<string, FlipCursor>;
	/** All-checks mode: the check to start with next time when a poll ran out of time. */
	resumeAt?: string;
}

const checkIdOf = (check: IDataObject) => String(check.uuid ?? check.unique_key);

export class CheckMonitorTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Check Monitor Trigger',
		name: 'checkMonitorTrigger',
		icon: { light: 'file:../../icons/checkMonitor.svg', dark: 'file:../../icons/checkMonitor.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{$parameter["event"]}}',
		description: 'Starts the workflow when a check changes status (a flip) or receives a ping',
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
					{ name: 'New Ping', value: 'newPing', description: 'A check received a ping (success, start, fail, log, or ignored)' },
				],
				default: 'newFlip',
			},
			{ ...checkLocator(), description: 'The check whose pings to watch', displayOptions: { show: { event: ['newPing'] } } },
			{
				displayName: 'Checks',
				name: 'scope',
				displayOptions: { show: { event: ['newFlip'] } },
				type: 'options',
				options: [
					{ name: 'All Checks', value: 'all', description: 'One list request plus one flips request per check, paced' },
					{ name: 'One Check', value: 'one', description: 'One flips request per poll' },
				],
				default: 'all',
			},
			{ ...checkLocator(), description: 'The check to watch', displayOptions: { show: { event: ['newFlip'], scope: ['one'] } } },
			{
				displayName: 'Tags',
				name: 'tags',
				type: 'string',
				default: '',
				placeholder: 'e.g. prod',
				description: 'Only checks carrying all of these space-separated tags',
				displayOptions: { show: { event: ['newFlip'], scope: ['all'] } },
			},
			{
				displayName: 'Flips To',
				name: 'direction',
				type: 'options',
				displayOptions: { show: { event: ['newFlip'] } },
				options: [
					{ name: 'Any Status', value: 'any', description: 'Up, down, paused and resumed' },
					{ name: 'Up', value: 'up' },
					{ name: 'Down', value: 'down', description: 'Every change away from up except known pauses and resumes' },
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
						description: "Whether to add each ping's body (one extra request per ping that has one)",
					},
					{
						displayName: 'Ping Types',
						name: 'pingTypes',
						type: 'multiOptions',
						options: [
							{ name: 'Fail', value: 'fail' },
							{ name: 'Ignored', value: 'ign', description: 'Pings the check ignored (paused, wrong method, no keyword matched)' },
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
						displayName: 'Late Flip Window (Minutes)',
						name: 'lookBackMinutes',
						type: 'number',
						typeOptions: { minValue: 0 },
						default: 60,
						description: 'A timeout\'s "down" flip is written after the fact with its due time; flips this late are still caught',
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
		if (this.getNodeParameter('event', 'newFlip') === 'newPing') return await pollNewPings.call(this);
		const scope = this.getNodeParameter('scope', 'all') as string;
		const direction = this.getNodeParameter('direction', 'any') as string;
		const options = this.getNodeParameter('options', {}) as IDataObject;
		const lookBack = Math.round(numberOption(this, options.lookBackMinutes, 'Late Flip Window (Minutes)', { min: 0, fallback: 60 }) * 60);
		const spacingMs = 60_000 / numberOption(this, options.requestsPerMinute, 'Max Requests per Minute', { min: 1, fallback: 100 });
		const deadline = pollDeadline(this);
		// Any run that is not the active poll (Fetch Test Event, a manual or CLI run) is a test fetch.
		const manual = this.getMode() !== 'trigger';

		let lastRequestAt = 0;
		const request = async (url: string, qs?: IDataObject) => {
			const wait = lastRequestAt + spacingMs - Date.now();
			if (scope === 'all' && wait > 0) await sleep(wait);
			lastRequestAt = Date.now();
			return (await directRequest(this, checkMonitorApi, { url, qs })).body;
		};
		const readCheck = async (id: string) => (await request(`/api/v3/checks/${encodeURIComponent(id)}`)) as IDataObject;
		const flipsOfCheck = async (id: string, start?: number) =>
			flipsOf(await request(`/api/v3/checks/${encodeURIComponent(id)}/flips/`, start === undefined ? undefined : { start }));

		const toItems = (check: IDataObject, flips: Flip[]) => {
			const to = describeFlips(flips, check.status as string | undefined);
			return flips
				.map((flip, i) => ({
					json: {
						check: {
							id: checkIdOf(check),
							uuid: check.uuid,
							unique_key: check.unique_key,
							name: check.name,
							slug: check.slug,
							tags: check.tags,
							status: check.status,
						},
						timestamp: flip.timestamp,
						up: flip.up,
						to: to[i],
					},
				}))
				.filter((item) =>
					direction === 'up' ? item.json.to === 'up' : direction === 'down' ? ['down', 'not up'].includes(item.json.to) : true,
				);
		};

		// A flip away from up is named from the check's status (down, paused, new). The list of
		// all checks is read before their flips, and a flip since then makes its status stale
		// (a new down flip named "not up", or "paused" from before a resume), so such a check is
		// read again; an up flip, or a poll for up flips only, needs no status.
		const checkForNaming = async (check: IDataObject, fresh: Flip[]) =>
			direction !== 'up' && fresh[fresh.length - 1].up !== 1
				? await readCheck(checkIdOf(check))
				: check;

		const nowSeconds = Math.floor(Date.now() / 1000);
		if (scope === 'one') {
			const id = readIdParameter(this, 'checkId', checkMonitorApi);
			if (manual) {
				const flips = await flipsOfCheck(id);
				const newest = newestFlip(flips);
				if (!newest.length) return null;
				return [toItems(await readCheck(id), newest)];
			}
			const staticData = this.getWorkflowStaticData('node');
			const key = `one:${id}`;
			const state = staticData.state as unknown as TriggerState | undefined;
			if (!state || state.key !== key) {
				const floor = nowSeconds - lookBack;
				const { cursor } = newFlips({ floor, seen: {} }, await flipsOfCheck(id, floor), lookBack);
				staticData.state = { key, activatedFloor: floor, checks: { [id]: cursor } } as unknown as IDataObject;
				return null;
			}
			const previous = state.checks[id] ?? { floor: state.activatedFloor, seen: {} };
			const { fresh, cursor } = newFlips(previous, await flipsOfCheck(id, previous.floor), lookBack);
			// Name the check only when there is something to report.
			const items = fresh.length ? toItems(await readCheck(id), fresh) : [];
			staticData.state = { ...state, checks: { [id]: cursor } } as unknown as IDataObject;
			return items.length ? [items] : null;
		}

		const tags = String(this.getNodeParameter('tags', '') ?? '').split(/\s+/).filter(Boolean);
		const list = (await request('/api/v3/checks/', tags.length ? { tag: tags } : undefined)) as IDataObject;
		const checks = ((list?.checks ?? []) as IDataObject[]).sort((a, b) => checkIdOf(a).localeCompare(checkIdOf(b)));
		if (manual) {
			for (const check of checks) {
				const flips = await flipsOfCheck(checkIdOf(check));
				const newest = newestFlip(flips);
				if (newest.length) return [toItems(await checkForNaming(check, newest), newest)];
				if (Date.now() > deadline) break;
			}
			return null;
		}

		const staticData = this.getWorkflowStaticData('node');
		const key = `all:${tags.join(' ')}`;
		const stored = staticData.state as unknown as TriggerState | undefined;
		const activating = !stored || stored.key !== key;
		const state: TriggerState = activating
			? { key, activatedFloor: nowSeconds - lookBack, checks: {} }
			: { ...stored, checks: { ...stored.checks } };

		// Where a check listed for the first time starts. At activation, a check it reads starts a
		// Late Flip Window back (its flips so far are seen, not emitted) and one it does not reach
		// in time starts at activation. Later, a check first listed starts where the last poll
		// started: one created since then reports its flips; one that left the filter and came
		// back does not report again what was emitted before it left.
		const firstListed = activating ? nowSeconds : (state.polledAt ?? state.activatedFloor);
		// Start where an unfinished poll stopped, then wrap around.
		const start = state.resumeAt ? Math.max(0, checks.findIndex((c) => checkIdOf(c) >= state.resumeAt!)) : 0;
		const ordered = [...checks.slice(start), ...checks.slice(0, start)];
		const items: INodeExecutionData[] = [];
		state.resumeAt = undefined;
		for (const [index, check] of ordered.entries()) {
			if (index > 0 && Date.now() > deadline) {
				state.resumeAt = checkIdOf(check);
				break;
			}
			const id = checkIdOf(check);
			const previous = state.checks[id] ?? { floor: activating ? state.activatedFloor : firstListed, seen: {} };
			const { fresh, cursor } = newFlips(previous, await flipsOfCheck(id, previous.floor), lookBack);
			state.checks[id] = cursor;
			if (!activating && fresh.length) items.push(...toItems(await checkForNaming(check, fresh), fresh));
		}
		// Checks listed for the first time that this poll did not reach in time.
		for (const check of checks) state.checks[checkIdOf(check)] ??= { floor: firstListed, seen: {} };
		state.polledAt = nowSeconds;
		// Checks that no longer exist (or no longer match) leave the state.
		const present = new Set(checks.map(checkIdOf));
		for (const id of Object.keys(state.checks)) if (!present.has(id)) delete state.checks[id];
		staticData.state = state as unknown as IDataObject;
		return items.length ? [items] : null;
	}
}
