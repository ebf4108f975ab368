import { NodeConnectionTypes, type INodeProperties, type INodeType, type INodeTypeDescription } from 'n8n-workflow';
import { toolNotice } from '../shared/commonParameters';
import { operationParameters, sharedCollection } from '../shared/resourceDescription';
import { shownOnlyThere } from '../shared/shownFlags';
import { transport } from '../shared/transport';
import { getChannels } from './loadOptions/getChannels';
import { searchChecks } from './listSearch/searchChecks';
import { badgeResource } from './resources/badge';
import { channelResource } from './resources/channel';
import { checkResource } from './resources/check';
import { checkSimplify } from './resources/check/simplify';
import { flipResource } from './resources/flip';
import { pingResource } from './resources/ping';
import { statusResource } from './resources/status';
import { requestDefaults, sendSingleRequest } from './shared/operationRouting';
import { checkParameter, getManyParameter } from './shared/sharedParameters';

/** The resources, each with its operations (resources/<resource>/index.ts). */
const resources = [checkResource, pingResource, flipResource, channelResource, badgeResource, statusResource];

/**
 * What n8n receives: the resources' Operation selectors, the parameters several operations
 * share, each operation's own parameters, then the shared collections built from every
 * operation's entries; an operation shows the ones whose display rules name it, in this
 * order (docs/architecture.md, section 1).
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
	...resources.map((resource) => resource.selector),
	...shownOnlyThere(checkParameter, resources),
	...operationParameters(resources),
	...getManyParameter,
	...sharedCollection('additionalFields', resources),
	...sharedCollection('updateFields', resources),
	...sharedCollection('options', resources),
	checkSimplify,
	...sharedCollection('filters', resources),
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
