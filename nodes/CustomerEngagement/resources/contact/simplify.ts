/** Simplify of the contact operations that return a contact: the parameter, and the output it shapes. */
import type {
	IDataObject,
	IExecuteSingleFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

export const simplifyParameter: INodeProperties = {
	displayName: 'Simplify',
	name: 'simplify',
	type: 'boolean',
	default: true,
	description:
		'Whether to return only the main fields, label names and the custom fields that have a value',
};

const SIMPLE_FIELDS = [
	'id',
	'firstName',
	'lastName',
	'email',
	'phone',
	'type',
	'loyaltyPointsCount',
	'visitsCount',
	'lastVisitDate',
	'registrationDate',
];

/** Simplify: the main fields, label names, and only the custom fields that have a value. */
export async function simplifyContacts(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	if (!(this.getNodeParameter('simplify', true) as boolean)) return items;
	return items.map(({ json: contact }) => {
		const simple: IDataObject = {};
		for (const field of SIMPLE_FIELDS) if (field in contact) simple[field] = contact[field];
		simple.labels = ((contact.labels as IDataObject[] | undefined) ?? []).map(
			(label) => label.name,
		);
		const customFields = (contact.customFields as IDataObject[] | undefined) ?? [];
		simple.customFields = Object.fromEntries(
			customFields
				.filter((field) => field.value !== undefined)
				.map((field) => [String(field.id), field.value]),
		);
		return { json: simple };
	});
}
