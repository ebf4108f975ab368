import { NodeConnectionTypes, type INodeProperties, type INodeType, type INodeTypeDescription } from 'n8n-workflow';
import { toolNotice } from '../shared/commonParameters';
import { mergeSameNamedProperties } from '../shared/mergeProperties';
import { sendPlainFieldsOnce } from '../shared/sendFields';
import { requestInterceptor } from '../shared/requestInterceptor';
import { getChannels } from './loadOptions/getChannels';
import { searchChecks } from './listSearch/searchChecks';
import { badgeDescription } from './resources/badge';
import { channelDescription } from './resources/channel';
import { checkDescription } from './resources/check';
import { flipDescription } from './resources/flip';
import { pingDescription } from './resources/ping';
import { statusDescription } from './resources/status';
import { requestDefaults, sendSingleRequest } from './shared/checkMonitorApi';

/** As the resources declare them; the node merges same-named definitions (see mergeSameNamedProperties). */
export const checkMonitorProperties: INodeProperties[] = [
	requestInterceptor,
	toolNotice('"the check\'s UUID, e.g. 8a3c5b7e-1f2d-4c6a-9b0e-3d5f7a9c1e2b"'),
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
	},
	...checkDescription,
	...pingDescription,
	...flipDescription,
	...channelDescription,
	...badgeDescription,
	...statusDescription,
];

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
		requestDefaults,
		requestOperations: { pagination: sendSingleRequest },
		properties: sendPlainFieldsOnce(mergeSameNamedProperties(checkMonitorProperties)),
	};

	methods = {
		listSearch: { searchChecks },
		loadOptions: { getChannels },
	};
}
