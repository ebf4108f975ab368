import type { INodeProperties } from 'n8n-workflow';
import { conversationGetDescription, conversationGetOperation } from './get';

/** The resource's Operation selector (the node lists every resource's first: the editor shows parameters in the node's order). */
export const conversationOperation: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['conversation'] } },
	options: [conversationGetOperation],
	default: 'get',
};

export const conversationDescription: INodeProperties[] = [...conversationGetDescription];
