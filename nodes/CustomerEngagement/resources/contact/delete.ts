import type { INodePropertyOptions } from 'n8n-workflow';
import type { OperationDescription } from '../../../shared/resourceDescription';

/** Its one parameter is Contact (shared/sharedParameters.ts). */
const contactDeleteOperation: INodePropertyOptions = {
	name: 'Delete',
	value: 'delete',
	action: 'Delete a contact by ID for good',
	description: 'Deletes the contact with this ID permanently; this cannot be undone. Returns the deleted contact as it was.',
	routing: { request: { method: 'DELETE', url: '/v1/contacts/{contactId}' } },
};

export const contactDelete: OperationDescription = {
	option: contactDeleteOperation,
};
