// @ts-nocheck
import type { INodeProperties } from 'n8n-workflow';
import { labelLocator } from '../../shared/descriptions';

export const labelGetDescription: INodeProperties[] = [
	{ ...labelLocator, displayOptions: { show: { resource: ['label'], operation: ['get'] } } },
];
