// Every request goes through apiRequest (the credential's gate of 5, 429 waits, read retries,
// worded errors): n8n's routing hands each one it builds to sendThroughGate, switched on by
// send.paginate on Resource. test/package/requestPath.test.ts fails on routing that skips it.
import { NodeConnectionTypes, type INodeType, type INodeTypeDescription } from 'n8n-workflow';
import { CHECK_MONITOR_BASE_URL } from '../../credentials/CheckMonitorApi.credentials';
import { getChannels } from './loadOptions/getChannels';
import { searchChecks } from './listSearch/searchChecks';
import { badgeOperation } from './resources/badge';
import { channelOperation } from './resources/channel';
import { checkDescription, checkOperation } from './resources/check';
import { flipDescription, flipOperation } from './resources/flip';
import { pingDescription, pingOperation } from './resources/ping';
import { statusOperation } from './resources/status';
import { sendThroughGate } from '../shared/routedRequest';
import { checkMonitorApi } from './shared/checkMonitorApi';
import { sharedParameters } from './shared/descriptions';

export class CheckMonitor implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Check Monitor',
		name: 'checkMonitor',
		icon: {
			light: 'file:../../icons/checkMonitor.svg',
			dark: 'file:../../icons/checkMonitor.dark.svg',
		},
		group: ['transform'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description:
			'Manage checks, pings, flips, channels and badges of a cron-job monitoring service',
		defaults: { name: 'Check Monitor' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'checkMonitorApi', required: true }],
		requestDefaults: {
			baseURL: CHECK_MONITOR_BASE_URL,
			headers: { Accept: 'application/json' },
		},
		requestOperations: { pagination: sendThroughGate(checkMonitorApi) },
		properties: [
			{
				displayName:
					"A model fills a field you let it define knowing only the field's name. Give each such field a description that says the value's form, as its tooltip does: for example \"the check's UUID, e.g. 8a3c5b7e-1f2d-4c6a-9b0e-3d5f7a9c1e2b\".",
				name: 'toolNotice',
				type: 'notice',
				default: '',
				displayOptions: { show: { '@tool': [true] } },
			},
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [
					{ name: 'Badge', value: 'badge' },
					{ name: 'Channel', value: 'channel' },
					{ name: 'Check', value: 'check' },
					{ name: 'Flip', value: 'flip' },
					{ name: 'Ping', value: 'ping' },
					{ name: 'Service Status', value: 'status' },
				],
				default: 'check',
				// Shown for every operation: its paginate hands each operation's request to the hook above.
				routing: { send: { paginate: true } },
			},
			// The editor shows what an operation shows in this order: its Operation, what several
			// resources share (declared once), then the operation's own.
			checkOperation,
			pingOperation,
			flipOperation,
			channelOperation,
			badgeOperation,
			statusOperation,
			...sharedParameters,
			...checkDescription,
			...pingDescription,
			...flipDescription,
		],
	};

	methods = {
		listSearch: { searchChecks },
		loadOptions: { getChannels },
	};
}
