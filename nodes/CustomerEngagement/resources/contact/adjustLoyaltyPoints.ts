import { additionalFields } from '../../../shared/descriptions';
import type { INodeProperties } from 'n8n-workflow';

const show = { resource: ['contact'], operation: ['adjustLoyaltyPoints'] };

export const contactAdjustLoyaltyPointsDescription: INodeProperties[] = [
	{
		displayName: 'Points Value',
		name: 'pointsValue',
		type: 'number',
		required: true,
		default: 0,
		description: 'Points to add (negative to remove); the total cannot drop below 0',
		displayOptions: { show },
		routing: { send: { type: 'body', property: 'pointsValue' } },
	},
	additionalFields(show, [
		{
			displayName: 'Employee PIN',
			name: 'employeePin',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description: 'Attributes the change to an employee',
			routing: { send: { type: 'body', property: 'employeePin' } },
		},
		{
			displayName: 'Note',
			name: 'note',
			type: 'string',
			default: '',
			description: 'Attached to the loyalty transaction',
			routing: { send: { type: 'body', property: 'note' } },
		},
	]),
];
