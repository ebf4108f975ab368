import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { sendAsText } from '../../../shared/convertSent';

const showOnlyForNoteCreate = { resource: ['note'], operation: ['create'] };

export const noteCreateOperation: INodePropertyOptions = {
	name: 'Create',
	value: 'create',
	action: 'Add a note to a contact by ID',
	description:
		'Adds the text as a note on the contact with this ID. Returns the note with its text, contact ID and creation date.',
	routing: { request: { method: 'POST', url: '/v1/contacts/{contactId}/notes' } },
};

export const noteCreateDescription: INodeProperties[] = [
	{
		displayName: 'Text',
		name: 'text',
		type: 'string',
		typeOptions: { rows: 3 },
		required: true,
		default: '',
		description:
			'The text of the note, plain text, e.g. Called about the order; will visit on Friday',
		displayOptions: { show: showOnlyForNoteCreate },
		routing: sendAsText('text'),
	},
];
