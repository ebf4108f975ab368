import type { INodeProperties } from 'n8n-workflow';
import { simplifyContact } from './fields';

export const contactGetDescription: INodeProperties[] = [simplifyContact(['get'])];
