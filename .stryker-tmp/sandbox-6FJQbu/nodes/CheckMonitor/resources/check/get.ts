// @ts-nocheck
import type { INodeProperties } from 'n8n-workflow';

export const simplifyChecks = (operations: string[]): INodeProperties => ({
	displayName: 'Simplify',
	name: 'simplify',
	type: 'boolean',
	default: false,
	description:
		'Whether to return only the main fields (identity, status, last and next ping, schedule) instead of the full check',
	displayOptions: { show: { resource: ['check'], operation: operations } },
});

export const checkGetDescription: INodeProperties[] = [simplifyChecks(['get'])];
