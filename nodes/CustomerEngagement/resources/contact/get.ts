import type { INodeProperties } from 'n8n-workflow';
import { contactLocator } from '../../shared/descriptions';

export const contactGetDescription: INodeProperties[] = [
	{ ...contactLocator, displayOptions: { show: { resource: ['contact'], operation: ['get'] } } },
];
