import type {
	IDataObject,
	IExecuteSingleFunctions,
	IN8nHttpFullResponse,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { sentRequestOf } from '../../../shared/routedRequest';
import { CHECK_PATH } from '../../shared/checkMonitorApi';

const showOnlyForPingGetBody = { resource: ['ping'], operation: ['getBody'] };

/** The logged body, byte for byte: as text in the item, and as binary data when asked. */
export async function pingBodyToItem(
	this: IExecuteSingleFunctions,
	_items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	const raw = response.body as unknown;
	const bytes = Buffer.isBuffer(raw)
		? raw
		: raw instanceof ArrayBuffer
			? Buffer.from(raw)
			: // Stryker disable next-line LogicalOperator, StringLiteral: n8n hands the body over as bytes
				Buffer.from(typeof raw === 'string' ? raw : JSON.stringify(raw ?? ''));
	const { parameters } = sentRequestOf(response);
	const checkId = parameters.checkId;
	const pingNumber = Number(parameters.pingNumber);
	const options = this.getNodeParameter('options', {}) as IDataObject;
	const item: INodeExecutionData = {
		json: { checkId, pingNumber, body: bytes.toString('utf8'), size: bytes.length },
	};
	if (options.binaryPropertyName) {
		const property = String(options.binaryPropertyName);
		item.binary = {
			[property]: await this.helpers.prepareBinaryData(
				bytes,
				`ping-${pingNumber}.txt`,
				// Stryker disable next-line StringLiteral: n8n derives text/plain from the .txt name
				'text/plain',
			),
		};
	}
	return [item];
}

export const pingGetBodyOperation: INodePropertyOptions = {
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
};

/** Check is the resource's (index.ts). */
export const pingGetBodyDescription: INodeProperties[] = [
	{
		displayName: 'Ping Number',
		name: 'pingNumber',
		type: 'number',
		required: true,
		typeOptions: { minValue: 1 },
		default: 1,
		description:
			'Sequence number (n) of the ping, a whole number as Ping → Get Many lists it, e.g. 42',
		displayOptions: { show: showOnlyForPingGetBody },
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: { show: showOnlyForPingGetBody },
		options: [
			{
				displayName: 'Put Body in Binary Field',
				name: 'binaryPropertyName',
				type: 'string',
				default: 'data',
				description:
					'Also return the body as binary data in the field of this name, e.g. data (for non-text bodies)',
			},
		],
	},
];
