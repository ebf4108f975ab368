import type { INodeProperties } from 'n8n-workflow';
import { pingReadCheckLocator } from './checkLocator';
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
	pingReadCheckLocator,
	...pingSendDescription,
	...pingGetBodyDescription,
	...pingGetManyDescription,
];
