import type { INodeProperties } from 'n8n-workflow';
import { conversationGetDescription, conversationGetOperation } from './get';

export const conversationDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['conversation'] } },
		options: [conversationGetOperation],
		default: 'get',
	},
	...conversationGetDescription,
];
