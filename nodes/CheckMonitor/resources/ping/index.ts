import type { INodeProperties } from 'n8n-workflow';
import { operationCheckLocator } from '../check/checkLocator';
import { pingGetBodyDescription, pingGetBodyOperation } from './getBody';
import { pingGetManyDescription, pingGetManyOperation } from './getAll';
import { pingSendDescription, pingSendOperation } from './send';

export const pingDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['ping'] } },
		options: [pingGetBodyOperation, pingGetManyOperation, pingSendOperation],
		default: 'getAll',
	},
	{
		...operationCheckLocator(),
		displayOptions: { show: { resource: ['ping'], operation: ['getAll', 'getBody', 'send'] } },
	},
	...pingGetBodyDescription,
	...pingGetManyDescription,
	...pingSendDescription,
];
