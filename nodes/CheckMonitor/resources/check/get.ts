import type { INodeProperties } from 'n8n-workflow';
import { checkLocator } from '../../shared/descriptions';

export const checkGetDescription: INodeProperties[] = [
	{
		...checkLocator('The check UUID, or its unique key (what a read-only key sees instead of the UUID)'),
		displayOptions: { show: { resource: ['check'], operation: ['get'] } },
	},
];
