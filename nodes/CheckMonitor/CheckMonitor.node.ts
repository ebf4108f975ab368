import { NodeConnectionTypes, type INodeProperties, type INodeType, type INodeTypeDescription } from 'n8n-workflow';
import { toolNotice } from '../shared/commonParameters';
import { transport } from '../shared/transport';
import { getChannels } from './loadOptions/getChannels';
import { searchChecks } from './listSearch/searchChecks';
import { badgeOperations } from './resources/badge';
import { channelOperations } from './resources/channel';
import { checkOperations } from './resources/check';
import { checkSimplify } from './resources/check/simplify';
import { checkUpdateDescription } from './resources/check/update';
import { flipOperations } from './resources/flip';
import { pingOperations } from './resources/ping';
import { pingGetBodyDescription } from './resources/ping/getBody';
import { pingSendDescription } from './resources/ping/send';
import { statusOperations } from './resources/status';
import { requestDefaults, sendSingleRequest } from './shared/operationRouting';
import { additionalFieldsParameter, filtersParameter, optionsParameter } from './shared/collections';
import { checkParameter, getManyParameter } from './shared/sharedParameters';

/**
 * What n8n receives, as written: the resources' Operation selectors, then every parameter in
 * the order the editor shows them (an operation shows the ones whose display rules name it).
 * A parameter several operations share is declared once (docs/architecture.md, section 1).
 */
export const checkMonitorProperties: INodeProperties[] = [
	transport,
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
	checkOperations,
	pingOperations,
	flipOperations,
	channelOperations,
	badgeOperations,
	statusOperations,
	...checkParameter,
	...checkUpdateDescription,
	...pingSendDescription,
	additionalFieldsParameter,
	...pingGetBodyDescription,
	optionsParameter,
	...getManyParameter,
	checkSimplify,
	filtersParameter,
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
		properties: checkMonitorProperties,
	};

	methods = {
		listSearch: { searchChecks },
		loadOptions: { getChannels },
	};
}
