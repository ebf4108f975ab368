// @ts-nocheck
import type { INodeProperties } from 'n8n-workflow';
import { getManyParameters } from '../../../shared/descriptions';

export const labelGetManyDescription: INodeProperties[] = [
	...getManyParameters({ resource: ['label'], operation: ['getAll'] }),
];
