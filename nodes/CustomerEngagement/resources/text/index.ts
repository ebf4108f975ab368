import type { INodeProperties } from 'n8n-workflow';
import { textSendOperation } from './send';

/** The Operation selector of the text resource: its operations, in the order the editor lists them. */
export const textOperations: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['text'] } },
	options: [textSendOperation],
	default: 'send',
};
