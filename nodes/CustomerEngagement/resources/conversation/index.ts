import type { INodeProperties } from 'n8n-workflow';
import { conversationGetOperation } from './get';

/** The Operation selector of the conversation resource: its operations, in the order the editor lists them. */
export const conversationOperations: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['conversation'] } },
	options: [conversationGetOperation],
	default: 'get',
};
