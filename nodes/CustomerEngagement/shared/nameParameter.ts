import type { INodeProperties } from 'n8n-workflow';
import { sendAsText } from '../../shared/convertSent';

/** The Name of a new custom field or label, or a custom field's new name. */
export const nameParameter: INodeProperties = {
	displayName: 'Name',
	name: 'name',
	type: 'string',
	required: true,
	default: '',
	description:
		'The name, unique among the custom fields (for a field) or the labels (for a label), e.g. VIP',
	routing: sendAsText('name'),
};
