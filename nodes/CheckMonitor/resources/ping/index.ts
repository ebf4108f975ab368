import type { INodeProperties } from 'n8n-workflow';
import { getManyParameters } from '../../../shared/descriptions';
import { CHECK_PATH, operationCheckLocator } from '../../shared/descriptions';
import { pingBodyToItem, pingsToItems } from '../../shared/output';
import { pingSendDescription, sendPing } from './send';


export const pingDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['ping'] } },
		options: [
			{
				name: 'Get Body',
				value: 'getBody',
				action: 'Get the body of a ping',
				description: 'Get the logged request body of one ping, byte for byte',
				routing: {
					// Raw bytes: a body that happens to be JSON must not be parsed.
					request: {
						method: 'GET',
						url: `${CHECK_PATH}/pings/{pingNumber}/body`,
						encoding: 'arraybuffer',
						json: false,
					},
					output: { postReceive: [pingBodyToItem] },
				},
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many pings',
				description: 'List the logged pings of a check, newest first',
				routing: {
					request: { method: 'GET', url: `${CHECK_PATH}/pings/` },
					output: { postReceive: [pingsToItems] },
				},
			},
			{
				name: 'Send',
				value: 'send',
				action: 'Send a ping',
				description: 'Ping a check from the workflow: success, start, fail, log or an exit status',
				routing: {
					// The path is built by sendPing and completed by the credential (ping root, ping key).
					request: { method: 'POST', url: '/ping/' },
					operations: { pagination: sendPing },
				},
			},
		],
		default: 'getAll',
	},
	{
		...operationCheckLocator(),
		displayOptions: { show: { resource: ['ping'], operation: ['getAll', 'getBody'] } },
	},
	...pingSendDescription,
	{
		displayName: 'Ping Number',
		name: 'pingNumber',
		type: 'number',
		required: true,
		typeOptions: { minValue: 1 },
		default: 1,
		description: 'Sequence number (n) of the ping, as listed by Get Many',
		displayOptions: { show: { resource: ['ping'], operation: ['getBody'] } },
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: { show: { resource: ['ping'], operation: ['getBody'] } },
		options: [
			{
				displayName: 'Put Body in Binary Field',
				name: 'binaryPropertyName',
				type: 'string',
				default: 'data',
				description: 'Also return the body as binary data in this field (for non-text bodies)',
			},
		],
	},
	...getManyParameters({ resource: ['ping'], operation: ['getAll'] }),
];
