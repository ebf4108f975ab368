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
				action: 'Get the logged body of a ping by its number',
				description:
					'Reads the request body that one ping (Ping Number, its n) of the check with this UUID or slug carried, byte for byte. Returns the body as text (and as binary data when asked) with its size.',
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
				action: 'List the recent pings of a check',
				description:
					'Lists the logged pings of the check with this UUID or slug, newest first. Returns one item per ping with its number (n), type (success, start, fail, log and others), date and where it came from.',
				routing: {
					request: { method: 'GET', url: `${CHECK_PATH}/pings/` },
					output: { postReceive: [pingsToItems] },
				},
			},
			{
				name: 'Send',
				value: 'send',
				action: 'Ping a check with a job start or result',
				description:
					"Sends a ping to the check with this UUID or slug as the monitored job would: success, start, fail, log or an exit status (a slug needs the credential's Ping Key). Returns what was sent and the server's answer.",
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
		description: 'Sequence number (n) of the ping, a whole number as Ping → Get Many lists it, e.g. 42',
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
				description: 'Also return the body as binary data in the field of this name, e.g. data (for non-text bodies)',
			},
		],
	},
	...getManyParameters({ resource: ['ping'], operation: ['getAll'] }),
];
