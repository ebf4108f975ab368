import type { INodeProperties } from 'n8n-workflow';
import { textSendDescription, textSendOperation } from './send';

export const textDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['text'] } },
		options: [textSendOperation],
		default: 'send',
	},
	...textSendDescription,
];
