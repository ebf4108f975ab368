import type { INodePropertyOptions } from 'n8n-workflow';

/** Its one parameter, Contact, is the resource's (index.ts). */
export const contactDeleteOperation: INodePropertyOptions = {
	name: 'Delete',
	value: 'delete',
	action: 'Delete a contact by ID for good',
	description:
		'Deletes the contact with this ID permanently; this cannot be undone. Returns the deleted contact as it was.',
	routing: { request: { method: 'DELETE', url: '/v1/contacts/{contactId}' } },
};
