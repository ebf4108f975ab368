import { simplifyParameter } from '../../../shared/descriptions';
import type { INodeProperties } from 'n8n-workflow';

export const simplifyChecks = (operations: string[]): INodeProperties =>
	simplifyParameter(
		{ resource: ['check'], operation: operations },
		'Whether to return only the main fields (identity, status, last and next ping, schedule) instead of the full check',
	);

export const checkGetDescription: INodeProperties[] = [simplifyChecks(['get'])];
