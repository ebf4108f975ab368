import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { contactLocator } from '../../shared/engagementParameters';

export const contactDeleteOperation: INodePropertyOptions = {
	name: 'Delete',
	value: 'delete',
	action: 'Delete a contact by ID for good',
	description: 'Deletes the contact with this ID permanently; this cannot be undone. Returns the deleted contact as it was.',
	routing: { request: { method: 'DELETE', url: '/v1/contacts/{contactId}' } },
};

export const contactDeleteDescription: INodeProperties[] = [
	{ ...contactLocator, displayOptions: { show: { resource: ['contact'], operation: ['delete'] } } },
];
