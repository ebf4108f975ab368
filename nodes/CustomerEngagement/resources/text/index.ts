import type { INodeProperties } from 'n8n-workflow';
import { textSendDescription, textSendOperation } from './send';

/** The resource's Operation selector (the node lists every resource's first: the editor shows parameters in the node's order). */
export const textOperation: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['text'] } },
	options: [textSendOperation],
	default: 'send',
};

export const textDescription: INodeProperties[] = [...textSendDescription];
