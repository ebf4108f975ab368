import { NodeConnectionTypes, type INodeType, type INodeTypeDescription } from 'n8n-workflow';
import { checkMonitorBaseUrl } from '../shared/baseUrl';
import { transportRouting } from '../shared/transport';
import { searchChecks } from './listSearch/searchChecks';
import { channelDescription } from './resources/channel';
import { checkDescription } from './resources/check';
import { statusDescription } from './resources/status';
import { requestDefaults, sendSingleRequest } from './shared/transport';

export class CheckMonitor implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Check Monitor',
		name: 'checkMonitor',
		icon: { light: 'file:../../icons/checkMonitor.svg', dark: 'file:../../icons/checkMonitor.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description: 'Manage checks, pings, flips, channels and badges of a cron-job monitoring service',
		defaults: { name: 'Check Monitor' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'checkMonitorApi', required: true }],
		requestDefaults: { baseURL: checkMonitorBaseUrl, ...requestDefaults },
		requestOperations: { pagination: sendSingleRequest },
		properties: [
			transportRouting,
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [
					{ name: 'Channel', value: 'channel' },
					{ name: 'Check', value: 'check' },
					{ name: 'Service Status', value: 'status' },
				],
				default: 'check',
			},
			...checkDescription,
			...channelDescription,
			...statusDescription,
		],
	};

	methods = {
		listSearch: { searchChecks },
	};
}
